import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { challenges, rateLimits } from "#db/schema/index.ts";
import { createTestCore, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import { createJobRunner } from "../jobs/job-runner.ts";
import { consumeRateLimits, countInWindow } from "../shared/rate-limit.ts";
import { issueChallenge } from "./challenges.ts";
import { housekeepingHandler, scheduleHousekeeping } from "./housekeeping.ts";

const CODE = { purpose: "signup", ip: "192.0.2.1", withCode: true, withLink: false } as const;

describe.each(ENGINES)("housekeeping on %s", (engine) => {
  let t: TestCore;
  beforeAll(async () => {
    t = await createTestCore(engine);
  });
  afterAll(async () => {
    await t.close();
  });

  it("forgets rate-limit counters no window reaches any more and long-expired codes, keeps the others, and comes back each hour", async () => {
    await consumeRateLimits(t.ctx, [{ key: "test:old", max: 5, windowSeconds: 24 * 3600 }]);
    await issueChallenge(t.ctx, { ...CODE, destination: "old@example.jp" });
    t.clock.advance(2 * 24 * 3600 * 1000 + 1000);
    await consumeRateLimits(t.ctx, [{ key: "test:recent", max: 5, windowSeconds: 24 * 3600 }]);
    await issueChallenge(t.ctx, { ...CODE, destination: "recent@example.jp" });
    await scheduleHousekeeping(t.ctx);
    t.clock.advance(3600 * 1000);
    const runner = createJobRunner({ ctx: t.ctx, handlers: [housekeepingHandler] });
    expect(await runner.runDue()).toBe(1);
    const keys = (await t.ctx.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
    expect(keys).not.toContain("test:old");
    expect(await countInWindow(t.ctx, "test:recent", 24 * 3600)).toBe(1);
    const remaining = (await t.ctx.db.select({ destination: challenges.destination }).from(challenges)).map(
      (r) => r.destination,
    );
    expect(remaining).toContain("recent@example.jp");
    expect(remaining).not.toContain("old@example.jp");
    // The next round is queued for the next hour, not run again now.
    expect(await runner.runDue()).toBe(0);
    t.clock.advance(3600 * 1000);
    expect(await runner.runDue()).toBe(1);
  });
});
