import { serializeCookie } from "#server/cookies.ts";

/** Recently viewed listings live in a cookie on the visitor's device: no account needed, nothing stored. */
export const RECENT_COOKIE = "tsugu_recent";
const MAX_RECENT = 20;

export function recentIds(cookies: Record<string, string>): number[] {
  return (cookies[RECENT_COOKIE] ?? "")
    .split(".")
    .map(Number)
    .filter((n) => Number.isSafeInteger(n) && n > 0)
    .slice(0, MAX_RECENT);
}

export function rememberViewed(cookies: Record<string, string>, itemId: number, secure: boolean): string {
  const ids = [itemId, ...recentIds(cookies).filter((id) => id !== itemId)].slice(0, MAX_RECENT);
  return serializeCookie(RECENT_COOKIE, ids.join("."), { secure, maxAge: 90 * 24 * 60 * 60 });
}
