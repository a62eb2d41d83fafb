import { Link, redirect } from "react-router";
import { findChallenge } from "#core/identity/challenges.ts";
import { formatPhoneNumber, PHONE_FIELD_LABELS, ZPhoneNumberInput } from "#core/identity/phone-fields.ts";
import { startPhoneLogin } from "#core/identity/phone-login.ts";
import { useBotCheck } from "../../components/bot-check.tsx";
import { FormError, PageCard, SubmitButton, TextField, ValidatedForm } from "../../components/form.tsx";
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
import type { Route } from "./+types/login-phone";
import { loginTicketCookie, PHONE_LOGIN_TICKET_COOKIE } from "./two-step-ticket.server.ts";

export const meta = titleMeta("phoneLogin.title");
export const handle = { back: "/login/", tab: "mypage" };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = langOf(params);
  if (requestInfo(context).user) {
    throw redirect(safeRedirect(new URL(request.url).searchParams.get("redirect"), lang));
  }
  // Back from the code page: the number typed there is filled in again.
  const open = await findChallenge(
    core(context),
    "phone_login",
    cookiesOf(request)[PHONE_LOGIN_TICKET_COOKIE],
  );
  return {
    botCheck: botCheckClient(context, "phone_login"),
    phoneNumber: open ? formatPhoneNumber(open.destination) : "",
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const form = await readForm(request);
  const values = formValues(form, ["phoneNumber"] as const);
  try {
    const { ticket } = await startPhoneLogin(core(context), {
      input: values,
      locale: lang,
      ip: requestInfo(context).ip,
      botCheckToken: botCheckTokenOf(form),
    });
    const to = safeRedirect(new URL(request.url).searchParams.get("redirect"), lang);
    return redirect(`/${lang}/login/phone/code/?redirect=${encodeURIComponent(to)}`, {
      headers: { "Set-Cookie": loginTicketCookie(PHONE_LOGIN_TICKET_COOKIE, ticket, secureCookies(context)) },
    });
  } catch (error) {
    return formFailure(error, lang, values);
  }
}

/** Sign-in by texted code, first step: the verified mobile number. */
export default function LoginPhone({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("phoneLogin");
  const botCheck = useBotCheck(loaderData.botCheck, actionData);
  return (
    <PageCard title={t("title")} lead={t("lead")}>
      <ValidatedForm
        method="post"
        className="flex flex-col gap-5"
        state={actionData}
        validation={{ schema: ZPhoneNumberInput, labels: PHONE_FIELD_LABELS }}
      >
        <FormError message={botCheck.formError} />
        <TextField
          name="phoneNumber"
          label={t("phoneNumber")}
          hint={t("phoneHint")}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          autoFocus
          defaultValue={actionData?.values?.phoneNumber ?? loaderData.phoneNumber}
          error={actionData?.errors?.phoneNumber}
        />
        {botCheck.field}
        <SubmitButton>{t("send")}</SubmitButton>
      </ValidatedForm>
      <p className="mt-6 text-center text-sm">
        <Link to={`/${params.lang}/login/`} className="text-brand-700 underline">
          {t("emailLogin")}
        </Link>
      </p>
    </PageCard>
  );
}
