import { Link, redirect } from "react-router";
import { findChallenge } from "#core/identity/challenges.ts";
import { confirmPhoneVerification } from "#core/identity/confirm-phone-verification.ts";
import { formatPhoneNumber } from "#core/identity/phone-fields.ts";
import { clearCookie } from "#server/cookies.ts";
import { CodeField, FormError, PageCard, SubmitButton, ValidatedForm } from "../../components/form.tsx";
import { useTranslations } from "../../i18n/use-translations.ts";
import {
  cookiesOf,
  core,
  formFailure,
  formValues,
  langOf,
  readForm,
  redirectWithFlash,
  requireUser,
  secureCookies,
} from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/sms-verify";
import { PHONE_TICKET_COOKIE } from "./phone-ticket.server.ts";

export const meta = titleMeta("sms.verifyTitle");
export const handle = { back: "/settings/sms/", tab: "mypage" };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = langOf(params);
  const user = requireUser(context, request, lang);
  const challenge = await findChallenge(
    core(context),
    "phone_verify",
    cookiesOf(request)[PHONE_TICKET_COOKIE],
  );
  if (challenge?.userId !== user.id) throw redirect(`/${lang}/settings/sms/`);
  return { phone: formatPhoneNumber(challenge.destination) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const actor = requireUser(context, request, lang);
  const values = formValues(await readForm(request), ["code"] as const);
  try {
    await confirmPhoneVerification(core(context), {
      actor,
      ticket: cookiesOf(request)[PHONE_TICKET_COOKIE] ?? "",
      input: values,
    });
    return redirectWithFlash(context, `/${lang}/settings/sms/`, "sms.verified", [
      clearCookie(PHONE_TICKET_COOKIE, secureCookies(context)),
    ]);
  } catch (error) {
    return formFailure(error, lang, values);
  }
}

export default function SettingsSmsVerify({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("sms");
  return (
    <PageCard title={t("verifyTitle")} lead={t("codeSent", { phone: loaderData.phone })}>
      <ValidatedForm method="post" className="flex flex-col gap-5" state={actionData}>
        <FormError message={actionData?.formError} />
        <CodeField label={t("code")} state={actionData} />
        <SubmitButton>{t("verify")}</SubmitButton>
      </ValidatedForm>
      <p className="mt-5 text-center text-sm">
        <Link to={`/${params.lang}/settings/sms/`} className="text-brand-700 underline">
          {t("resend")}
        </Link>
      </p>
    </PageCard>
  );
}
