import { Form, Link, redirect } from "react-router";
import { completeTwoStepLogin, sendTwoStepSms, twoStepTicketMethods } from "#core/identity/two-step-login.ts";
import { isAppError } from "#core/shared/errors.ts";
import { clearCookie, sessionCookie } from "#server/cookies.ts";
import { FormError, PageCard, SubmitButton, TextField, ValidatedForm } from "../../components/form.tsx";
import { useTranslations } from "../../i18n/use-translations.ts";
import {
  askedReturn,
  cookiesOf,
  core,
  formFailure,
  formValues,
  landingAfterSignIn,
  langOf,
  readForm,
  redirectWithFlash,
  requestInfo,
  secureCookies,
} from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/login-two-step";
import { TWO_STEP_TICKET_COOKIE } from "./two-step-ticket.server.ts";

export const meta = titleMeta("twoStep.login.title");
export const handle = { back: "/login/", tab: "mypage" };

function backToLogin(context: Route.LoaderArgs["context"], lang: "ja" | "en", to: string) {
  return redirectWithFlash(
    context,
    `/${lang}/login/${to ? `?redirect=${encodeURIComponent(to)}` : ""}`,
    "twoStep.errors.ticketExpired",
    [clearCookie(TWO_STEP_TICKET_COOKIE, secureCookies(context))],
  );
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = langOf(params);
  const asked = new URL(request.url).searchParams.get("redirect");
  const to = askedReturn(asked, lang);
  const user = requestInfo(context).user;
  if (user) throw redirect(landingAfterSignIn(asked, user.role, lang));
  const methods = await twoStepTicketMethods(core(context), cookiesOf(request)[TWO_STEP_TICKET_COOKIE]);
  if (!methods) throw backToLogin(context, lang, to);
  return { methods };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const to = askedReturn(new URL(request.url).searchParams.get("redirect"), lang);
  const form = await readForm(request);
  const values = formValues(form, ["code", "via"] as const);
  const ticket = cookiesOf(request)[TWO_STEP_TICKET_COOKIE];
  const info = requestInfo(context);
  try {
    if (form.get("intent") === "sms") {
      const sent = await sendTwoStepSms(core(context), { ticket, ip: info.ip, locale: lang });
      return { smsSentTo: sent.phoneHint };
    }
    const r = await completeTwoStepLogin(core(context), {
      ticket,
      input: { code: values.code },
      ip: info.ip,
      userAgent: info.userAgent,
    });
    return redirectWithFlash(context, landingAfterSignIn(to, r.user.role, lang), "login.loggedIn", [
      sessionCookie(r.token, r.persistent, secureCookies(context)),
      clearCookie(TWO_STEP_TICKET_COOKIE, secureCookies(context)),
    ]);
  } catch (error) {
    // The ticket is over (10 minutes, or the fifth wrong code): back to the password.
    if (isAppError(error) && error.code === "UNAUTHORIZED") return backToLogin(context, lang, to);
    return formFailure(error, lang, values);
  }
}

/** A log-in's second step: the authenticator's code, a code by SMS, or a backup code. */
export default function LoginTwoStep({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("twoStep.login");
  const { methods } = loaderData;
  const state = actionData && "values" in actionData ? actionData : undefined;
  const smsSentTo = actionData && "smsSentTo" in actionData ? actionData.smsSentTo : null;
  const recoveryError = state?.values?.via === "recovery";
  return (
    <PageCard title={t("title")} lead={methods.totp ? t("lead") : t("leadSmsOnly")}>
      {smsSentTo && (
        <p role="status" className="mb-5 rounded-lg bg-brand-50 px-4 py-3 text-sm text-brand-800">
          {t("smsSent", { phone: smsSentTo })}
        </p>
      )}
      <ValidatedForm method="post" className="flex flex-col gap-5" state={recoveryError ? undefined : state}>
        <FormError message={state?.formError} />
        <TextField
          name="code"
          label={t("code")}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={6}
          autoFocus
          error={recoveryError ? undefined : state?.errors?.code}
        />
        <SubmitButton>{t("submit")}</SubmitButton>
      </ValidatedForm>
      {methods.sms && (
        <Form method="post" className="mt-4">
          <SubmitButton name="intent" value="sms" variant="secondary">
            {t("sendSms")}
          </SubmitButton>
        </Form>
      )}
      <details className="mt-6 text-sm" open={recoveryError}>
        <summary className="cursor-pointer font-semibold text-brand-700">{t("useRecovery")}</summary>
        <p className="mt-2 text-slate-600">{t("recoveryHint")}</p>
        <ValidatedForm
          method="post"
          className="mt-3 flex flex-col gap-4"
          state={recoveryError ? state : undefined}
        >
          <input type="hidden" name="via" value="recovery" />
          <TextField
            id="recovery-code"
            name="code"
            label={t("recoveryCode")}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={32}
            error={recoveryError ? state?.errors?.code : undefined}
          />
          <SubmitButton variant="secondary">{t("submit")}</SubmitButton>
        </ValidatedForm>
      </details>
      <p className="mt-6 text-center text-sm">
        <Link to={`/${params.lang}/login/`} className="text-brand-700 underline">
          {t("back")}
        </Link>
      </p>
    </PageCard>
  );
}
