import { Form, Link, redirect } from "react-router";
import { useTranslations } from "use-intl";
import { startSignup } from "#core/identity/start-signup.ts";
import { signupTicketEmail, verifySignupCode } from "#core/identity/verify-signup.ts";
import { TICKET_COOKIE, ticketCookie } from "#server/cookies.ts";
import {
  CodeField,
  EmailField,
  FormError,
  PageCard,
  PasswordField,
  SubmitButton,
} from "../../components/form.tsx";
import {
  cookiesOf,
  core,
  formFailure,
  formValues,
  langOf,
  requestInfo,
  secureCookies,
} from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/signup-email";
import { Agreement } from "./signup.tsx";

export const meta = titleMeta("signup.emailTitle");
export const handle = { back: "/signup/", tab: "mypage" };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (requestInfo(context).user) throw redirect(`/${langOf(params)}/mypage/`);
  if (!new URL(request.url).searchParams.has("sent")) return { step: "start" as const, email: null };
  const email = await signupTicketEmail(core(context), cookiesOf(request)[TICKET_COOKIE]);
  return email ? { step: "code" as const, email } : { step: "start" as const, email: null };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const form = await request.formData();
  const values = formValues(form, ["email", "password", "code"] as const);
  try {
    if (form.get("intent") === "verify") {
      const ticket = cookiesOf(request)[TICKET_COOKIE] ?? "";
      await verifySignupCode(core(context), { ticket, input: { code: values.code } });
      return redirect(`/${lang}/signup/user-info/`);
    }
    const { ticket } = await startSignup(core(context), {
      input: { email: values.email, password: values.password },
      locale: lang,
      ip: requestInfo(context).ip,
    });
    return redirect(`/${lang}/signup/email/?sent=1`, {
      headers: { "Set-Cookie": ticketCookie(ticket, secureCookies(context)) },
    });
  } catch (error) {
    return formFailure(error, lang, values);
  }
}

export default function SignupEmail({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("signup");
  const lang = params.lang;
  if (loaderData.step === "code") {
    return (
      <PageCard title={t("codeTitle")} lead={t("codeSent", { email: loaderData.email })}>
        <Form method="post" className="flex flex-col gap-5" noValidate>
          <FormError message={actionData?.formError} />
          <CodeField label={t("code")} state={actionData} />
          <SubmitButton name="intent" value="verify">
            {t("verify")}
          </SubmitButton>
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
      <Form method="post" className="flex flex-col gap-5" noValidate>
        <FormError message={actionData?.formError} />
        <EmailField label={t("email")} state={actionData} />
        <PasswordField
          name="password"
          label={t("password")}
          hint={t("passwordHint")}
          autoComplete="new-password"
          state={actionData}
        />
        <Agreement lang={lang} />
        <SubmitButton name="intent" value="start">
          {t("sendCode")}
        </SubmitButton>
      </Form>
    </PageCard>
  );
}
