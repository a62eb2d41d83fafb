import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestCore } from "#tests/helpers/core.ts";
import { startFakeBotCheck } from "#tests/helpers/fake-bot-check.ts";
import type { BotCheck, BotCheckAction } from "./bot-check.ts";
import { createRecaptchaBotCheck } from "./bot-check-recaptcha.ts";
import { createSandboxBotCheck } from "./bot-check-sandbox.ts";
import { createTurnstileBotCheck } from "./bot-check-turnstile.ts";

/** A bot check and the token its widget would hand a browser (`bot`: one that looks automated). */
type Harness = {
  check: BotCheck;
  token(action: BotCheckAction, o?: { bot?: boolean }): string;
  close(): Promise<void>;
};

const harnesses: Record<string, () => Promise<Harness>> = {
  async "the built-in sandbox"() {
    const t = await createTestCore("pglite");
    const check = createSandboxBotCheck({ db: t.ctx.db, clock: t.clock, secret: t.ctx.secret });
    return { check, token: (action, o) => check.issue(action, o), close: () => t.close() };
  },
  async "Cloudflare Turnstile (its siteverify API, on loopback)"() {
    const fake = await startFakeBotCheck();
    return {
      check: createTurnstileBotCheck({ ...fake.turnstile, apiBase: fake.url }),
      token: (action, o) => fake.token(action, o?.bot ? 0.1 : 0.9),
      close: () => fake.close(),
    };
  },
  async "reCAPTCHA Enterprise (its assessments API, on loopback)"() {
    const fake = await startFakeBotCheck();
    return {
      check: createRecaptchaBotCheck({ ...fake.recaptcha, scoreThreshold: 0.5, apiBase: fake.url }),
      token: (action, o) => fake.token(action, o?.bot ? 0.1 : 0.9),
      close: () => fake.close(),
    };
  },
};

const ip = "198.51.100.7";

describe.each(Object.keys(harnesses))("the bot check contract: %s", (name) => {
  let h: Harness;
  beforeAll(async () => {
    h = await harnesses[name]!();
  });
  afterAll(() => h.close());

  it("accepts a person's token once, for its own action; the same token again is old", async () => {
    const token = h.token("signup");
    expect(await h.check.verify({ token, action: "signup", ip })).toMatchObject({ ok: true, reason: "ok" });
    const again = await h.check.verify({ token, action: "signup", ip });
    expect(again.ok).toBe(false);
    // Old tokens are asked for again (never told apart as a bot): "expired" or "replayed".
    expect(["expired", "replayed"]).toContain(again.reason);
  });

  it("refuses a token made for another action, one that looks automated, and one it never issued", async () => {
    expect(await h.check.verify({ token: h.token("login"), action: "signup", ip })).toMatchObject({
      ok: false,
      reason: "wrong-action",
    });
    expect(
      await h.check.verify({ token: h.token("login", { bot: true }), action: "login", ip }),
    ).toMatchObject({
      ok: false,
    });
    expect((await h.check.verify({ token: "not-a-token-we-issued", action: "login", ip })).ok).toBe(false);
  });
});
