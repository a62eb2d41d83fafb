import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimits } from "#db/schema/index.ts";
import { createTestCore, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import { consumeRateLimits, countInWindow } from "../shared/rate-limit.ts";
import { housekeepingHandler, scheduleHousekeeping } from "./housekeeping.ts";
import { createJobRunner } from "./job-runner.ts";

describe.each(ENGINES)("housekeeping on %s", (engine) => {
  let t: TestCore;
  beforeAll(async () => {
    t = await createTestCore(engine);
  });
  afterAll(async () => {
    await t.close();
  });

  it("forgets rate-limit counters no window reaches any more, keeps the others, and comes back each hour", async () => {
    await consumeRateLimits(t.ctx, [{ key: "test:old", max: 5, windowSeconds: 24 * 3600 }]);
    t.clock.advance(2 * 24 * 3600 * 1000 + 1000);
    await consumeRateLimits(t.ctx, [{ key: "test:recent", max: 5, windowSeconds: 24 * 3600 }]);
    await scheduleHousekeeping(t.ctx);
    t.clock.advance(3600 * 1000);
    const runner = createJobRunner({ ctx: t.ctx, handlers: [housekeepingHandler] });
    expect(await runner.runDue()).toBe(1);
    const keys = (await t.ctx.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
    expect(keys).not.toContain("test:old");
    expect(await countInWindow(t.ctx, "test:recent", 24 * 3600)).toBe(1);
    // The next round is queued for the next hour, not run again now.
    expect(await runner.runDue()).toBe(0);
    t.clock.advance(3600 * 1000);
    expect(await runner.runDue()).toBe(1);
  });
});
