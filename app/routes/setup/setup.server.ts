import type { Locale } from "#core/shared/locale.ts";
import { safeRedirect } from "../../lib/request.server.ts";

/** Where the member goes once set up (the sell page, usually), carried from step to step. */
export function setupTarget(request: Request, lang: Locale, form?: FormData): string {
  const posted = form?.get("redirect");
  const target = typeof posted === "string" ? posted : new URL(request.url).searchParams.get("redirect");
  return safeRedirect(target, lang);
}

/** The steps in order: address → bank account → credit card (optional, may be skipped) → complete. */
export function stepUrl(
  lang: Locale,
  step: "address" | "bank-account" | "credit-card" | "complete",
  target: string,
): string {
  return `/${lang}/setup/${step}/?redirect=${encodeURIComponent(target)}`;
}
