import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { moneyAlerts } from "#db/schema/index.ts";
import { seller } from "#tests/helpers/balance.ts";
import { listItem, makeMember, makeOperator } from "#tests/helpers/catalog.ts";
import { createTestCore, failure, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import { cardToken, makeBuyer } from "#tests/helpers/trading.ts";
import { requestPayout } from "../money/payouts/request-payout.ts";
import { purchaseItem } from "../trading/purchase-item.ts";
import { dashboardFigures } from "./dashboard-figures.ts";

const RETURN = "http://tsugu.test/ja/items/1/secure/result/";

describe.each(ENGINES)("the dashboard's figures on %s", (engine) => {
  let t: TestCore;
  beforeAll(async () => {
    // 23:30 in Tokyo on 21 November (14:30Z): the day ends in half an hour.
    t = await createTestCore(engine, "2026-11-21T14:30:00Z");
  });
  afterAll(async () => {
    await t.close();
  });

  const sale = async (price: string) => {
    const member = await makeMember(t.ctx);
    const buyer = await makeBuyer(t.ctx);
    const itemId = await listItem(t.ctx, member, { price });
    await purchaseItem(t.ctx, {
      actor: buyer,
      itemId,
      idempotencyKey: randomUUID(),
      input: { paymentMethod: "card", cardToken: await cardToken(t.ctx, "success") },
      returnUrl: RETURN,
    });
  };

  it("counts today's sales and their GMV by the Tokyo calendar day, payouts waiting and open alerts", async () => {
    const admin = await makeOperator(t.ctx, ["admin"]);
    // One sale late on the 21st in Tokyo …
    await sale("3000");
    // … and two after midnight in Tokyo (15:00Z on the 21st is 00:00 on the 22nd there).
    t.clock.set("2026-11-21T15:10:00Z");
    await sale("4800");
    await sale("12000");
    // Two payouts waiting for the bank run, one already taken back.
    const a = await seller(t.ctx, 20_000, { bank: true });
    await requestPayout(t.ctx, {
      userId: a.id,
      method: "bank",
      input: { amount: 5000 },
      requestKey: "fig-1",
    });
    await requestPayout(t.ctx, {
      userId: a.id,
      method: "bank",
      input: { amount: 2500 },
      requestKey: "fig-2",
    });
    // One open money alert and one resolved.
    await t.ctx.db.insert(moneyAlerts).values([
      { kind: "late_top_up", dedupeKey: "fig:open" },
      { kind: "late_top_up", dedupeKey: "fig:done", resolvedAt: t.clock.now() },
    ]);

    expect(await dashboardFigures(t.ctx, { actor: admin })).toEqual({
      sales: { day: "2026-11-22", count: 2, gmv: 16_800 },
      payoutsWaiting: { count: 2, amount: 7500 },
      inGrading: { count: 0 },
      moneyAlerts: { count: 1 },
    });

    // The next Tokyo day starts from nothing.
    t.clock.set("2026-11-22T15:00:00Z");
    expect((await dashboardFigures(t.ctx, { actor: admin })).sales).toEqual({
      day: "2026-11-23",
      count: 0,
      gmv: 0,
    });
  });

  it("shows each operator only the figures their roles open, and nothing to a member", async () => {
    const finance = await makeOperator(t.ctx, ["finance"]);
    const grader = await makeOperator(t.ctx, ["grader"]);
    const support = await makeOperator(t.ctx, ["support"]);
    expect(Object.keys(await dashboardFigures(t.ctx, { actor: finance })).sort()).toEqual([
      "moneyAlerts",
      "payoutsWaiting",
      "sales",
    ]);
    expect(Object.keys(await dashboardFigures(t.ctx, { actor: grader }))).toEqual(["inGrading"]);
    expect(Object.keys(await dashboardFigures(t.ctx, { actor: support }))).toEqual(["sales"]);
    const member = await makeMember(t.ctx);
    expect((await failure(dashboardFigures(t.ctx, { actor: member }))).code).toBe("FORBIDDEN");
    expect((await failure(dashboardFigures(t.ctx, { actor: null }))).code).toBe("UNAUTHORIZED");
  });
});
