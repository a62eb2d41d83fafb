import { Form, Link, redirect, useNavigation } from "react-router";
import { FIELD_LABELS, ZStartSignup, ZVerifySignup } from "#core/identity/fields.ts";
import { resendSignupCode, startSignup } from "#core/identity/start-signup.ts";
import { signupTicketEmail, verifySignupCode } from "#core/identity/verify-signup.ts";
import { returnCookie, TICKET_COOKIE, ticketCookie } from "#server/cookies.ts";
import { useBotCheck } from "../../components/bot-check.tsx";
import {
  CodeField,
  EmailField,
  FormError,
  PageCard,
  PasswordField,
  SubmitButton,
  ValidatedForm,
} from "../../components/form.tsx";
import { useTranslations } from "../../i18n/use-translations.ts";
import { botCheckClient, botCheckTokenOf } from "../../lib/bot-check.server.ts";
import {
  cookiesOf,
  core,
  formFailure,
  formValues,
  langOf,
  readForm,
  requestInfo,
  safeRedirect,
  secureCookies,
} from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/signup-email";
import { Agreement } from "./signup.tsx";

export const meta = titleMeta("signup.emailTitle");
export const handle = { back: "/signup/", tab: "mypage" };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  if (requestInfo(context).user) throw redirect(safeRedirect(search.get("redirect"), langOf(params)));
  const botCheck = botCheckClient(context, "signup");
  if (!search.has("sent")) return { step: "start" as const, email: null, resent: false, botCheck };
  const email = await signupTicketEmail(core(context), cookiesOf(request)[TICKET_COOKIE]);
  return email
    ? { step: "code" as const, email, resent: search.has("resent"), botCheck }
    : { step: "start" as const, email: null, resent: false, botCheck };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const form = await readForm(request);
  const values = formValues(form, ["email", "password", "code"] as const);
  try {
    if (form.get("intent") === "resend") {
      // A new code by mail (the old one stops working); the ticket stays the same.
      await resendSignupCode(core(context), {
        ticket: cookiesOf(request)[TICKET_COOKIE],
        locale: lang,
        ip: requestInfo(context).ip,
      });
      return redirect(`/${lang}/signup/email/?sent=1&resent=1`);
    }
    if (form.get("intent") === "verify") {
      const ticket = cookiesOf(request)[TICKET_COOKIE] ?? "";
      await verifySignupCode(core(context), { ticket, input: { code: values.code } });
      return redirect(`/${lang}/signup/user-info/`);
    }
    const { ticket } = await startSignup(core(context), {
      input: { email: values.email, password: values.password },
      locale: lang,
      ip: requestInfo(context).ip,
      botCheckToken: botCheckTokenOf(form),
    });
    const headers = new Headers({ "Set-Cookie": ticketCookie(ticket, secureCookies(context)) });
    // The page the visitor was on their way to, for the end of the sign-up (by code or mailed link).
    const back = new URL(request.url).searchParams.get("redirect");
    if (back) headers.append("Set-Cookie", returnCookie(safeRedirect(back, lang), secureCookies(context)));
    return redirect(`/${lang}/signup/email/?sent=1`, { headers });
  } catch (error) {
    return formFailure(error, lang, values);
  }
}

export default function SignupEmail({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("signup");
  const lang = params.lang;
  const navigation = useNavigation();
  const resending = navigation.state !== "idle" && navigation.formData?.get("intent") === "resend";
  const botCheck = useBotCheck(loaderData.botCheck, actionData);
  if (loaderData.step === "code") {
    return (
      <PageCard title={t("codeTitle")} lead={t("codeSent", { email: loaderData.email })}>
        <ValidatedForm
          method="post"
          className="flex flex-col gap-5"
          state={actionData}
          validation={{ schema: ZVerifySignup, labels: FIELD_LABELS, convert: ["code"] }}
        >
          {loaderData.resent && !actionData && (
            <p role="status" className="rounded-lg bg-brand-50 px-4 py-3 text-sm text-brand-900">
              {t("resent")}
            </p>
          )}
          <FormError message={actionData?.formError} />
          <CodeField label={t("code")} state={actionData} />
          <SubmitButton name="intent" value="verify">
            {t("verify")}
          </SubmitButton>
        </ValidatedForm>
        <Form method="post" className="mt-5 flex flex-col items-center gap-2 text-center">
          <p className="text-xs text-slate-600">{t("resendLead")}</p>
          <button
            type="submit"
            name="intent"
            value="resend"
            disabled={resending}
            aria-busy={resending || undefined}
            className="min-h-11 rounded-full border border-brand-600 bg-white px-5 text-sm font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-60"
          >
            {t("resend")}
          </button>
        </Form>
        <p className="mt-5 text-center text-sm">
          <Link to={`/${lang}/signup/email/`} className="text-brand-700 underline">
            {t("changeEmail")}
          </Link>
        </p>
      </PageCard>
    );
  }
  return (
    <PageCard title={t("emailTitle")}>
      <ValidatedForm
        method="post"
        className="flex flex-col gap-5"
        state={actionData}
        validation={{ schema: ZStartSignup, labels: FIELD_LABELS }}
      >
        <FormError message={botCheck.formError} />
        <EmailField label={t("email")} state={actionData} />
        <PasswordField
          name="password"
          label={t("password")}
          hint={t("passwordHint")}
          autoComplete="new-password"
          state={actionData}
        />
        <Agreement lang={lang} />
        {botCheck.field}
        <SubmitButton name="intent" value="start">
          {t("sendCode")}
        </SubmitButton>
      </ValidatedForm>
    </PageCard>
  );
}
