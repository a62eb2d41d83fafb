import { Link, redirect } from "react-router";
import { findChallenge } from "#core/identity/challenges.ts";
import { confirmEmailChange, requestEmailChange } from "#core/identity/change-email.ts";
import { FIELD_LABELS, ZConfirmEmailChange, ZRequestEmailChange } from "#core/identity/fields.ts";
import { clearCookie, TICKET_COOKIE, ticketCookie } from "#server/cookies.ts";
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
import {
  cookiesOf,
  core,
  formFailure,
  formValues,
  langOf,
  readForm,
  redirectWithFlash,
  requestInfo,
  requireUser,
  secureCookies,
} from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/email";

export const meta = titleMeta("settingsEmail.title");
export const handle = { back: "/mypage/", tab: "mypage" };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(context, request, langOf(params));
  let pendingEmail: string | null = null;
  if (new URL(request.url).searchParams.has("sent")) {
    const challenge = await findChallenge(core(context), "email_change", cookiesOf(request)[TICKET_COOKIE]);
    if (challenge?.userId === user.id) pendingEmail = challenge.destination;
  }
  return { current: user.email, pendingEmail };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const actor = requireUser(context, request, lang);
  const form = await readForm(request);
  const values = formValues(form, ["email", "currentPassword", "code"] as const);
  try {
    if (form.get("intent") === "verify") {
      await confirmEmailChange(core(context), {
        actor,
        ticket: cookiesOf(request)[TICKET_COOKIE] ?? "",
        input: { code: values.code },
      });
      return redirectWithFlash(context, `/${lang}/mypage/`, "settingsEmail.done", [
        clearCookie(TICKET_COOKIE, secureCookies(context)),
      ]);
    }
    const { ticket } = await requestEmailChange(core(context), {
      actor,
      input: { email: values.email, currentPassword: values.currentPassword },
      locale: lang,
      ip: requestInfo(context).ip,
    });
    return redirect(`/${lang}/settings/email/?sent=1`, {
      headers: { "Set-Cookie": ticketCookie(ticket, secureCookies(context)) },
    });
  } catch (error) {
    return formFailure(error, lang, values);
  }
}

export default function SettingsEmail({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("settingsEmail");
  if (loaderData.pendingEmail) {
    return (
      <PageCard title={t("title")} lead={t("codeSent", { email: loaderData.pendingEmail })}>
        <ValidatedForm
          method="post"
          className="flex flex-col gap-5"
          state={actionData}
          validation={{ schema: ZConfirmEmailChange, labels: FIELD_LABELS, convert: ["code"] }}
        >
          <FormError message={actionData?.formError} />
          <CodeField label={t("code")} state={actionData} />
          <SubmitButton name="intent" value="verify">
            {t("verify")}
          </SubmitButton>
        </ValidatedForm>
        <p className="mt-5 text-center text-sm">
          <Link to={`/${params.lang}/settings/email/`} className="text-brand-700 underline">
            {t("cancel")}
          </Link>
        </p>
      </PageCard>
    );
  }
  return (
    <PageCard title={t("title")}>
      <dl className="mb-5 text-sm">
        <dt className="font-semibold text-slate-800">{t("current")}</dt>
        <dd className="mt-1 break-all text-slate-600" data-testid="current-email">
          {loaderData.current}
        </dd>
      </dl>
      <ValidatedForm
        method="post"
        className="flex flex-col gap-5"
        state={actionData}
        validation={{ schema: ZRequestEmailChange, labels: FIELD_LABELS }}
      >
        <FormError message={actionData?.formError} />
        <EmailField label={t("email")} state={actionData} />
        <PasswordField
          name="currentPassword"
          label={t("currentPassword")}
          autoComplete="current-password"
          state={actionData}
        />
        <SubmitButton name="intent" value="request">
          {t("submit")}
        </SubmitButton>
      </ValidatedForm>
    </PageCard>
  );
}
