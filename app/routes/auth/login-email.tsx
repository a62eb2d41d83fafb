import { Link, redirect } from "react-router";
import { findChallenge } from "#core/identity/challenges.ts";
import { requestEmailLinkLogin } from "#core/identity/email-link-login.ts";
import { FIELD_LABELS, ZEmailLinkLogin } from "#core/identity/fields.ts";
import { asLoginError } from "#core/identity/identity-errors.ts";
import { useBotCheck } from "../../components/bot-check.tsx";
import {
  Checkbox,
  EmailField,
  FormError,
  PageCard,
  SubmitButton,
  ValidatedForm,
} from "../../components/form.tsx";
import { useTranslations } from "../../i18n/use-translations.ts";
import { botCheckClient, botCheckTokenOf } from "../../lib/bot-check.server.ts";
import {
  askedReturn,
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
import type { Route } from "./+types/login-email";
import { EMAIL_LOGIN_TICKET_COOKIE, loginTicketCookie } from "./two-step-ticket.server.ts";

export const meta = titleMeta("emailLogin.title");
export const handle = { back: "/login/", tab: "mypage" };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = langOf(params);
  const url = new URL(request.url);
  if (requestInfo(context).user) throw redirect(safeRedirect(url.searchParams.get("redirect"), lang));
  // After sending: the address the link went to, while this browser's request is open.
  const open = await findChallenge(
    core(context),
    "email_login",
    cookiesOf(request)[EMAIL_LOGIN_TICKET_COOKIE],
  );
  return {
    botCheck: botCheckClient(context, "email_login"),
    sentTo: url.searchParams.get("sent") === "1" && open ? open.destination : null,
    email: open?.destination ?? "",
    search: url.search.replace(/([?&])sent=1&?/, "$1").replace(/[?&]$/, ""),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const form = await readForm(request);
  const values = formValues(form, ["email"] as const);
  // Only a page asked for travels with the link: with none, the person's role decides where they land.
  const to = askedReturn(new URL(request.url).searchParams.get("redirect"), lang);
  try {
    const { ticket } = await requestEmailLinkLogin(core(context), {
      input: values,
      locale: lang,
      ip: requestInfo(context).ip,
      botCheckToken: botCheckTokenOf(form),
      redirect: to,
      persistent: form.get("remember") === "on",
    });
    return redirect(`/${lang}/login/email/?sent=1${to ? `&redirect=${encodeURIComponent(to)}` : ""}`, {
      headers: { "Set-Cookie": loginTicketCookie(EMAIL_LOGIN_TICKET_COOKIE, ticket, secureCookies(context)) },
    });
  } catch (error) {
    return formFailure(asLoginError(error), lang, values);
  }
}

/** Sign-in by a link mailed to the member's address: the address, then "check your mail". */
export default function LoginEmail({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("emailLogin");
  const botCheck = useBotCheck(loaderData.botCheck, actionData);
  const lang = params.lang;
  if (loaderData.sentTo && !actionData) {
    return (
      <PageCard title={t("sentTitle")}>
        <div className="flex flex-col gap-3 text-sm leading-relaxed" role="status">
          <p>{t("sent", { email: loaderData.sentTo })}</p>
          <p className="font-semibold">{t("sameBrowser")}</p>
          <p className="text-slate-600">{t("notArrived")}</p>
        </div>
        <div className="mt-6 flex flex-col gap-3 text-center text-sm">
          <Link to={`/${lang}/login/email/${loaderData.search}`} className="text-brand-700 underline">
            {t("sendAgain")}
          </Link>
          <Link to={`/${lang}/login/${loaderData.search}`} className="text-brand-700 underline">
            {t("passwordLogin")}
          </Link>
        </div>
      </PageCard>
    );
  }
  return (
    <PageCard title={t("title")} lead={t("lead")}>
      <ValidatedForm
        method="post"
        className="flex flex-col gap-5"
        state={actionData}
        validation={{ schema: ZEmailLinkLogin, labels: FIELD_LABELS }}
      >
        <FormError message={botCheck.formError} />
        <EmailField
          label={t("email")}
          state={actionData ?? { values: { email: loaderData.email }, errors: {} }}
        />
        <Checkbox name="remember" label={t("remember")} defaultChecked />
        {botCheck.field}
        <SubmitButton>{t("send")}</SubmitButton>
      </ValidatedForm>
      <p className="mt-6 text-center text-sm">
        <Link to={`/${lang}/login/${loaderData.search}`} className="text-brand-700 underline">
          {t("passwordLogin")}
        </Link>
      </p>
    </PageCard>
  );
}
