import { data, redirect } from "react-router";
import { useFormatter } from "use-intl";
import { isFreshSignIn } from "#core/identity/fresh-sign-in.ts";
import { listPasskeys } from "#core/identity/list-passkeys.ts";
import { logOut } from "#core/identity/log-out.ts";
import { registerPasskey } from "#core/identity/register-passkey.ts";
import { removePasskey } from "#core/identity/remove-passkey.ts";
import { clearCookie, SESSION_COOKIE } from "#server/cookies.ts";
import { DeviceBadge, DeviceCard } from "../../components/account/device-card.tsx";
import { PasskeyAdd } from "../../components/account/passkey-add.tsx";
import {
  type ConfirmCopy,
  ConfirmForm,
  ConfirmPanel,
  type FormValues,
  valuesOf,
} from "../../components/buying/confirm-form.tsx";
import { useTranslations } from "../../i18n/use-translations.ts";
import type { FormState } from "../../lib/form-state.ts";
import { langOf } from "../../lib/lang.ts";
import {
  core,
  formFailure,
  readForm,
  redirectWithFlash,
  requestInfo,
  requireUser,
  secureCookies,
} from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import { confirmation, confirmStepOf } from "../buying/transaction.server.ts";
import type { Route } from "./+types/passkeys";

export const meta = titleMeta("passkeys.title");
export const handle = { back: "/settings/", tab: "mypage" };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = langOf(params);
  const user = requireUser(context, request, lang);
  const ctx = core(context);
  const [list, recent] = await Promise.all([listPasskeys(ctx, { actor: user }), isFreshSignIn(ctx, user)]);
  return {
    recent,
    passkeys: list.map((p) => ({
      id: p.id,
      name: p.name,
      synced: p.synced,
      createdAt: p.createdAt.toISOString(),
      lastUsedAt: p.lastUsedAt?.toISOString() ?? null,
    })),
  };
}

type Answer =
  | (FormState & { confirm?: undefined })
  | { confirm: { intent: string; values: (readonly [string, string])[] } };

/**
 * Keeps a passkey the browser made, removes one (asking first; decision 026), or signs out so that
 * the member signs in again and may remove one.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const user = requireUser(context, request, lang);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const ctx = core(context);
  const here = `/${lang}/settings/passkeys/`;
  if (intent === "signInAgain") {
    await logOut(ctx, { token: requestInfo(context).sessionToken });
    return redirect(`/${lang}/login/?redirect=${encodeURIComponent(here)}`, {
      headers: { "Set-Cookie": clearCookie(SESSION_COOKIE, secureCookies(context)) },
    });
  }
  try {
    if (intent === "register") {
      await registerPasskey(ctx, {
        actor: user,
        response: String(form.get("credential") ?? ""),
        userAgent: requestInfo(context).userAgent,
      });
      return redirectWithFlash(context, here, "passkeys.added");
    }
    const step = confirmStepOf(form);
    if (step === "back") return data<Answer>({});
    if (step === "ask") return data<Answer>(confirmation("remove", form));
    const id = String(form.get("passkeyId") ?? "");
    await removePasskey(ctx, { actor: user, passkeyId: /^[1-9]\d{0,14}$/.test(id) ? Number(id) : 0 });
    return redirectWithFlash(context, here, "passkeys.removed");
  } catch (error) {
    return formFailure(error, lang, {});
  }
}

/** `/settings/passkeys/`: the member's passkeys, a button to make one, and removing one. */
export default function Passkeys({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("passkeys");
  const format = useFormatter();
  const lang = langOf(params);
  const answer = actionData as Answer | undefined;
  const when = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short" });
  const removeCopy = (values: FormValues): ConfirmCopy => {
    const p = loaderData.passkeys.find((x) => String(x.id) === values.get("passkeyId"));
    return {
      title: t("confirmRemove.title"),
      confirm: t("confirmRemove.confirm"),
      body: (
        <p className="mt-2 text-sm leading-relaxed text-slate-700">
          {t("confirmRemove.body", { name: p?.name ?? "" })}
        </p>
      ),
    };
  };

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4">
      <h1 className="text-2xl font-bold">{t("title")}</h1>
      <p className="text-sm leading-relaxed text-slate-600">{t("lead")}</p>
      {answer?.confirm ? (
        <ConfirmPanel copy={removeCopy(valuesOf(answer.confirm.values))} values={answer.confirm.values} />
      ) : null}
      <PasskeyAdd lang={lang} formError={answer?.confirm ? undefined : answer?.formError} />
      {loaderData.passkeys.length === 0 ? (
        <p className="text-sm text-slate-600" data-testid="no-passkeys">
          {t("none")}
        </p>
      ) : (
        <ul className="flex flex-col gap-3" data-testid="passkey-list">
          {loaderData.passkeys.map((p) => (
            <DeviceCard
              key={p.id}
              testId="passkey"
              name={p.name}
              badges={
                <DeviceBadge
                  tone={p.synced ? "brand" : "plain"}
                  title={p.synced ? t("syncedHint") : undefined}
                >
                  {p.synced ? t("synced") : t("deviceOnly")}
                </DeviceBadge>
              }
              facts={[
                { label: t("created"), value: when(p.createdAt) },
                { label: t("lastUsed"), value: p.lastUsedAt ? when(p.lastUsedAt) : t("neverUsed") },
              ]}
              action={
                loaderData.recent && (
                  <ConfirmForm
                    intent="remove"
                    submitLabel={t("remove")}
                    variant="secondary"
                    className="mt-3 sm:mt-0 sm:w-40 sm:shrink-0"
                    testId={`remove-passkey-${p.id}`}
                    copy={removeCopy}
                  >
                    <input type="hidden" name="passkeyId" value={p.id} />
                  </ConfirmForm>
                )
              }
            />
          ))}
        </ul>
      )}
      {loaderData.passkeys.length > 0 && !loaderData.recent && (
        <form
          method="post"
          className="flex flex-col gap-2 rounded-2xl bg-slate-50 p-4 text-sm text-slate-700"
        >
          <p>{t("recentOnly")}</p>
          <input type="hidden" name="intent" value="signInAgain" />
          <button
            type="submit"
            className="self-start font-semibold text-brand-700 underline"
            data-testid="sign-in-again"
          >
            {t("signInAgain")}
          </button>
        </form>
      )}
    </div>
  );
}
