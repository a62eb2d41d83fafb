import { data, Link, redirect } from "react-router";
import { openEmailLink } from "#core/identity/email-link-login.ts";
import { asLoginError } from "#core/identity/identity-errors.ts";
import { isAppError, localizeError } from "#core/shared/errors.ts";
import { clearCookie, sessionCookie } from "#server/cookies.ts";
import { FormError, PageCard } from "../../components/form.tsx";
import { useTranslations } from "../../i18n/use-translations.ts";
import {
  cookiesOf,
  core,
  landingAfterSignIn,
  langOf,
  redirectWithFlash,
  requestInfo,
  secureCookies,
  twoStepPath,
} from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/login-email-open";
import { EMAIL_LOGIN_TICKET_COOKIE, twoStepTicketCookie } from "./two-step-ticket.server.ts";

export const meta = titleMeta("emailLogin.openTitle");
export const handle = { back: "/login/", tab: "mypage" };

/**
 * The mailed link: signs in the browser that asked for it and goes on where the member was going
 * (or to the second step). Anywhere else it says why, and offers to send a new link.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = langOf(params);
  const info = requestInfo(context);
  const secure = secureCookies(context);
  try {
    const r = await openEmailLink(core(context), {
      linkToken: new URL(request.url).searchParams.get("token"),
      ticket: cookiesOf(request)[EMAIL_LOGIN_TICKET_COOKIE],
      kind: "web",
      ip: info.ip,
      userAgent: info.userAgent,
    });
    const done = clearCookie(EMAIL_LOGIN_TICKET_COOKIE, secure);
    if (r.twoStep) {
      const headers = new Headers([
        ["Set-Cookie", twoStepTicketCookie(r.twoStep.ticket, secure)],
        ["Set-Cookie", done],
      ]);
      throw redirect(twoStepPath(lang, r.redirect), { headers });
    }
    throw redirectWithFlash(context, landingAfterSignIn(r.redirect, r.user.role, lang), "login.loggedIn", [
      sessionCookie(r.token!, r.persistent, secure),
      done,
    ]);
  } catch (error) {
    if (!isAppError(error)) throw error;
    const said = localizeError(asLoginError(error) as typeof error, lang);
    return data({ otherBrowser: error.code === "CONFLICT", message: said.message }, { status: error.status });
  }
}

export default function LoginEmailOpen({ loaderData, params }: Route.ComponentProps) {
  const t = useTranslations("emailLogin");
  const lang = params.lang;
  return (
    <PageCard title={loaderData.otherBrowser ? t("otherBrowserTitle") : t("openTitle")}>
      <FormError message={loaderData.message} />
      <div className="mt-6 flex flex-col gap-3 text-center text-sm">
        <Link to={`/${lang}/login/email/`} className="font-semibold text-brand-700 underline">
          {t("startAgain")}
        </Link>
        <Link to={`/${lang}/login/`} className="text-brand-700 underline">
          {t("passwordLogin")}
        </Link>
      </div>
    </PageCard>
  );
}
