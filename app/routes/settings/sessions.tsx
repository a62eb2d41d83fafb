import { data, Link } from "react-router";
import { useFormatter } from "use-intl";
import { endOtherSessions, endOwnSession, listSessions } from "#core/identity/device-sessions.ts";
import { deviceMessage, placeMessage } from "#core/identity/devices.ts";
import { renderMessage } from "#core/shared/i18n/translate.ts";
import { DeviceBadge, DeviceCard } from "../../components/account/device-card.tsx";
import {
  type ConfirmCopy,
  ConfirmForm,
  ConfirmPanel,
  type FormValues,
  valuesOf,
} from "../../components/buying/confirm-form.tsx";
import { FormError } from "../../components/form.tsx";
import { useTranslations } from "../../i18n/use-translations.ts";
import type { FormState } from "../../lib/form-state.ts";
import { langOf } from "../../lib/lang.ts";
import { core, formFailure, readForm, redirectWithFlash, requireUser } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/sessions";

export const meta = titleMeta("sessions.title");
export const handle = { back: "/settings/", tab: "mypage" };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = langOf(params);
  const user = requireUser(context, request, lang);
  const list = await listSessions(core(context), { actor: user });
  return {
    sessions: list.map((s) => ({
      id: s.id,
      kind: s.kind,
      // Said as the new-device mail says them.
      device: renderMessage(deviceMessage(s), lang),
      place: renderMessage(placeMessage(s.place), lang),
      current: s.current,
      createdAt: s.createdAt.toISOString(),
      lastSeenAt: s.lastSeenAt.toISOString(),
    })),
  };
}

type Answer =
  | (FormState & { confirm?: undefined })
  | { confirm: { intent: string; values: [string, string][] } };

/** Ends one session or all the others; without script, the server asks first (decision 026). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const user = requireUser(context, request, lang);
  const form = await readForm(request);
  const intent = form.get("intent") === "endOthers" ? "endOthers" : "end";
  if (form.get("back") === "1") return data<Answer>({});
  if (form.get("confirmed") !== "1") {
    const values = [...form.entries()].flatMap(([name, value]) =>
      typeof value === "string" && name !== "confirmed" ? [[name, value] as [string, string]] : [],
    );
    return data<Answer>({ confirm: { intent, values } });
  }
  const ctx = core(context);
  try {
    if (intent === "endOthers") {
      await endOtherSessions(ctx, { actor: user });
      return redirectWithFlash(context, `/${lang}/settings/sessions/`, "sessions.endedOthers");
    }
    const id = String(form.get("sessionId") ?? "");
    await endOwnSession(ctx, { actor: user, sessionId: /^[1-9]\d{0,14}$/.test(id) ? Number(id) : 0 });
    return redirectWithFlash(context, `/${lang}/settings/sessions/`, "sessions.ended");
  } catch (error) {
    return formFailure(error, lang, {});
  }
}

/** `/settings/sessions/`: the member's signed-in browsers and tokens, each of which they may sign out. */
export default function Sessions({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("sessions");
  const format = useFormatter();
  const lang = langOf(params);
  const answer = actionData as Answer | undefined;
  const others = loaderData.sessions.filter((s) => !s.current);
  const when = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short" });

  const endCopy = (values: FormValues): ConfirmCopy => {
    const s = loaderData.sessions.find((x) => String(x.id) === values.get("sessionId"));
    return {
      title: t("confirmEnd.title"),
      confirm: t("confirmEnd.confirm"),
      body: (
        <p className="mt-2 text-sm leading-relaxed text-slate-700">
          {t("confirmEnd.body", { device: s ? s.device : t("device.unknown") })}
        </p>
      ),
    };
  };
  const endOthersCopy: ConfirmCopy = {
    title: t("confirmEndOthers.title"),
    confirm: t("confirmEndOthers.confirm"),
    body: (
      <p className="mt-2 text-sm leading-relaxed text-slate-700">
        {t("confirmEndOthers.body", { count: others.length })}
      </p>
    ),
  };

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4">
      <h1 className="text-2xl font-bold">{t("title")}</h1>
      <p className="text-sm leading-relaxed text-slate-600">{t("lead")}</p>
      {answer?.confirm ? (
        <ConfirmPanel
          copy={
            answer.confirm.intent === "endOthers" ? endOthersCopy : endCopy(valuesOf(answer.confirm.values))
          }
          values={answer.confirm.values}
        />
      ) : (
        <FormError message={answer?.formError} />
      )}
      <ul className="flex flex-col gap-3" data-testid="session-list">
        {loaderData.sessions.map((s) => (
          <DeviceCard
            key={s.id}
            testId="session"
            current={s.current}
            name={s.device}
            badges={
              <>
                {s.current && <DeviceBadge tone="brand">{t("thisDevice")}</DeviceBadge>}
                {s.kind === "api" && <DeviceBadge tone="plain">{t("api")}</DeviceBadge>}
              </>
            }
            pairs
            facts={[
              { label: t("network"), value: s.place, wide: true },
              { label: t("firstUsed"), value: when(s.createdAt) },
              { label: t("lastUsed"), value: when(s.lastSeenAt) },
            ]}
            action={
              !s.current && (
                <ConfirmForm
                  intent="end"
                  submitLabel={t("end")}
                  variant="secondary"
                  className="mt-3 sm:mt-0 sm:w-48 sm:shrink-0"
                  testId={`end-session-${s.id}`}
                  copy={endCopy}
                >
                  <input type="hidden" name="sessionId" value={s.id} />
                </ConfirmForm>
              )
            }
          />
        ))}
      </ul>
      {others.length > 0 ? (
        <ConfirmForm
          intent="endOthers"
          submitLabel={t("endOthers")}
          variant="secondary"
          testId="end-other-sessions"
          copy={() => endOthersCopy}
        />
      ) : (
        <p className="text-sm text-slate-600">{t("onlyThis")}</p>
      )}
      <Link
        to={`/${lang}/settings/change-password/`}
        className="text-center text-sm font-semibold text-brand-700 underline"
      >
        {t("changePassword")}
      </Link>
    </div>
  );
}
