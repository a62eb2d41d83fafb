import { Link, redirect } from "react-router";
import { findChallenge } from "#core/identity/challenges.ts";
import { asLoginError } from "#core/identity/identity-errors.ts";
import { formatPhoneNumber, PHONE_FIELD_LABELS, ZPhoneCode } from "#core/identity/phone-fields.ts";
import { completePhoneLogin } from "#core/identity/phone-login.ts";
import { clearCookie, sessionCookie } from "#server/cookies.ts";
import {
  Checkbox,
  CodeField,
  FormError,
  PageCard,
  SubmitButton,
  ValidatedForm,
} from "../../components/form.tsx";
import { useTranslations } from "../../i18n/use-translations.ts";
import {
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
  twoStepPath,
} from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/login-phone-code";
import { PHONE_LOGIN_TICKET_COOKIE, twoStepTicketCookie } from "./two-step-ticket.server.ts";

export const meta = titleMeta("phoneLogin.codeTitle");
export const handle = { back: "/login/phone/", tab: "mypage" };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = langOf(params);
  const url = new URL(request.url);
  const user = requestInfo(context).user;
  if (user) throw redirect(landingAfterSignIn(url.searchParams.get("redirect"), user.role, lang));
  const open = await findChallenge(
    core(context),
    "phone_login",
    cookiesOf(request)[PHONE_LOGIN_TICKET_COOKIE],
  );
  if (!open) throw redirect(`/${lang}/login/phone/${url.search}`);
  return { phone: formatPhoneNumber(open.destination), search: url.search };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const asked = new URL(request.url).searchParams.get("redirect");
  const form = await readForm(request);
  const values = formValues(form, ["code"] as const);
  const persistent = form.get("remember") === "on";
  const info = requestInfo(context);
  const secure = secureCookies(context);
  try {
    const r = await completePhoneLogin(core(context), {
      ticket: cookiesOf(request)[PHONE_LOGIN_TICKET_COOKIE],
      input: values,
      kind: "web",
      persistent,
      ip: info.ip,
      userAgent: info.userAgent,
    });
    const done = clearCookie(PHONE_LOGIN_TICKET_COOKIE, secure);
    if (r.twoStep) {
      // An authenticator app is set up too: its code next, as after a password.
      const headers = new Headers([
        ["Set-Cookie", twoStepTicketCookie(r.twoStep.ticket, secure)],
        ["Set-Cookie", done],
      ]);
      return redirect(twoStepPath(lang, asked), { headers });
    }
    return redirectWithFlash(context, landingAfterSignIn(asked, r.user.role, lang), "login.loggedIn", [
      sessionCookie(r.token, persistent, secure),
      done,
    ]);
  } catch (error) {
    return formFailure(asLoginError(error), lang, values);
  }
}

/** Sign-in by texted code, second step: the 6 digits, with the number they went to. */
export default function LoginPhoneCode({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("phoneLogin");
  return (
    <PageCard title={t("codeTitle")} lead={t("codeSent", { phone: loaderData.phone })}>
      <ValidatedForm
        method="post"
        className="flex flex-col gap-5"
        state={actionData}
        validation={{ schema: ZPhoneCode, labels: PHONE_FIELD_LABELS }}
      >
        <FormError message={actionData?.formError} />
        <CodeField label={t("code")} state={actionData} />
        <Checkbox name="remember" label={t("remember")} defaultChecked />
        <SubmitButton>{t("submit")}</SubmitButton>
      </ValidatedForm>
      <p className="mt-6 text-center text-sm">
        <Link to={`/${params.lang}/login/phone/${loaderData.search}`} className="text-brand-700 underline">
          {t("changeNumber")}
        </Link>
      </p>
    </PageCard>
  );
}
