import { data, Link, redirect } from "react-router";
import { finishExternalSignIn } from "#core/identity/finish-external-sign-in.ts";
import { asLoginError } from "#core/identity/identity-errors.ts";
import { startExternalSignIn } from "#core/identity/start-external-sign-in.ts";
import { isAppError, localizeError } from "#core/shared/errors.ts";
import { clearCookie } from "#server/cookies.ts";
import { PROVIDER_NAMES, PROVIDERS, type ProviderName } from "../../components/account/provider-buttons.tsx";
import { FormError, PageCard } from "../../components/form.tsx";
import { useTranslations } from "../../i18n/use-translations.ts";
import { langOf } from "../../lib/lang.ts";
import {
  askedReturn,
  cookiesOf,
  core,
  readForm,
  redirectWithFlash,
  requestInfo,
  secureCookies,
} from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/login-with";
import {
  afterProviderSignIn,
  PROVIDER_PENDING_COOKIE,
  PROVIDER_TRIP_COOKIE,
  providerPendingCookie,
  providerTripCookie,
} from "./provider-ticket.server.ts";

export const meta = titleMeta("login.title");
export const handle = { back: "/login/", tab: "mypage" };

type Failure = { error: string; reason: string | null; linking: boolean };

function providerOf(name: string | undefined): ProviderName | null {
  return PROVIDERS.find((p) => p === name) ?? null;
}

/**
 * The provider sent the browser back (through `/auth/{provider}/callback`): finish the sign-in, the
 * link, or hand a new account on to the page that completes it. A refused answer is said on this page.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = langOf(params);
  // A provider the site does not know: only the way back, answered as not found.
  if (!providerOf(params.provider)) return data(null, { status: 404 });
  const url = new URL(request.url);
  // No answer to read (the page after a refused button press, or opened by hand): only the way back.
  if (!url.searchParams.has("state") && !url.searchParams.has("code") && !url.searchParams.has("error")) {
    return null;
  }
  const secure = secureCookies(context);
  const info = requestInfo(context);
  const endTrip = clearCookie(PROVIDER_TRIP_COOKIE, secure);
  try {
    const r = await finishExternalSignIn(core(context), {
      provider: params.provider,
      ticket: cookiesOf(request)[PROVIDER_TRIP_COOKIE],
      params: url.searchParams,
      ip: info.ip,
      userAgent: info.userAgent,
    });
    switch (r.kind) {
      case "session":
      case "two-step":
        return afterProviderSignIn(context, lang, r, endTrip);
      case "linked":
        return redirectWithFlash(
          context,
          `/${lang}/settings/linked-accounts/`,
          "providers.linked.linkedDone",
          [endTrip],
        );
      case "pending": {
        const headers = new Headers();
        headers.append("Set-Cookie", providerPendingCookie(r.ticket, secure));
        headers.append("Set-Cookie", endTrip);
        return redirect(`/${lang}/signup/with-provider/`, { headers });
      }
    }
  } catch (error) {
    if (!isAppError(error)) throw error;
    const shown = asLoginError(error);
    const said = localizeError(isAppError(shown) ? shown : error, lang);
    return data<Failure>(
      {
        error: said.message,
        reason: error.reasonCode ?? null,
        linking: Boolean(requestInfo(context).user),
      },
      { status: error.status, headers: { "Set-Cookie": endTrip } },
    );
  }
}

/** A button was pressed: start the trip to the provider (to sign in, or to link for a signed-in member). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const form = await readForm(request);
  const info = requestInfo(context);
  const intent = form.get("intent") === "link" ? "link" : "sign-in";
  if (intent === "link" && !info.user) {
    throw redirect(`/${lang}/login/?redirect=${encodeURIComponent(`/${lang}/settings/linked-accounts/`)}`);
  }
  const target = form.get("redirect");
  try {
    const r = await startExternalSignIn(core(context), {
      provider: params.provider,
      intent,
      actor: info.user,
      redirect: askedReturn(typeof target === "string" ? target : null, lang),
      ip: info.ip,
    });
    const headers = new Headers();
    headers.append("Set-Cookie", providerTripCookie(r.ticket, secureCookies(context)));
    // A half-finished new account from an earlier trip is over.
    headers.append("Set-Cookie", clearCookie(PROVIDER_PENDING_COOKIE, secureCookies(context)));
    return redirect(r.url, { headers });
  } catch (error) {
    if (!isAppError(error)) throw error;
    const said = localizeError(asLoginError(error) as typeof error, lang);
    return data<Failure>(
      { error: said.message, reason: error.reasonCode ?? null, linking: intent === "link" },
      { status: error.status },
    );
  }
}

/** `/login/with/{provider}/`: what is shown only when the provider's answer was refused. */
export default function LoginWith({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("providers.continue");
  const linked = useTranslations("providers.linked");
  const lang = langOf(params);
  const provider = providerOf(params.provider);
  const failure = (actionData ?? loaderData) as Failure | undefined;
  return (
    <PageCard title={t("title", { provider: provider ? PROVIDER_NAMES[provider] : params.provider })}>
      <div data-reason={failure?.reason ?? undefined} data-testid="provider-failure">
        <FormError message={failure?.error} />
      </div>
      <Link
        to={failure?.linking ? `/${lang}/settings/linked-accounts/` : `/${lang}/login/`}
        className="mt-2 flex h-12 w-full items-center justify-center rounded-full border border-slate-300 bg-white px-6 text-base font-semibold text-slate-800 hover:bg-slate-50"
      >
        {failure?.linking ? linked("title") : t("back")}
      </Link>
    </PageCard>
  );
}
