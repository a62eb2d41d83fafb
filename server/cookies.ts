export const SESSION_COOKIE = "tsugu";
export const LOCALE_COOKIE = "i18n_locale";
/** How long the language a visitor chose is remembered. */
const LOCALE_COOKIE_DAYS = 365;
/** Carries an unfinished sign-up, password reset or email change between its pages. */
export const TICKET_COOKIE = "tsugu_ticket";
/** Where a sign-up that began on the way to a page goes once it is complete (the mailed link included). */
export const RETURN_COOKIE = "tsugu_return";
/** One-shot message for the snackbar after a redirect. */
export const FLASH_COOKIE = "tsugu_flash";
/** An operator's signed ticket to look at a member's pages, read-only (30 minutes). */
export const VIEW_AS_COOKIE = "tsugu_view_as";
/**
 * The buyback portal's login state beside the session cookie (spec: "id and token in a cookie"):
 * the buyer's id, set at the buyback login and cleared with the session at the buyback logout.
 */
export const BUYBACK_COOKIE = "tsugu_buyback";

const DAY_SECONDS = 24 * 60 * 60;

type CookieOptions = { maxAge?: number; httpOnly?: boolean; secure: boolean; path?: string };

export function serializeCookie(name: string, value: string, o: CookieOptions): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${o.path ?? "/"}`, "SameSite=Lax"];
  if (o.maxAge !== undefined) parts.push(`Max-Age=${o.maxAge}`);
  if (o.httpOnly !== false) parts.push("HttpOnly");
  if (o.secure) parts.push("Secure");
  return parts.join("; ");
}

export function parseCookies(header: string | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!header) return out;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (!name || name in out) continue;
    try {
      out[name] = decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      // A cookie that is not valid percent-encoding is ignored rather than failing the request.
    }
  }
  return out;
}

export function sessionCookie(token: string, persistent: boolean, secure: boolean): string {
  return serializeCookie(SESSION_COOKIE, token, {
    secure,
    ...(persistent ? { maxAge: 365 * DAY_SECONDS } : {}),
  });
}

export function clearCookie(name: string, secure: boolean): string {
  return serializeCookie(name, "", { secure, maxAge: 0 });
}

export function localeCookie(locale: string, secure: boolean): string {
  return serializeCookie(LOCALE_COOKIE, locale, {
    secure,
    httpOnly: false,
    maxAge: LOCALE_COOKIE_DAYS * DAY_SECONDS,
  });
}

export function ticketCookie(ticket: string, secure: boolean): string {
  return serializeCookie(TICKET_COOKIE, ticket, { secure, maxAge: 60 * 60 });
}

export function returnCookie(path: string, secure: boolean): string {
  return serializeCookie(RETURN_COOKIE, path, { secure, maxAge: 60 * 60 });
}

export function flashCookie(message: string, secure: boolean): string {
  return serializeCookie(FLASH_COOKIE, message, { secure, maxAge: 60 });
}

export function viewAsCookie(ticket: string, secure: boolean): string {
  return serializeCookie(VIEW_AS_COOKIE, ticket, { secure, maxAge: 30 * 60 });
}

/** The buyer's id, kept as long as the session cookie is. */
export function buybackCookie(buyerId: number, persistent: boolean, secure: boolean): string {
  return serializeCookie(BUYBACK_COOKIE, String(buyerId), {
    secure,
    ...(persistent ? { maxAge: 365 * DAY_SECONDS } : {}),
  });
}
