import { useEffect, useState } from "react";
import { Link, redirect, useLocation } from "react-router";
import { FIELD_LABELS, ZLogIn } from "#core/identity/fields.ts";
import { asLoginError } from "#core/identity/identity-errors.ts";
import { logIn } from "#core/identity/log-in.ts";
import { sessionCookie } from "#server/cookies.ts";
import { PasskeyLogin } from "../../components/account/passkey-login.tsx";
import { ProviderButtons } from "../../components/account/provider-buttons.tsx";
import { EmailLoginLink } from "../../components/auth/email-login-link.tsx";
import { PhoneLoginLink } from "../../components/auth/phone-login-link.tsx";
import { useBotCheck } from "../../components/bot-check.tsx";
import {
  Checkbox,
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
import type { Route } from "./+types/login";
import { twoStepTicketCookie } from "./two-step-ticket.server.ts";

export const meta = titleMeta("login.title");
export const handle = { back: "/", tab: "mypage" };

export function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requestInfo(context).user;
  if (user) {
    throw redirect(
      landingAfterSignIn(new URL(request.url).searchParams.get("redirect"), user.role, langOf(params)),
    );
  }
  return { botCheck: botCheckClient(context, "login") };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const form = await readForm(request);
  const values = formValues(form, ["email", "password"] as const);
  const persistent = form.get("remember") === "on";
  const info = requestInfo(context);
  try {
    const r = await logIn(core(context), {
      input: values,
      kind: "web",
      persistent,
      ip: info.ip,
      userAgent: info.userAgent,
      botCheckToken: botCheckTokenOf(form),
    });
    const asked = new URL(request.url).searchParams.get("redirect");
    // Sent here by no page: a business buyer goes on to the buyer portal, an operator to the back office.
    const to = landingAfterSignIn(asked, r.user.role, lang);
    if (r.twoStep) {
      // Two-step verification: the code page next, keeping where the member was going.
      return redirect(twoStepPath(lang, asked), {
        headers: { "Set-Cookie": twoStepTicketCookie(r.twoStep.ticket, secureCookies(context)) },
      });
    }
    return redirectWithFlash(context, to, "login.loggedIn", [
      sessionCookie(r.token, persistent, secureCookies(context)),
    ]);
  } catch (error) {
    return formFailure(asLoginError(error), lang, values);
  }
}

/**
 * In the browser: a sign-in that cannot reach the server (offline, or the connection dropped) says
 * so in the form (§8 `network-request-failed`) instead of leaving the page for an error screen.
 */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof TypeError) return { networkFailed: true as const };
    throw error;
  }
}

export default function Login({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("login");
  const errors = useTranslations("identityErrors");
  const lang = params.lang;
  // Where the visitor was going (`?redirect=`) travels with them to sign up.
  const { search } = useLocation();
  const [offline, setOffline] = useState(false);
  const [noCookies, setNoCookies] = useState(false);
  // Without cookies a sign-in cannot last past this page (§8 `web-storage-unsupported`).
  useEffect(() => setNoCookies(!navigator.cookieEnabled), []);
  const state = actionData && "networkFailed" in actionData ? undefined : actionData;
  const networkFailed = offline || Boolean(actionData && "networkFailed" in actionData);
  const botCheck = useBotCheck(loaderData.botCheck, state);
  return (
    <PageCard title={t("title")}>
      <ValidatedForm
        method="post"
        className="flex flex-col gap-5"
        state={state}
        validation={{ schema: ZLogIn, labels: FIELD_LABELS }}
        onSubmit={(event) => {
          // Offline, the post would fail anyway: say so and keep what was typed.
          setOffline(!navigator.onLine);
          if (!navigator.onLine) event.preventDefault();
        }}
      >
        {noCookies && <FormError message={errors("webStorageUnsupported")} />}
        <FormError message={networkFailed ? errors("networkRequestFailed") : botCheck.formError} />
        <EmailField label={t("email")} state={state} autoComplete="username webauthn" />
        <PasswordField name="password" label={t("password")} autoComplete="current-password" state={state} />
        <Checkbox name="remember" label={t("remember")} defaultChecked />
        {botCheck.field}
        <SubmitButton>{t("submit")}</SubmitButton>
        <PasskeyLogin lang={lang} />
      </ValidatedForm>
      <ProviderButtons lang={lang} />
      <div className="mt-6 flex flex-col gap-3 text-center text-sm">
        <EmailLoginLink lang={lang} />
        <PhoneLoginLink lang={lang} />
        <Link to={`/${lang}/reset-password/`} className="text-brand-700 underline">
          {t("forgot")}
        </Link>
        <p className="text-slate-600">
          {t("noAccount")}{" "}
          <Link to={`/${lang}/signup/${search}`} className="font-semibold text-brand-700 underline">
            {t("signup")}
          </Link>
        </p>
      </div>
    </PageCard>
  );
}
