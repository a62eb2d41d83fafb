/** What a guarded form's browser code needs to obtain a bot check token (see `bot-check.server.ts`). */
export type BotCheckClient =
  | { kind: "sandbox"; action: string; noscriptToken: string }
  | { kind: "turnstile" | "recaptcha"; action: string; siteKey: string };

/** The form field a guarded form sends its token in. */
export const BOT_CHECK_FIELD = "botCheckToken";
