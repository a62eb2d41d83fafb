import type { BotCheckAction } from "#core/identity/bot-check.ts";
import { BOT_CHECK_FIELD, type BotCheckClient } from "./bot-check.ts";
import { core } from "./request.server.ts";

/**
 * For a form the bot check guards: the service and public key its script asks for a token. The
 * sandbox also renders a token into the page for visitors without scripts (decision 035).
 */
export function botCheckClient(context: Parameters<typeof core>[0], action: BotCheckAction): BotCheckClient {
  const check = core(context).botCheck;
  if (check.kind === "sandbox" && check.issue) {
    return { kind: "sandbox", action, noscriptToken: check.issue(action) };
  }
  return {
    kind: check.kind === "turnstile" ? "turnstile" : "recaptcha",
    action,
    siteKey: check.siteKey ?? "",
  };
}

/** The token a guarded form sent, if any (the script's field, else the one rendered for no-script visitors). */
export function botCheckTokenOf(form: FormData): string | null {
  const sent = form.getAll(BOT_CHECK_FIELD).find((v): v is string => typeof v === "string" && v !== "");
  return sent ?? null;
}
