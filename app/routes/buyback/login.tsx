import { useEffect, useRef, useState } from "react";
import { Form, Link, redirect } from "react-router";
import { logInBuyer, sendBuyerLoginCode } from "#core/buyback/buyer-login.ts";
import { getBuyer } from "#core/buyback/buyers.ts";
import { findChallenge } from "#core/identity/challenges.ts";
import { TICKET_COOKIE, ticketCookie } from "#server/cookies.ts";
import {
  Checkbox,
  ErrorSummary,
  FormError,
  PageCard,
  SubmitButton,
  TextField,
} from "../../components/form.tsx";
import { useTranslations } from "../../i18n/use-translations.ts";
import { langOf } from "../../lib/lang.ts";
import {
  cookiesOf,
  core,
  formFailure,
  formValues,
  readForm,
  requestInfo,
  secureCookies,
} from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/login";
import { buyerLanding, redirectSignedInBuyer, signInBuyer } from "./buyer-auth.server.ts";

export const meta = titleMeta("buybackBuyer.login.title");
export const handle = { back: "/buyback/" };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = langOf(params);
  const user = requestInfo(context).user;
  redirectSignedInBuyer(user ? await getBuyer(core(context).db, user.id) : null, request, lang);
  if (!new URL(request.url).searchParams.has("sent")) return { pendingEmail: null };
  // The address the code went to, known from this browser's ticket (never from the address bar).
  const challenge = await findChallenge(core(context), "login", cookiesOf(request)[TICKET_COOKIE]);
  return { pendingEmail: challenge?.destination ?? null };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const url = new URL(request.url);
  const form = await readForm(request);
  const values = formValues(form, ["email", "code"] as const);
  const keep = form.get("keep") === "on";
  const info = requestInfo(context);
  try {
    if (form.get("intent") === "login") {
      const r = await logInBuyer(core(context), {
        input: values,
        kind: "web",
        persistent: keep,
        ip: info.ip,
        userAgent: info.userAgent,
      });
      return signInBuyer(context, {
        buyerId: r.buyer.userId,
        token: r.token,
        persistent: keep,
        to: buyerLanding(r.buyer, url.searchParams.get("redirect"), lang),
        flash: "buybackBuyer.flash.loggedIn",
      });
    }
    const { ticket } = await sendBuyerLoginCode(core(context), {
      input: { email: values.email },
      locale: lang,
      ip: info.ip,
    });
    const next = new URLSearchParams({ sent: "1" });
    const back = url.searchParams.get("redirect");
    if (back) next.set("redirect", back);
    return redirect(`/${lang}/buyback/login/?${next}`, {
      headers: { "Set-Cookie": ticketCookie(ticket, secureCookies(context)) },
    });
  } catch (error) {
    return formFailure(error, lang, { ...values, keep: keep ? "on" : "" });
  }
}

/**
 * Spec §2's buyback login: address, 「コードを送信」, code, "keep me logged in", log in. Two forms, so
 * that Enter sends the code from the address field and logs in from the code field; the second
 * carries the address the first one holds (from the server after the code was sent, or as typed).
 */
export default function BuybackLogin({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("buybackBuyer.login");
  const lang = langOf(params);
  const { pendingEmail } = loaderData;
  const [email, setEmail] = useState(actionData?.values?.email ?? pendingEmail ?? "");
  const codeRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (pendingEmail) {
      setEmail((typed) => typed || pendingEmail);
      codeRef.current?.focus();
    }
  }, [pendingEmail]);
  const errors = actionData?.errors;
  return (
    <PageCard title={t("title")} lead={t("lead")}>
      <div className="flex flex-col gap-5">
        <ErrorSummary errors={actionData?.errors} />
        <FormError message={actionData?.formError} />
        <Form method="post" className="flex flex-col gap-3" noValidate>
          <TextField
            name="email"
            type="email"
            label={t("email")}
            autoComplete="email"
            inputMode="email"
            defaultValue={actionData?.values?.email ?? pendingEmail ?? ""}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={errors?.email}
          />
          <SubmitButton name="intent" value="send" variant="secondary">
            {pendingEmail ? t("resendCode") : t("sendCode")}
          </SubmitButton>
        </Form>
        {pendingEmail && (
          <p
            role="status"
            className="rounded-lg bg-emerald-50 px-4 py-3 text-sm text-emerald-900"
            data-testid="code-sent"
          >
            {t("codeSent", { email: pendingEmail })}
          </p>
        )}
        <Form method="post" className="flex flex-col gap-5 border-t border-slate-200 pt-5" noValidate>
          <input type="hidden" name="email" value={email} />
          <TextField
            ref={codeRef}
            name="code"
            label={t("code")}
            hint={t("codeHint")}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            pattern="[0-9]*"
            error={errors?.code}
          />
          <Checkbox name="keep" label={t("keep")} defaultChecked={actionData?.values?.keep === "on"} />
          <SubmitButton name="intent" value="login">
            {t("submit")}
          </SubmitButton>
          <p className="text-xs leading-relaxed text-slate-500">
            {t.rich("agreement", {
              terms: (chunks) => (
                <Link to={`/${lang}/terms-of-service/`} className="text-brand-700 underline">
                  {chunks}
                </Link>
              ),
              privacy: (chunks) => (
                <Link to={`/${lang}/privacy/`} className="text-brand-700 underline">
                  {chunks}
                </Link>
              ),
            })}
          </p>
        </Form>
        <p
          className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-semibold text-amber-900"
          data-testid="subsidy-notice"
        >
          {t("subsidy")}
        </p>
        <p className="flex flex-col items-center gap-2 text-center text-sm">
          <Link to={`/${lang}/buyback/signup/`} className="text-brand-700 underline">
            {t("apply")}
          </Link>
          <Link to={`/${lang}/login/`} className="text-brand-700 underline">
            {t("members")}
          </Link>
        </p>
      </div>
    </PageCard>
  );
}
