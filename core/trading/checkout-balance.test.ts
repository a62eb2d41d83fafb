import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { balanceLots, items, ledgerAccounts, payments, transactions } from "#db/schema/index.ts";
import { listItem, makeMember, makeOperator } from "#tests/helpers/catalog.ts";
import { createTestCore, failure, said, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import { expectLedgerInvariants } from "#tests/helpers/ledger.ts";
import { cardToken, makeBuyer } from "#tests/helpers/trading.ts";
import type { SessionUser } from "../identity/sessions.ts";
import { expireFreePoints, grantFreePoints } from "../money/balance/free-points.ts";
import { memberAccount, platformAccount } from "../money/ledger/accounts.ts";
import { getBalance } from "../money/ledger/get-balance.ts";
import { postEntry } from "../money/ledger/post-entry.ts";
import { decideSandboxChallenge } from "../money/payments/sandbox-gateway.ts";
import { cancelTransaction } from "./cancel-transaction.ts";
import { finishSecurePurchase } from "./finish-secure-purchase.ts";
import { getPurchaseQuote } from "./get-purchase-quote.ts";
import { getTransaction } from "./get-transaction.ts";
import { purchaseItem } from "./purchase-item.ts";

const RETURN = "http://tsugu.test/ja/items/1/secure/result/";
const DAY = 24 * 60 * 60 * 1000;

describe.each(ENGINES)("paying with the balance on %s", (engine) => {
  let t: TestCore;
  let finance: SessionUser;
  let seller: SessionUser;
  beforeAll(async () => {
    t = await createTestCore(engine, "2026-11-22T05:00:00Z");
    finance = await makeOperator(t.ctx, ["finance"]);
    seller = await makeMember(t.ctx);
  });
  afterAll(async () => {
    await expectLedgerInvariants(t.ctx.db);
    await expectLotsMatchBalances();
    await t.close();
  });

  /** The sum of each member's open free-point lots is their free-points balance (decision 022). */
  async function expectLotsMatchBalances() {
    const drift = await t.ctx.db.execute(sql`
      select a.user_id, a.balance, coalesce(sum(l.remaining), 0)::bigint as lots
      from ledger_accounts a
      left join balance_lots l on l.user_id = a.user_id and l.kind = 'free_points'
      where a.kind = 'free_points'
      group by a.user_id, a.balance having a.balance <> coalesce(sum(l.remaining), 0)`);
    const rows = Array.isArray(drift) ? drift : ((drift as { rows: unknown[] }).rows ?? []);
    expect(rows, "free-point lots that do not add up to the balance").toEqual([]);
  }

  const grant = async (userId: number, amount: number, days: number) =>
    (
      await grantFreePoints(t.ctx, finance, {
        userId,
        input: { amount: String(amount), expiresInDays: String(days), reason: "キャンペーン" },
        requestKey: randomUUID(),
      })
    ).lotId!;
  const topUp = (userId: number, amount: number) =>
    postEntry(t.ctx, {
      idempotencyKey: `test-top-up-${randomUUID()}`,
      kind: "points_top_up",
      lines: [
        { account: platformAccount("card_clearing"), amount: -amount },
        { account: memberAccount(userId, "points"), amount },
      ],
    });
  const buy = async (buyer: SessionUser, itemId: number, input: Record<string, unknown>) =>
    purchaseItem(t.ctx, { actor: buyer, itemId, idempotencyKey: randomUUID(), input, returnUrl: RETURN });
  const withCard = async (usePoints: boolean, kind: "success" | "challenge" = "success") => ({
    paymentMethod: "card",
    cardToken: await cardToken(t.ctx, kind),
    usePoints,
  });
  const lot = async (id: number) =>
    (await t.ctx.db.select().from(balanceLots).where(eq(balanceLots.id, id)))[0]!;
  const sale = async (id: number) =>
    (await t.ctx.db.select().from(transactions).where(eq(transactions.id, id)))[0]!;
  const paymentFor = async (transactionId: number) =>
    (await t.ctx.db.select().from(payments).where(eq(payments.transactionId, transactionId)))[0]!;
  const itemState = async (id: number) =>
    (await t.ctx.db.select({ s: items.state }).from(items).where(eq(items.id, id)))[0]!.s;

  it("spends free points first, the lot that expires soonest first, then paid points", async () => {
    const buyer = await makeBuyer(t.ctx);
    const later = await grant(buyer.id, 500, 60);
    const sooner = await grant(buyer.id, 300, 10);
    await topUp(buyer.id, 2000);
    const itemId = await listItem(t.ctx, seller, { price: "1000" });
    const quote = await getPurchaseQuote(t.ctx, { actor: buyer, itemId });
    expect(quote).toMatchObject({
      freePoints: 800,
      points: 2000,
      withPoints: { freePoints: 800, points: 200, card: 0 },
    });
    const bought = await buy(buyer, itemId, { paymentMethod: "points" });
    expect(bought).toMatchObject({ state: "START", redirectUrl: null });
    expect(await sale(bought.transactionId)).toMatchObject({
      paymentMethod: "points",
      price: 1000,
      paidFreePoints: 800,
      paidPoints: 200,
      paidCard: 0,
      freePointLots: [
        { lotId: sooner, amount: 300 },
        { lotId: later, amount: 500 },
      ],
    });
    expect(await getBalance(t.ctx, { userId: buyer.id })).toMatchObject({
      free_points: 0,
      points: 1800,
      escrow: 1000,
    });
    // A smaller price leaves the later lot partly untouched.
    const buyer2 = await makeBuyer(t.ctx);
    const late2 = await grant(buyer2.id, 500, 60);
    const soon2 = await grant(buyer2.id, 300, 10);
    const item2 = await listItem(t.ctx, seller, { price: "400" });
    await buy(buyer2, item2, { paymentMethod: "points" });
    expect((await lot(soon2)).remaining).toBe(0);
    expect((await lot(late2)).remaining).toBe(400);
    const view = await getTransaction(t.ctx, { actor: buyer, transactionId: bought.transactionId });
    expect(view.paidWith).toEqual({ freePoints: 800, points: 200, card: 0 });
  });

  it("refuses points alone when the balance does not cover the price, and moves nothing", async () => {
    const buyer = await makeBuyer(t.ctx);
    await grant(buyer.id, 300, 30);
    await topUp(buyer.id, 600);
    const itemId = await listItem(t.ctx, seller, { price: "1000" });
    const quote = await getPurchaseQuote(t.ctx, { actor: buyer, itemId });
    expect(quote.withPoints).toEqual({ freePoints: 300, points: 600, card: 100 });
    const refused = await failure(buy(buyer, itemId, { paymentMethod: "points" }));
    expect(refused.code).toBe("CONFLICT");
    expect(said(refused).message.ja).toBe("残高が足りません");
    expect(await itemState(itemId)).toBe("SALE");
    expect(await getBalance(t.ctx, { userId: buyer.id })).toMatchObject({
      free_points: 300,
      points: 600,
      escrow: 0,
    });
  });

  it("refuses a card with points alone and points flagged without a card", async () => {
    const buyer = await makeBuyer(t.ctx);
    const itemId = await listItem(t.ctx, seller, { price: "1000" });
    const both = await failure(
      buy(buyer, itemId, { paymentMethod: "points", cardToken: await cardToken(t.ctx) }),
    );
    expect(both.code).toBe("BAD_REQUEST");
    expect(said(both).fields.cardToken?.ja).toBe("ポイントで支払う場合は、カードを選ばないでください");
    const flag = await failure(buy(buyer, itemId, { paymentMethod: "points", usePoints: true }));
    expect(flag.code).toBe("BAD_REQUEST");
    expect(said(flag).fields.usePoints?.en).toBe("Points can be combined only when paying by card");
    const notBoolean = await failure(buy(buyer, itemId, { ...(await withCard(true)), usePoints: "yes" }));
    expect(notBoolean.code).toBe("VALIDATION");
  });

  it("charges the card only what the balance leaves, and not at all without usePoints' consent", async () => {
    const buyer = await makeBuyer(t.ctx);
    const free = await grant(buyer.id, 200, 30);
    await topUp(buyer.id, 500);
    const itemId = await listItem(t.ctx, seller, { price: "1500" });
    const input = await withCard(true);
    const key = randomUUID();
    const once = () =>
      purchaseItem(t.ctx, { actor: buyer, itemId, idempotencyKey: key, input, returnUrl: RETURN });
    const bought = await once();
    expect(bought.state).toBe("START");
    // The same request again answers the same sale and takes nothing more.
    expect(await once()).toEqual(bought);
    const row = await sale(bought.transactionId);
    expect(row).toMatchObject({ paymentMethod: "card", paidFreePoints: 200, paidPoints: 500, paidCard: 800 });
    const payment = await paymentFor(bought.transactionId);
    expect(payment).toMatchObject({ amount: 800, state: "COMPLETED" });
    expect(await getBalance(t.ctx, { userId: buyer.id })).toMatchObject({
      free_points: 0,
      points: 0,
      payment: 0,
      escrow: 1500,
    });
    expect((await lot(free)).remaining).toBe(0);
    // Without usePoints the card pays it all and the balance is left alone.
    const other = await makeBuyer(t.ctx);
    await topUp(other.id, 500);
    const second = await buy(other, await listItem(t.ctx, seller, { price: "1500" }), await withCard(false));
    expect(await paymentFor(second.transactionId)).toMatchObject({ amount: 1500 });
    expect((await getBalance(t.ctx, { userId: other.id })).points).toBe(500);
    // With usePoints and a balance that covers the price, the card is not charged at all.
    const rich = await makeBuyer(t.ctx);
    await topUp(rich.id, 5000);
    const third = await buy(rich, await listItem(t.ctx, seller, { price: "1500" }), await withCard(true));
    expect(await sale(third.transactionId)).toMatchObject({ paymentMethod: "points", paidPoints: 1500 });
    expect(
      await t.ctx.db.select().from(payments).where(eq(payments.transactionId, third.transactionId)),
    ).toEqual([]);
  });

  it("gives each part back where it came from on cancellation: free points to their lots with their expiry", async () => {
    const buyer = await makeBuyer(t.ctx);
    const free = await grant(buyer.id, 300, 30);
    const deadline = (await lot(free)).deadlineAt;
    await topUp(buyer.id, 400);
    const itemId = await listItem(t.ctx, seller, { price: "1000" });
    const { transactionId } = await buy(buyer, itemId, await withCard(true));
    expect(await paymentFor(transactionId)).toMatchObject({ amount: 300 });
    await cancelTransaction(t.ctx, {
      actor: buyer,
      transactionId,
      step: "request",
      request: { reason: "ordered_by_mistake" },
    });
    expect((await cancelTransaction(t.ctx, { actor: seller, transactionId, step: "agree" })).state).toBe(
      "CANCELED",
    );
    expect(await getBalance(t.ctx, { userId: buyer.id })).toMatchObject({
      free_points: 300,
      points: 400,
      escrow: 0,
      payment: 0,
    });
    expect(await lot(free)).toMatchObject({ remaining: 300, deadlineAt: deadline });
    expect(await paymentFor(transactionId)).toMatchObject({ state: "REFUNDED", amount: 300 });
    expect(await itemState(itemId)).toBe("SALE");
    // The returned free points are spendable again, and expire on their own day.
    expect((await getPurchaseQuote(t.ctx, { actor: buyer, itemId })).freePoints).toBe(300);
  });

  it("lets free points that expired while the sale ran go, and gives back the rest", async () => {
    const buyer = await makeBuyer(t.ctx);
    const soon = await grant(buyer.id, 200, 2);
    const later = await grant(buyer.id, 100, 30);
    await topUp(buyer.id, 700);
    const itemId = await listItem(t.ctx, seller, { price: "1000" });
    const { transactionId } = await buy(buyer, itemId, { paymentMethod: "points" });
    const operator = await makeOperator(t.ctx, ["admin"]);
    t.clock.advance(3 * DAY);
    await expireFreePoints(t.ctx);
    await cancelTransaction(t.ctx, { actor: operator, transactionId, step: "office", reason: "誤購入" });
    expect(await getBalance(t.ctx, { userId: buyer.id })).toMatchObject({
      free_points: 100,
      points: 700,
      escrow: 0,
    });
    expect((await lot(soon)).remaining).toBe(0);
    expect((await lot(later)).remaining).toBe(100);
    await expectLotsMatchBalances();
  });

  it("gives the balance's part back when the card never pays (3-D Secure failed)", async () => {
    const buyer = await makeBuyer(t.ctx);
    const free = await grant(buyer.id, 250, 30);
    await topUp(buyer.id, 250);
    const itemId = await listItem(t.ctx, seller, { price: "2000" });
    const started = await buy(buyer, itemId, await withCard(true, "challenge"));
    expect(started.state).toBe("AUTH");
    // While the card waits, the balance's part is already held: it cannot be spent twice.
    expect(await getBalance(t.ctx, { userId: buyer.id })).toMatchObject({
      free_points: 0,
      points: 0,
      escrow: 500,
    });
    expect(await paymentFor(started.transactionId)).toMatchObject({ amount: 1500 });
    const chargeId = /challenge\/(ch_[0-9a-f]+)/.exec(started.redirectUrl!)![1]!;
    await decideSandboxChallenge(t.ctx, { chargeId, pass: false });
    expect((await failure(finishSecurePurchase(t.ctx, { actor: buyer, itemId }))).code).toBe(
      "PAYMENT_FAILED",
    );
    expect((await sale(started.transactionId)).state).toBe("INVALID");
    expect(await getBalance(t.ctx, { userId: buyer.id })).toMatchObject({
      free_points: 250,
      points: 250,
      escrow: 0,
    });
    expect((await lot(free)).remaining).toBe(250);
    expect(await itemState(itemId)).toBe("SALE");
  });

  it("never overdraws when one buyer makes two purchases at once", async () => {
    const buyer = await makeBuyer(t.ctx);
    await grant(buyer.id, 300, 30);
    await topUp(buyer.id, 700);
    const [a, b] = [
      await listItem(t.ctx, seller, { price: "800" }),
      await listItem(t.ctx, seller, { price: "800" }),
    ];
    const results = await Promise.allSettled([
      buy(buyer, a, { paymentMethod: "points" }),
      buy(buyer, b, { paymentMethod: "points" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const lost = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(said(lost.reason).message.ja).toBe("残高が足りません");
    expect(await getBalance(t.ctx, { userId: buyer.id })).toMatchObject({
      free_points: 0,
      points: 200,
      escrow: 800,
    });
    // Two card purchases each asking for the whole balance: the second finds it spent, and its
    // card's hold is let go.
    const mixed = await makeBuyer(t.ctx);
    await grant(mixed.id, 400, 30);
    await topUp(mixed.id, 600);
    const [c, d] = [
      await listItem(t.ctx, seller, { price: "1500" }),
      await listItem(t.ctx, seller, { price: "1500" }),
    ];
    const inputs = [await withCard(true), await withCard(true)];
    const both = await Promise.allSettled([buy(mixed, c, inputs[0]!), buy(mixed, d, inputs[1]!)]);
    const won = both.filter((r) => r.status === "fulfilled");
    expect(won.length).toBeGreaterThanOrEqual(1);
    const balance = await getBalance(t.ctx, { userId: mixed.id });
    expect(balance.free_points).toBeGreaterThanOrEqual(0);
    expect(balance.points).toBeGreaterThanOrEqual(0);
    expect(balance.escrow).toBe(1500 * won.length);
    const sales = await t.ctx.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.buyerId, mixed.id), eq(transactions.state, "START")));
    expect(sales.reduce((s, x) => s + x.paidFreePoints + x.paidPoints, 0)).toBe(1000);
    for (const r of both) {
      if (r.status === "rejected") expect(said(r.reason).message.ja).toBe("残高が足りません");
    }
    const held = await t.ctx.db
      .select()
      .from(payments)
      .where(and(eq(payments.buyerId, mixed.id), eq(payments.state, "AUTHORIZED")));
    expect(held).toEqual([]);
    const negative = await t.ctx.db
      .select()
      .from(ledgerAccounts)
      .where(sql`${ledgerAccounts.userId} is not null and ${ledgerAccounts.balance} < 0`);
    expect(negative).toEqual([]);
  });

  it("does not spend free points past their expiry, even before the expiry job has run", async () => {
    const buyer = await makeBuyer(t.ctx);
    await grant(buyer.id, 1000, 1);
    await topUp(buyer.id, 100);
    const itemId = await listItem(t.ctx, seller, { price: "1000" });
    t.clock.advance(2 * DAY);
    // The ledger still holds them (the job has not run); checkout does not count them.
    expect((await getBalance(t.ctx, { userId: buyer.id })).free_points).toBe(1000);
    const quote = await getPurchaseQuote(t.ctx, { actor: buyer, itemId });
    expect(quote).toMatchObject({ freePoints: 0, points: 100, withPoints: { card: 900 } });
    const refused = await failure(buy(buyer, itemId, { paymentMethod: "points" }));
    expect(said(refused).message.ja).toBe("残高が足りません");
    const mixed = await buy(buyer, itemId, await withCard(true));
    expect(await sale(mixed.transactionId)).toMatchObject({
      paidFreePoints: 0,
      paidPoints: 100,
      paidCard: 900,
    });
    await expireFreePoints(t.ctx);
    expect((await getBalance(t.ctx, { userId: buyer.id })).free_points).toBe(0);
  });
});
