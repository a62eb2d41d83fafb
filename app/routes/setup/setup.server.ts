import type { Locale } from "#core/shared/locale.ts";
import { safeRedirect } from "../../lib/request.server.ts";

/** Where the member goes once set up (the sell page, usually), carried from step to step. */
export function setupTarget(request: Request, lang: Locale, form?: FormData): string {
  const posted = form?.get("redirect");
  const target = typeof posted === "string" ? posted : new URL(request.url).searchParams.get("redirect");
  return safeRedirect(target, lang);
}

/**
 * The draft the member asked to publish before the setup (`publish`, the form's field or the
 * address's), carried from step to step and published at its end; null when there is none.
 */
export function setupPublish(request: Request, form?: FormData): number | null {
  const posted = form?.get("publish");
  const value = typeof posted === "string" ? posted : new URL(request.url).searchParams.get("publish");
  return value && /^[1-9]\d{0,14}$/.test(value) ? Number(value) : null;
}

/** The steps in order: address → bank account → credit card (optional, may be skipped) → complete. */
export function stepUrl(
  lang: Locale,
  step: "address" | "bank-account" | "credit-card" | "complete",
  target: string,
  publish: number | null = null,
): string {
  const draft = publish === null ? "" : `&publish=${publish}`;
  return `/${lang}/setup/${step}/?redirect=${encodeURIComponent(target)}${draft}`;
}
