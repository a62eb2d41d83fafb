import { data, redirect } from "react-router";
import { orNotFound } from "../../lib/request.server.ts";

/**
 * `/…/page/{p}/`: a page number. Page 1 is the section's own address (`base`), so its alias
 * redirects there; anything not a number is no page.
 */
export function pageNumberOf(params: { page?: string }, base: string): number {
  if (params.page === undefined) return 1;
  if (params.page === "1") throw redirect(base, 301);
  if (!/^[1-9]\d{0,5}$/.test(params.page)) throw data("Page not found", { status: 404 });
  return Number(params.page);
}

/** Preview tokens arrive as `?token=`. */
export function tokenOf(request: Request): string | null {
  return new URL(request.url).searchParams.get("token");
}

export { orNotFound };
