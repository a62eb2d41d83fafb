import { data, type RouterContextProvider, redirect } from "react-router";
import type { SessionUser } from "#core/identity/sessions.ts";
import type { CoreContext } from "#core/shared/context.ts";
import { isAppError, localizeError } from "#core/shared/errors.ts";
import type { Locale } from "#core/shared/locale.ts";
import { flashCookie, parseCookies } from "#server/cookies.ts";
import { requestContext, servicesContext } from "#server/router-context.ts";
import type { FlashKey } from "./flash.ts";

export { langOf } from "./lang.ts";

import type { FormState } from "./form-state.ts";

type Ctx = Readonly<RouterContextProvider>;

export function services(context: Ctx) {
  return context.get(servicesContext);
}

export function requestInfo(context: Ctx) {
  return context.get(requestContext);
}

export function core(context: Ctx): CoreContext {
  return services(context).core;
}

export function secureCookies(context: Ctx): boolean {
  return services(context).config.publicUrl.startsWith("https:");
}

export function cookiesOf(request: Request): Record<string, string> {
  return parseCookies(request.headers.get("cookie"));
}

/**
 * A path of ours, with no backslash, white space or control character (a CR/LF would break the
 * Location header and, with it, every later login).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
const RETURN_PATH = /^\/(ja|en)\/[^\\\s\u0000-\u001f\u007f]*$/;

/** A same-site path to return to after login; anything else falls back to my page. */
export function safeRedirect(target: string | null | undefined, lang: Locale): string {
  if (target && RETURN_PATH.test(target) && !target.startsWith("//")) return pagePath(target);
  return `/${lang}/mypage/`;
}

/**
 * Where a person goes once signed in: the page they asked for (a path of ours), else their own
 * start page: the back office's dashboard for an operator, the buyer portal's way in for a
 * business buyer, my page for a member.
 */
export function landingAfterSignIn(target: string | null | undefined, role: string, lang: Locale): string {
  if (target) return safeRedirect(target, lang);
  if (role === "operator") return `/${lang}/staff/`;
  if (role === "business") return `/${lang}/buyback/login/`;
  return `/${lang}/mypage/`;
}

/** The page a path asked for, when it is one of ours; "" when none was asked (the role decides later). */
export function askedReturn(target: string | null | undefined, lang: Locale): string {
  return target ? safeRedirect(target, lang) : "";
}

/** The second step of a sign-in, carrying where the person was going only when they asked for a page. */
export function twoStepPath(lang: Locale, target: string | null | undefined): string {
  const to = askedReturn(target, lang);
  return `/${lang}/login/two-step/${to ? `?redirect=${encodeURIComponent(to)}` : ""}`;
}

/**
 * The address of the page a request is for, as the person sees it in the address bar. A client-side
 * navigation asks for the page's data at `/ja/items/1/buy/_.data?_routes=…`; a full load asks for
 * `/ja/items/1/buy/`. Both give `/ja/items/1/buy/` (with the page's own query), so a return address
 * built from it leads back to the page and never to the data request.
 */
export function pageUrlOf(request: Request): string {
  const url = new URL(request.url);
  const query = new URLSearchParams(url.search);
  query.delete("_routes");
  const search = query.toString();
  return pagePath(url.pathname) + (search ? `?${search}` : "");
}

/** `/ja/items/_.data` and `/ja/items/1.data` (or a return address once built from them) name the page. */
function pagePath(path: string): string {
  const [pathname = "", query] = splitOnce(path, "?");
  const page = pathname.endsWith("/_.data")
    ? pathname.slice(0, -"_.data".length)
    : pathname.endsWith("/_")
      ? pathname.slice(0, -1)
      : pathname.replace(/\.data$/, "");
  return query === undefined ? page : `${page}?${query}`;
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}

/** The login page that comes back to this page afterwards (`login` may name another one, such as the buyer portal's). */
export function loginRedirect(request: Request, lang: Locale, login = "login") {
  return redirect(`/${lang}/${login}/?redirect=${encodeURIComponent(pageUrlOf(request))}`);
}

/** The signed-in member, or a redirect to the login page that comes back here afterwards. */
export function requireUser(context: Ctx, request: Request, lang: Locale): SessionUser {
  const user = requestInfo(context).user;
  if (!user) throw loginRedirect(request, lang);
  return user;
}

export function redirectWithFlash(context: Ctx, to: string, flash: FlashKey, cookies: string[] = []) {
  const headers = new Headers();
  for (const c of [...cookies, flashCookie(`${flash}|${Date.now().toString(36)}`, secureCookies(context))]) {
    headers.append("Set-Cookie", c);
  }
  return redirect(to, { headers });
}

/** Reads the named text fields of a form; anything else in the body is ignored. */
export function formValues<K extends string>(form: FormData, names: readonly K[]): Record<K, string> {
  const out = {} as Record<K, string>;
  for (const name of names) {
    const v = form.get(name);
    out[name] = typeof v === "string" ? v : "";
  }
  return out;
}

// Passwords and one-time codes; not fields that merely end in "code" (postalCode, bankCode).
const SECRET_FIELD = /password|^code$/i;

/**
 * Turns an expected failure into the form's answer: field messages in the page's language, the
 * values the person typed (never passwords) and the right status. Anything else is re-thrown.
 */
export function formFailure(error: unknown, lang: Locale, values: Record<string, string>) {
  if (!isAppError(error)) throw error;
  const text = localizeError(error, lang);
  const errors = text.fields;
  const kept = Object.fromEntries(Object.entries(values).filter(([k]) => !SECRET_FIELD.test(k)));
  const formError = Object.keys(errors).length ? undefined : text.message;
  return data<FormState>(
    {
      values: kept,
      errors,
      ...(formError ? { formError } : {}),
      ...(error.reasonCode ? { reasonCode: error.reasonCode } : {}),
    },
    { status: error.status },
  );
}

/** A row id as a form or the address sends it (1 to 15 digits); anything else is 0, which names nothing. */
export function idOf(value: unknown): number {
  return typeof value === "string" && /^[1-9]\d{0,14}$/.test(value) ? Number(value) : 0;
}

/**
 * The fields of a page's form. A body that is no form (JSON, plain text, none, a multipart body cut
 * short or with the wrong boundary) is the sender's mistake: the page's 400, never a 500.
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data("Bad request", { status: 400 });
  }
}

/** A numeric id from the page's path (`:id`); anything else names no page (404). */
export function pathIdOf(params: { id?: string }): number {
  const id = idOf(params.id);
  if (!id) throw data("Page not found", { status: 404 });
  return id;
}

/** Answers the page's 404 when the core says the thing does not exist (or is not for this viewer). */
export async function orNotFound<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isAppError(error) && (error.code === "NOT_FOUND" || error.code === "BAD_REQUEST")) {
      throw data("Page not found", { status: 404 });
    }
    throw error;
  }
}
