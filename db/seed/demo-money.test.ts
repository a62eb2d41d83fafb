import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recommendedPrices } from "#core/buyback/recommended-prices.ts";
import { toDoList } from "#core/home/to-do.ts";
import { listTransferHistory } from "#core/money/balance/transfer-history.ts";
import { getBalance } from "#core/money/ledger/get-balance.ts";
import { createTestCore, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import { expectLedgerInvariants } from "#tests/helpers/ledger.ts";
import { payouts, users } from "../schema/index.ts";
import { seedDemoAccounts } from "./demo-accounts.ts";
import { seedDemoBalance } from "./demo-balance.ts";
import { seedDemoBuyback } from "./demo-buyback.ts";
import { seedDemoCatalogue } from "./demo-catalogue.ts";
import { seedDeviceModels } from "./device-models.ts";

describe.each(ENGINES)("はなこ's demo money and the market history on %s", (engine) => {
  let t: TestCore;
  let hanako: number;
  let buyer: number;

  beforeAll(async () => {
    t = await createTestCore(engine, "2026-11-22T03:00:00Z");
    await seedDemoAccounts(t.ctx.db, t.ctx.secret);
    await seedDeviceModels(t.ctx.db);
    // No listings: only the demo members' seller setup (address, bank account).
    await seedDemoCatalogue(t.ctx, { items: 0 });
    expect(await seedDemoBalance(t.ctx)).toBe(1);
    await seedDemoBuyback(t.ctx);
    const people = await t.ctx.db.select({ id: users.id, email: users.email }).from(users);
    hanako = people.find((p) => p.email === "hanako@tsugu.example")!.id;
    buyer = people.find((p) => p.email === "buyer@tsugu.example")!.id;
  }, 300_000);
  afterAll(async () => {
    await t?.close();
  });

  it("gives her proceeds, paid and free points, and a history with every kind of row, the ledger balanced", async () => {
    expect(await getBalance(t.ctx, { userId: hanako })).toMatchObject({
      proceeds: 24_080,
      points: 2_200,
      free_points: 500,
      escrow: 0,
    });
    const history = await listTransferHistory(t.ctx, { userId: hanako });
    expect(new Set(history.items.map((h) => h.kind))).toEqual(
      new Set([
        "sale_proceeds",
        "points_top_up",
        "points_purchase",
        "escrow",
        "payout",
        "free_points_granted",
        "free_points_expired",
      ]),
    );
    const states = await t.ctx.db
      .select({ state: payouts.state })
      .from(payouts)
      .where(eq(payouts.userId, hanako));
    expect(states.map((p) => p.state).sort()).toEqual(["READY", "SENT"]);
    await expectLedgerInvariants(t.ctx.db);
  });

  it("puts the offer and the proceeds near their deadline on her to-do list", async () => {
    const list = await toDoList(t.ctx, { userId: hanako });
    expect(list.items.map((i) => i.kind).sort()).toEqual(["buybackOffer", "proceedsDeadline"]);
    const deadline = list.items.find((i) => i.kind === "proceedsDeadline")!;
    expect(deadline).toMatchObject({ amount: 15_150 });
    expect(Math.round((deadline.due!.getTime() - t.clock.now().getTime()) / 86_400_000)).toBe(19);
  });

  it("fills most smartphone cells of the recommended prices, both kinds", async () => {
    for (const kind of ["bullish", "bearish"] as const) {
      const r = await recommendedPrices(t.ctx, {
        userId: buyer,
        input: { category: "05", ng: "none", kind },
      });
      const filled = r.cells.filter((c) => c.price !== null).length;
      expect(filled / r.cells.length, kind).toBeGreaterThan(0.75);
    }
  });

  it("does nothing the second time", async () => {
    expect(await seedDemoBalance(t.ctx)).toBe(0);
  });
});
