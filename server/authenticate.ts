import { invalidUserToken } from "#core/identity/identity-errors.ts";
import { resolvePageSession, resolveSession, type SessionUser } from "#core/identity/sessions.ts";
import { AppError } from "#core/shared/errors.ts";
import { msg } from "#core/shared/i18n/translate.ts";
import { parseCookies, SESSION_COOKIE } from "./cookies.ts";
import type { AppServices } from "./router-context.ts";

/** The doors that ask who is calling; each takes the credentials it is meant for. */
export type Door = "page" | "api" | "stream";

export type Authenticated = {
  user: SessionUser | null;
  /** The token the caller used, when it named a live session. */
  token: string | null;
  via: "bearer" | "cookie" | null;
  /** The page door's member's unread notifications, read with the session; absent elsewhere. */
  unreadNotifications?: number;
  /** The API door's caller sent a session cookie that names no live session (expired or ended). */
  sessionEnded?: true;
};

const BEARER = /^Bearer ([A-Za-z0-9_-]{20,128})$/;
const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Whether a request comes from our own pages. A browser names the page a write comes from (`Origin`)
 * or at least says it is same-origin (`Sec-Fetch-Site`); `lenient` also lets through a request that
 * carries neither, as old browsers send a plain form post.
 */
export function fromOurOrigin(request: Request, publicUrl: string, lenient: boolean): boolean {
  const origin = request.headers.get("origin");
  if (origin) return origin === new URL(request.url).origin || origin === publicUrl;
  const site = request.headers.get("sec-fetch-site");
  if (lenient) return site === null || site === "same-origin" || site === "none";
  return site === "same-origin";
}

/**
 * Who is asking, decided in one place for every door.
 * - Pages read the session cookie only (the page door has already refused cross-site writes).
 * - The REST API and the event stream take `Authorization: Bearer <token>` or the cookie. A bearer
 *   header that is malformed or names no live session is refused, never treated as a visitor; a
 *   cookie alone authorizes an API write only from our own pages.
 * Throws `AppError` (UNAUTHORIZED, FORBIDDEN) for a refused credential; a database that does not
 * answer throws its own error, which each door reports in its way.
 */
export async function authenticate(
  services: AppServices,
  request: Request,
  door: Door,
): Promise<Authenticated> {
  const authorization = door === "page" ? null : request.headers.get("authorization");
  if (authorization !== null) {
    const token = BEARER.exec(authorization)?.[1];
    if (!token) throw new AppError("UNAUTHORIZED");
    const user = await resolveSession(services.core, token);
    if (!user) throw invalidUserToken();
    return { user, token, via: "bearer" };
  }
  const token = parseCookies(request.headers.get("cookie"))[SESSION_COOKIE] ?? null;
  if (!token) return { user: null, token: null, via: null };
  if (
    door === "api" &&
    !READS.has(request.method) &&
    !fromOurOrigin(request, services.config.publicUrl, false)
  ) {
    throw new AppError("FORBIDDEN", { message: msg("api.crossSite") });
  }
  if (door === "page") {
    const found = await resolvePageSession(services.core, token);
    return found
      ? { user: found.user, token, via: "cookie", unreadNotifications: found.unreadNotifications }
      : { user: null, token: null, via: null };
  }
  const user = await resolveSession(services.core, token);
  return user ? { user, token, via: "cookie" } : { user: null, token: null, via: null, sessionEnded: true };
}
