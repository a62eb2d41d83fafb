import { Form, Link, type RouterContextProvider, redirect } from "react-router";
import { chooseExternalEmail } from "#core/identity/choose-external-email.ts";
import { completeExternalSignup } from "#core/identity/complete-external-signup.ts";
import type { ExternalOutcome } from "#core/identity/external-trip.ts";
import { FIELD_LABELS, ZCompleteSignup, ZVerifySignup } from "#core/identity/fields.ts";
import { pendingExternal } from "#core/identity/get-pending-external.ts";
import { asLoginError } from "#core/identity/identity-errors.ts";
import { IDENTITY_REASONS } from "#core/identity/identity-reasons.ts";
import { proveExternalByCode, proveExternalByPassword } from "#core/identity/link-external-account.ts";
import { sendExternalCode } from "#core/identity/send-external-code.ts";
import { clearCookie, sessionCookie } from "#server/cookies.ts";
import { PROVIDER_NAMES } from "../../components/account/provider-buttons.tsx";
import {
  CodeField,
  EmailField,
  FormError,
  PageCard,
  PasswordField,
  SubmitButton,
  TextField,
  ValidatedForm,
} from "../../components/form.tsx";
import { useTranslations } from "../../i18n/use-translations.ts";
import { langOf } from "../../lib/lang.ts";
import {
  cookiesOf,
  core,
  formFailure,
  formValues,
  readForm,
  redirectWithFlash,
  requestInfo,
  safeRedirect,
  secureCookies,
} from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/signup-with-provider";
import { afterProviderSignIn, PROVIDER_PENDING_COOKIE } from "./provider-ticket.server.ts";

export const meta = titleMeta("login.title");
export const handle = { back: "/login/", tab: "mypage" };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = langOf(params);
  const pending = await pendingExternal(core(context), cookiesOf(request)[PROVIDER_PENDING_COOKIE]);
  if (!pending) throw redirectWithFlash(context, `/${lang}/login/`, "providers.errors.pendingExpired");
  const step = pending.proven
    ? ("nickname" as const)
    : pending.accountExists
      ? ("exists" as const)
      : pending.email
        ? ("code" as const)
        : ("email" as const);
  return {
    step,
    provider: pending.provider,
    email: pending.email,
    name: pending.name,
    codeSent: pending.codeSent,
    // §8: the provider's account has the address of an account here; its member proves it first.
    reason: step === "exists" ? IDENTITY_REASONS.accountExists : null,
  };
}

function signedIn(context: Readonly<RouterContextProvider>, lang: "ja" | "en", r: ExternalOutcome) {
  const done = clearCookie(PROVIDER_PENDING_COOKIE, secureCookies(context));
  if (r.kind === "session" || r.kind === "two-step") return afterProviderSignIn(context, lang, r, done);
  return redirect(`/${lang}/login/`, { headers: { "Set-Cookie": done } });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const form = await readForm(request);
  const values = formValues(form, ["email", "code", "password", "nickname"] as const);
  const info = requestInfo(context);
  const ctx = core(context);
  const ticket = cookiesOf(request)[PROVIDER_PENDING_COOKIE];
  const door = { ticket, ip: info.ip, userAgent: info.userAgent };
  const here = `/${lang}/signup/with-provider/`;
  try {
    switch (form.get("intent")) {
      case "email":
        await chooseExternalEmail(ctx, { ticket, input: { email: values.email }, ip: info.ip, locale: lang });
        return redirect(here);
      case "send":
        await sendExternalCode(ctx, { ticket, ip: info.ip, locale: lang });
        return redirect(`${here}?sent=1`);
      case "code": {
        const r = await proveExternalByCode(ctx, { ...door, input: { code: values.code } });
        return r.kind === "proven" ? redirect(here) : signedIn(context, lang, r);
      }
      case "password":
        return signedIn(
          context,
          lang,
          await proveExternalByPassword(ctx, { ...door, input: { password: values.password } }),
        );
      default: {
        const r = await completeExternalSignup(ctx, {
          ...door,
          input: { nickname: values.nickname },
          locale: lang,
        });
        const secure = secureCookies(context);
        return redirectWithFlash(context, safeRedirect(r.redirect, lang), "signup.completed", [
          sessionCookie(r.token, true, secure),
          clearCookie(PROVIDER_PENDING_COOKIE, secure),
        ]);
      }
    }
  } catch (error) {
    return formFailure(asLoginError(error), lang, values);
  }
}

/**
 * `/signup/with-provider/`: what a provider's new account still needs here. An address (when the
 * provider gave none), its code; for an address that has an account already, the proof that it is
 * theirs (its password or a mailed code, §8 `account-exists-with-different-credential`); else a nickname.
 */
export default function SignupWithProvider({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("providers.continue");
  const lang = langOf(params);
  const provider = PROVIDER_NAMES[loaderData.provider];
  const { step, email } = loaderData;
  const codeForm = (
    <ValidatedForm
      method="post"
      className="flex flex-col gap-5"
      state={actionData}
      validation={{ schema: ZVerifySignup, labels: FIELD_LABELS, convert: ["code"] }}
    >
      <CodeField label={t("code")} state={actionData} />
      <SubmitButton name="intent" value="code">
        {t("verify")}
      </SubmitButton>
    </ValidatedForm>
  );
  const sendForm = (label: string) => (
    <Form method="post" className="mt-5 flex flex-col items-center">
      <button
        type="submit"
        name="intent"
        value="send"
        className="min-h-11 rounded-full border border-brand-600 bg-white px-5 text-sm font-semibold text-brand-700 hover:bg-brand-50"
      >
        {label}
      </button>
    </Form>
  );
  const lead =
    step === "email"
      ? t("emailLead", { provider })
      : step === "code"
        ? t("codeLead", { email: email ?? "" })
        : step === "exists"
          ? t("existsLead", { email: email ?? "", provider })
          : t("nicknameLead", { email: email ?? "" });
  return (
    <PageCard title={step === "exists" ? t("existsTitle") : t("title", { provider })} lead={lead}>
      <div className="flex flex-col gap-5" data-step={step} data-reason={loaderData.reason ?? undefined}>
        <FormError message={actionData?.formError} />
        {step === "email" && (
          <ValidatedForm method="post" className="flex flex-col gap-5" state={actionData}>
            <EmailField label={t("email")} state={actionData} />
            <SubmitButton name="intent" value="email">
              {t("sendCode")}
            </SubmitButton>
          </ValidatedForm>
        )}
        {step === "code" && (
          <>
            {codeForm}
            {sendForm(t("resend"))}
          </>
        )}
        {step === "exists" && (
          <>
            <ValidatedForm method="post" className="flex flex-col gap-5" state={actionData}>
              <PasswordField
                name="password"
                label={t("password")}
                autoComplete="current-password"
                state={actionData}
              />
              <SubmitButton name="intent" value="password">
                {t("byPassword")}
              </SubmitButton>
            </ValidatedForm>
            <div className="border-t border-slate-200 pt-5">
              <p className="text-sm text-slate-600">{t("byCode")}</p>
              {loaderData.codeSent ? (
                <div className="mt-4">
                  <p role="status" className="mb-4 rounded-lg bg-brand-50 px-4 py-3 text-sm text-brand-900">
                    {t("codeSent")}
                  </p>
                  {codeForm}
                </div>
              ) : (
                sendForm(t("sendCode"))
              )}
            </div>
          </>
        )}
        {step === "nickname" && (
          <ValidatedForm
            method="post"
            className="flex flex-col gap-5"
            state={actionData}
            validation={{ schema: ZCompleteSignup, labels: FIELD_LABELS }}
          >
            <TextField
              name="nickname"
              label={t("nickname")}
              autoComplete="nickname"
              maxLength={20}
              defaultValue={actionData?.values?.nickname ?? loaderData.name?.slice(0, 20) ?? ""}
              error={actionData?.errors?.nickname}
            />
            <SubmitButton name="intent" value="nickname">
              {t("create")}
            </SubmitButton>
          </ValidatedForm>
        )}
      </div>
      <p className="mt-6 text-center text-sm">
        <Link to={`/${lang}/login/`} className="text-brand-700 underline">
          {t("back")}
        </Link>
      </p>
    </PageCard>
  );
}
