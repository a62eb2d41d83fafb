import { Link, redirect } from "react-router";
import { FIELD_LABELS, ZResetPassword } from "#core/identity/fields.ts";
import {
  openPasswordResetLink,
  passwordResetTicketEmail,
  resetPassword,
} from "#core/identity/reset-password.ts";
import { isAppError } from "#core/shared/errors.ts";
import { clearCookie, SESSION_COOKIE, TICKET_COOKIE, ticketCookie } from "#server/cookies.ts";
import { FormError, PageCard, PasswordField, SubmitButton, ValidatedForm } from "../../components/form.tsx";
import { useTranslations } from "../../i18n/use-translations.ts";
import {
  cookiesOf,
  core,
  formFailure,
  formValues,
  langOf,
  readForm,
  redirectWithFlash,
  secureCookies,
} from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/reset-password";

export const meta = titleMeta("resetPassword.newTitle");
export const handle = { tab: "mypage" };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = langOf(params);
  const linkToken = new URL(request.url).searchParams.get("token");
  if (linkToken) {
    try {
      const { ticket } = await openPasswordResetLink(core(context), { linkToken });
      throw redirect(`/${lang}/settings/reset-password/`, {
        headers: { "Set-Cookie": ticketCookie(ticket, secureCookies(context)) },
      });
    } catch (error) {
      if (!isAppError(error)) throw error;
      return { email: null };
    }
  }
  return { email: await passwordResetTicketEmail(core(context), cookiesOf(request)[TICKET_COOKIE]) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const values = formValues(await readForm(request), ["password", "passwordConfirmation"] as const);
  try {
    await resetPassword(core(context), { ticket: cookiesOf(request)[TICKET_COOKIE] ?? "", input: values });
    const secure = secureCookies(context);
    return redirectWithFlash(context, `/${lang}/login/`, "resetPassword.done", [
      clearCookie(TICKET_COOKIE, secure),
      clearCookie(SESSION_COOKIE, secure),
    ]);
  } catch (error) {
    return formFailure(error, lang, values);
  }
}

export default function SettingsResetPassword({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("resetPassword");
  if (!loaderData.email) {
    return (
      <PageCard title={t("invalidTitle")}>
        <p className="text-sm leading-relaxed text-slate-700">{t("invalidBody")}</p>
        <Link
          to={`/${params.lang}/reset-password/`}
          className="mt-6 flex h-12 items-center justify-center rounded-full bg-brand-600 font-semibold text-white hover:bg-brand-700"
        >
          {t("again")}
        </Link>
      </PageCard>
    );
  }
  return (
    <PageCard title={t("newTitle")} lead={t("newLead", { email: loaderData.email })}>
      <ValidatedForm
        method="post"
        className="flex flex-col gap-5"
        state={actionData}
        validation={{ schema: ZResetPassword, labels: FIELD_LABELS }}
      >
        <FormError message={actionData?.formError} />
        <input type="hidden" name="username" autoComplete="username" value={loaderData.email} />
        <PasswordField name="password" label={t("password")} autoComplete="new-password" state={actionData} />
        <PasswordField
          name="passwordConfirmation"
          label={t("passwordConfirmation")}
          autoComplete="new-password"
          state={actionData}
        />
        <SubmitButton>{t("save")}</SubmitButton>
      </ValidatedForm>
    </PageCard>
  );
}
