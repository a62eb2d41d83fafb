import { redirect } from "react-router";
import { getVerifiedPhone } from "#core/account/get-phone-number.ts";
import { formatPhoneNumber } from "#core/identity/phone-fields.ts";
import { startPhoneVerification } from "#core/identity/start-phone-verification.ts";
import { FormError, PageCard, SubmitButton, TextField, ValidatedForm } from "../../components/form.tsx";
import { formatDate } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import {
  core,
  formFailure,
  formValues,
  langOf,
  readForm,
  requestInfo,
  requireUser,
  secureCookies,
} from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/sms";
import { phoneTicketCookie } from "./phone-ticket.server.ts";

export const meta = titleMeta("sms.title");
export const handle = { back: "/mypage/", tab: "mypage" };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(context, request, langOf(params));
  const phone = await getVerifiedPhone(core(context), user.id);
  return {
    phone: phone
      ? { number: formatPhoneNumber(phone.phoneNumber), verifiedAt: phone.verifiedAt.toISOString() }
      : null,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const actor = requireUser(context, request, lang);
  const values = formValues(await readForm(request), ["phoneNumber"] as const);
  try {
    const { ticket } = await startPhoneVerification(core(context), {
      actor,
      input: values,
      locale: lang,
      ip: requestInfo(context).ip,
    });
    return redirect(`/${lang}/settings/sms/verify/`, {
      headers: { "Set-Cookie": phoneTicketCookie(ticket, secureCookies(context)) },
    });
  } catch (error) {
    return formFailure(error, lang, values);
  }
}

export default function SettingsSms({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("sms");
  const lang = params.lang === "en" ? "en" : "ja";
  const { phone } = loaderData;
  return (
    <PageCard title={t("title")} lead={t("lead")}>
      <dl className="mb-5 text-sm">
        <dt className="font-semibold text-slate-800">{t("current")}</dt>
        <dd className="mt-1 text-slate-600" data-testid="verified-phone">
          {phone ? (
            <>
              <span className="font-semibold text-slate-900">{phone.number}</span>
              <span className="ml-2 text-xs">
                {t("verifiedOn", { date: formatDate(phone.verifiedAt, lang) })}
              </span>
            </>
          ) : (
            t("none")
          )}
        </dd>
      </dl>
      <ValidatedForm method="post" className="flex flex-col gap-5" state={actionData}>
        <FormError message={actionData?.formError} />
        <TextField
          name="phoneNumber"
          label={t("phoneNumber")}
          hint={t("phoneNumberHint")}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          defaultValue={actionData?.values?.phoneNumber}
          error={actionData?.errors?.phoneNumber}
        />
        <SubmitButton>{t("submit")}</SubmitButton>
      </ValidatedForm>
    </PageCard>
  );
}
