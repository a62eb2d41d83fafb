import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Db } from "#db/client.ts";
import { rateLimits } from "#db/schema/index.ts";
import type { Clock } from "../shared/clock.ts";
import type { BotCheck, BotCheckAction } from "./bot-check.ts";

/** How long a sandbox token is good for, like Turnstile's and reCAPTCHA's tokens. */
const SANDBOX_TOKEN_TTL_MS = 2 * 60 * 1000;

const VERDICTS = ["human", "bot"] as const;

/**
 * The built-in bot check: behaves like the hosted ones. Its browser endpoint hands out a token for a
 * named action, signed with the server secret, good for two minutes and for one use, bound to the
 * action. A token asked for with `bot` is answered "bot", as the payment sandbox's failing cards
 * fail. Used tokens are remembered in the rate-limit table, so a replay is refused by every server
 * sharing the database.
 */
export function createSandboxBotCheck(deps: { db: Db; clock: Clock; secret: string }): BotCheck & {
  issue(action: BotCheckAction, o?: { bot?: boolean }): string;
} {
  const sign = (payload: string) =>
    createHmac("sha256", `bot-check:${deps.secret}`).update(payload).digest("base64url");
  return {
    kind: "sandbox",
    siteKey: undefined,
    issue(action, o = {}) {
      const expires = deps.clock.now().getTime() + SANDBOX_TOKEN_TTL_MS;
      const id = randomBytes(12).toString("base64url");
      const payload = ["sbx", action, expires, o.bot ? "bot" : "human", id].join(".");
      return `${payload}.${sign(payload)}`;
    },
    async verify({ token, action }) {
      const parts = token.split(".");
      if (parts.length !== 6 || parts[0] !== "sbx") return { ok: false, reason: "invalid" };
      const [, tokenAction, expires, verdict, id, mac] = parts as [
        string,
        string,
        string,
        string,
        string,
        string,
      ];
      const expected = Buffer.from(sign(parts.slice(0, 5).join(".")));
      const given = Buffer.from(mac);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return { ok: false, reason: "invalid" };
      }
      if (!VERDICTS.includes(verdict as (typeof VERDICTS)[number])) return { ok: false, reason: "invalid" };
      if (tokenAction !== action) return { ok: false, reason: "wrong-action" };
      if (Number(expires) <= deps.clock.now().getTime()) return { ok: false, reason: "expired" };
      // Single use: the first verification claims the token's id; any later one finds it taken.
      const claimed = await deps.db
        .insert(rateLimits)
        .values({ key: `bot-check:used:${id}`, windowStart: deps.clock.now(), count: 1 })
        .onConflictDoNothing()
        .returning();
      if (claimed.length === 0) return { ok: false, reason: "replayed" };
      return verdict === "bot"
        ? { ok: false, score: 0.1, reason: "bot" }
        : { ok: true, score: 0.9, reason: "ok" };
    },
  };
}
