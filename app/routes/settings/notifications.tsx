import {
  getNotificationSettings,
  NOTIFICATION_TOPICS,
  type NotificationTopic,
  saveNotificationSettings,
} from "#core/notify/notification-settings.ts";
import { PushToggle } from "../../components/account/push-toggle.tsx";
import { FormError, SubmitButton } from "../../components/form.tsx";
import { useTranslations } from "../../i18n/use-translations.ts";
import type { FormState } from "../../lib/form-state.ts";
import { langOf } from "../../lib/lang.ts";
import { core, formFailure, readForm, redirectWithFlash, requireUser } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/notifications";

export const meta = titleMeta("notifySettings.title");
export const handle = { back: "/settings/", tab: "mypage" };

const CHANNELS = ["mail", "push"] as const;
const fieldOf = (topic: NotificationTopic, channel: (typeof CHANNELS)[number]) => `${topic}.${channel}`;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(context, request, langOf(params));
  const ctx = core(context);
  return {
    topics: NOTIFICATION_TOPICS,
    settings: await getNotificationSettings(ctx, user.id),
    publicKey: ctx.push.publicKey,
  };
}

/** Saves the table: a box ticked is "on"; a group missing from the form is left as it was. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const actor = requireUser(context, request, lang);
  const form = await readForm(request);
  const values: Record<string, string> = {};
  const input: Record<string, unknown> = {};
  for (const topic of NOTIFICATION_TOPICS) {
    if (form.get(`${topic}.shown`) !== "1") continue;
    const choice: Record<string, unknown> = {};
    for (const channel of CHANNELS) {
      const v = form.get(fieldOf(topic, channel));
      values[fieldOf(topic, channel)] = v === null ? "" : String(v);
      // Only a ticked box ("on") or none at all is a choice; anything else is refused below.
      choice[channel] = v === null ? false : v === "on" ? true : String(v);
    }
    input[topic] = choice;
  }
  try {
    await saveNotificationSettings(core(context), { actor, input });
    return redirectWithFlash(context, `/${lang}/settings/notifications/`, "notifySettings.saved");
  } catch (error) {
    return formFailure(error, lang, values);
  }
}

/** `/settings/notifications/`: mail and push for each group of notifications, and push in this browser. */
export default function NotificationSettings({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("notifySettings");
  const lang = langOf(params);
  const answer = actionData as FormState | undefined;
  const failed = answer !== undefined;
  const checked = (topic: NotificationTopic, channel: (typeof CHANNELS)[number]) =>
    answer?.values ? answer.values[fieldOf(topic, channel)] === "on" : loaderData.settings[topic][channel];
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-5">
      <h1 className="text-2xl font-bold">{t("title")}</h1>
      <p className="text-sm leading-relaxed text-slate-600">{t("intro")}</p>
      <form method="post" className="flex flex-col gap-4" data-testid="notification-settings">
        <FormError message={failed ? t("invalid") : undefined} />
        <table className="w-full overflow-hidden rounded-2xl bg-white text-sm shadow-sm ring-1 ring-slate-200">
          <caption className="sr-only">{t("kindsLabel")}</caption>
          <thead className="bg-slate-50 text-xs text-slate-600">
            <tr>
              <th scope="col" className="px-4 py-3 text-left font-semibold">
                {t("kind")}
              </th>
              {CHANNELS.map((c) => (
                <th key={c} scope="col" className="w-20 px-2 py-3 text-center font-semibold">
                  {t(c)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {loaderData.topics.map((topic) => (
              <tr key={topic} data-testid={`topic-${topic}`}>
                <th scope="row" className="px-4 py-4 text-left font-medium text-slate-800">
                  {t(`topics.${topic}`)}
                  <input type="hidden" name={`${topic}.shown`} value="1" />
                </th>
                {CHANNELS.map((channel) => (
                  <td key={channel} className="px-2 py-4 text-center">
                    <input
                      type="checkbox"
                      name={fieldOf(topic, channel)}
                      defaultChecked={checked(topic, channel)}
                      aria-label={t(channel === "mail" ? "mailFor" : "pushFor", {
                        topic: t(`topics.${topic}`),
                      })}
                      className="h-6 w-6 accent-brand-600"
                      key={`${topic}.${channel}.${String(checked(topic, channel))}`}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <SubmitButton>{t("save")}</SubmitButton>
      </form>
      <PushToggle lang={lang} publicKey={loaderData.publicKey} />
    </div>
  );
}
