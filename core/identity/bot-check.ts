import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { IDENTITY_REASONS } from "./identity-reasons.ts";

/** The forms a bot check guards; each token is bound to one of them. */
const BOT_CHECK_ACTIONS = [
  "signup",
  "login",
  "password_reset",
  "phone_login",
  "email_login",
  "contact",
] as const;
export type BotCheckAction = (typeof BOT_CHECK_ACTIONS)[number];

export function isBotCheckAction(value: unknown): value is BotCheckAction {
  return BOT_CHECK_ACTIONS.includes(value as BotCheckAction);
}

/**
 * Why a token was refused: `expired` and `replayed` tokens are simply old, so the browser fetches a
 * fresh one; `bot`, `wrong-action` and `invalid` are refusals.
 */
type BotCheckReason = "ok" | "bot" | "expired" | "replayed" | "wrong-action" | "invalid";

export type BotCheckVerdict = { ok: boolean; score?: number; reason: BotCheckReason };

/** The outside service telling people from scripts: the sandbox, Cloudflare Turnstile or reCAPTCHA Enterprise. */
export type BotCheck = {
  readonly kind: "sandbox" | "turnstile" | "recaptcha";
  /** The public key the browser script uses to obtain a token (none for the sandbox). */
  readonly siteKey: string | undefined;
  /** Asks the service about a token the browser obtained for `action`; throws when it cannot be reached. */
  verify(o: { token: string; action: BotCheckAction; ip: string }): Promise<BotCheckVerdict>;
  /** The sandbox only: a token for `action`, as its browser endpoint hands out (`bot` makes it fail). */
  issue?(action: BotCheckAction, o?: { bot?: boolean }): string;
};

/** Asks a hosted bot check over HTTPS: POSTs `body` as JSON and reads its JSON answer. */
export async function askBotCheckService<T>(service: string, url: string, body: unknown): Promise<T> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  if (!res.ok) throw new Error(`${service} answered ${res.status}`);
  return (await res.json()) as T;
}

const TOKEN_MAX = 4096;

/**
 * Passes only with a token the bot check accepts for this action; changes nothing. No token (or an
 * old one) is `missing-recaptcha-token`, so the page fetches a token and sends the form again; a
 * refused one is FORBIDDEN with a message in the page's language.
 */
export async function requireBotCheck(
  ctx: CoreContext,
  o: { token: string | null | undefined; action: BotCheckAction; ip: string },
): Promise<void> {
  const token = typeof o.token === "string" ? o.token.trim() : "";
  if (!token) throw missingToken();
  if (token.length > TOKEN_MAX) throw refused();
  let verdict: BotCheckVerdict;
  try {
    verdict = await ctx.botCheck.verify({ token, action: o.action, ip: o.ip });
  } catch {
    throw new AppError("UNAVAILABLE", { message: msg("identity.errors.botCheckUnavailable") });
  }
  if (verdict.ok) return;
  if (verdict.reason === "expired" || verdict.reason === "replayed") throw missingToken();
  throw refused();
}

function missingToken(): AppError {
  return new AppError("BAD_REQUEST", {
    message: msg("identity.errors.botCheckMissing"),
    reasonCode: IDENTITY_REASONS.missingBotToken,
  });
}

function refused(): AppError {
  return new AppError("FORBIDDEN", {
    message: msg("identity.errors.botCheckFailed"),
    reasonCode: IDENTITY_REASONS.botCheckFailed,
  });
}
