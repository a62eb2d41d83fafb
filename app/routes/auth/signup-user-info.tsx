import { redirect } from "react-router";
import { completeSignup, pendingSignup } from "#core/identity/complete-signup.ts";
import { FIELD_LABELS, ZCompleteSignup } from "#core/identity/fields.ts";
import { verifySignupLink } from "#core/identity/verify-signup.ts";
import { isAppError } from "#core/shared/errors.ts";
import { clearCookie, RETURN_COOKIE, sessionCookie, TICKET_COOKIE, ticketCookie } from "#server/cookies.ts";
import { FormError, PageCard, SubmitButton, TextField, ValidatedForm } from "../../components/form.tsx";
import { useTranslations } from "../../i18n/use-translations.ts";
import {
  cookiesOf,
  core,
  formFailure,
  formValues,
  langOf,
  readForm,
  redirectWithFlash,
  requestInfo,
  safeRedirect,
  secureCookies,
} from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/signup-user-info";

export const meta = titleMeta("signup.userInfoTitle");
export const handle = { tab: "mypage" };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = langOf(params);
  const url = new URL(request.url);
  const linkToken = url.searchParams.get("token");
  if (linkToken) {
    try {
      // The emailed link proves the address; swap it for a cookie so the token leaves the address bar.
      const { ticket } = await verifySignupLink(core(context), { linkToken });
      throw redirect(`/${lang}/signup/user-info/`, {
        headers: { "Set-Cookie": ticketCookie(ticket, secureCookies(context)) },
      });
    } catch (error) {
      if (!isAppError(error)) throw error;
      throw redirectWithFlash(context, `/${lang}/signup/`, "signup.expired");
    }
  }
  const pending = await pendingSignup(core(context), cookiesOf(request)[TICKET_COOKIE]);
  if (!pending) throw redirectWithFlash(context, `/${lang}/signup/`, "signup.expired");
  return { email: pending.email };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const values = formValues(await readForm(request), ["nickname"] as const);
  const info = requestInfo(context);
  try {
    const r = await completeSignup(core(context), {
      ticket: cookiesOf(request)[TICKET_COOKIE] ?? "",
      input: values,
      session: { kind: "web", persistent: true, ip: info.ip, userAgent: info.userAgent },
    });
    const secure = secureCookies(context);
    // Back to the page the visitor was on their way to when they chose to sign up, else my page.
    const to = safeRedirect(cookiesOf(request)[RETURN_COOKIE], lang);
    return redirectWithFlash(context, to, "signup.completed", [
      sessionCookie(r.token, true, secure),
      clearCookie(TICKET_COOKIE, secure),
      clearCookie(RETURN_COOKIE, secure),
    ]);
  } catch (error) {
    return formFailure(error, lang, values);
  }
}

export default function SignupUserInfo({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTranslations("signup");
  return (
    <PageCard title={t("userInfoTitle")} lead={t("userInfoLead", { email: loaderData.email })}>
      <ValidatedForm
        method="post"
        className="flex flex-col gap-5"
        state={actionData}
        validation={{ schema: ZCompleteSignup, labels: FIELD_LABELS }}
      >
        <FormError message={actionData?.formError} />
        <TextField
          name="nickname"
          label={t("nickname")}
          hint={t("nicknameHint")}
          autoComplete="nickname"
          maxLength={20}
          defaultValue={actionData?.values?.nickname}
          error={actionData?.errors?.nickname}
        />
        <SubmitButton>{t("complete")}</SubmitButton>
      </ValidatedForm>
    </PageCard>
  );
}
