// Recently viewed listings live in a cookie on the visitor's device: no account needed, nothing
// stored. The item page writes it in the browser, so the page itself is the same for every visitor
// and can be cached (decision 010); the home page reads it on the server.

const RECENT_COOKIE = "tsugu_recent";
const MAX_RECENT = 20;
const MAX_AGE_SECONDS = 90 * 24 * 60 * 60;

export function recentIds(cookies: Record<string, string>): number[] {
  return (cookies[RECENT_COOKIE] ?? "")
    .split(".")
    .map(Number)
    .filter((n) => Number.isSafeInteger(n) && n > 0)
    .slice(0, MAX_RECENT);
}

/** The cookie that puts a listing first among the recently viewed ones (for `document.cookie`). */
export function rememberViewedCookie(documentCookie: string, itemId: number, secure: boolean): string {
  const cookies = Object.fromEntries(
    documentCookie
      .split(";")
      .map((part) => part.trim().split("="))
      .map(([name, ...value]) => [name, value.join("=")]),
  );
  const ids = [itemId, ...recentIds(cookies).filter((id) => id !== itemId)].slice(0, MAX_RECENT);
  return `${RECENT_COOKIE}=${ids.join(".")}; Path=/; Max-Age=${MAX_AGE_SECONDS}; SameSite=Lax${secure ? "; Secure" : ""}`;
}
