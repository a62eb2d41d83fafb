import { askBotCheckService, type BotCheck, type BotCheckVerdict } from "./bot-check.ts";

export type TurnstileSettings = {
  siteKey: string;
  secretKey: string;
  /** https://challenges.cloudflare.com unless a test points it elsewhere. */
  apiBase?: string;
};

type SiteverifyAnswer = { success?: boolean; action?: string; "error-codes"?: string[] };

/** Cloudflare Turnstile: the browser widget's token is checked with siteverify and the secret key. */
export function createTurnstileBotCheck(settings: TurnstileSettings): BotCheck {
  const url = `${(settings.apiBase ?? "https://challenges.cloudflare.com").replace(/\/+$/, "")}/turnstile/v0/siteverify`;
  return {
    kind: "turnstile",
    siteKey: settings.siteKey,
    async verify({ token, action, ip }): Promise<BotCheckVerdict> {
      const answer = await askBotCheckService<SiteverifyAnswer>("Turnstile siteverify", url, {
        secret: settings.secretKey,
        response: token,
        remoteip: ip,
      });
      const codes = answer["error-codes"] ?? [];
      if (codes.some((c) => c.startsWith("missing-input-secret") || c === "invalid-input-secret")) {
        throw new Error(`Turnstile refused the secret key: ${codes.join(", ")}`);
      }
      if (!answer.success) {
        return { ok: false, reason: codes.includes("timeout-or-duplicate") ? "expired" : "bot" };
      }
      if (answer.action !== action) return { ok: false, reason: "wrong-action" };
      return { ok: true, reason: "ok" };
    },
  };
}
