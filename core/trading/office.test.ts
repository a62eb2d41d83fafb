import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, items, notifications, payments, queueClaims, transactions } from "#db/schema/index.ts";
import { listItem, makeMember, makeOperator } from "#tests/helpers/catalog.ts";
import { createTestCore, failure, said, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import { expectLedgerInvariants } from "#tests/helpers/ledger.ts";
import { cardToken, makeBuyer, TEST_ADDRESS } from "#tests/helpers/trading.ts";
import type { SessionUser } from "../identity/sessions.ts";
import { getBalance } from "../money/ledger/get-balance.ts";
import { postEntry } from "../money/ledger/post-entry.ts";
import { cancelTransaction } from "./cancel-transaction.ts";
import { officeStepsFor } from "./office-rules.ts";
import { claimOfficeTransaction, takeOfficeStep } from "./office-steps.ts";
import { getOfficeTransaction, listOfficeTransactions } from "./office-transactions.ts";
import { purchaseItem } from "./purchase-item.ts";
import { releaseHeldTransactions } from "./release-held-transactions.ts";
import { shipItem } from "./ship-item.ts";
import { postTransactionMessage } from "./transaction-messages.ts";

const RETURN = "http://tsugu.test/ja/items/1/secure/result/";
const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const META = { requestId: "req-office-1", ip: "192.0.2.7" };

describe.each(ENGINES)("the office's transaction review on %s", (engine) => {
  let t: TestCore;
  beforeAll(async () => {
    // A Sunday afternoon in Tokyo (05:00Z = 14:00 JST).
    t = await createTestCore(engine, "2026-11-22T05:00:00Z");
  });
  afterAll(async () => {
    await expectLedgerInvariants(t.ctx.db);
    await t.close();
  });

  /** A seller, a buyer and a card purchase of a fresh listing, already paid (START). */
  const sale = async (o: { price?: string; title?: string; points?: boolean } = {}) => {
    const seller = await makeMember(t.ctx);
    const buyer = await makeBuyer(t.ctx);
    const itemId = await listItem(t.ctx, seller, {
      ...(o.price ? { price: o.price } : {}),
      ...(o.title ? { title: o.title } : {}),
    });
    if (o.points) {
      await postEntry(t.ctx, {
        idempotencyKey: `test-points-${buyer.id}`,
        kind: "points_top_up",
        lines: [
          { account: { userId: null, kind: "card_clearing" }, amount: -50_000 },
          { account: { userId: buyer.id, kind: "points" }, amount: 50_000 },
        ],
      });
    }
    const { transactionId, state } = await purchaseItem(t.ctx, {
      actor: buyer,
      itemId,
      idempotencyKey: randomUUID(),
      input: o.points
        ? { paymentMethod: "points" }
        : { paymentMethod: "card", cardToken: await cardToken(t.ctx, "success") },
      returnUrl: RETURN,
    });
    expect(state).toBe("START");
    return { seller, buyer, itemId, transactionId };
  };
  const ship = (seller: SessionUser, transactionId: number) =>
    shipItem(t.ctx, { actor: seller, transactionId, input: { trackingNumber: "1234-5678-9013" } });
  const step = (
    actor: SessionUser,
    transactionId: number,
    which: "hold" | "release" | "cancel" | "complete",
    reason: unknown = "購入者から「商品が届かない」と連絡あり",
  ) => takeOfficeStep(t.ctx, { actor, transactionId, step: which, input: { reason }, meta: META });
  const row = async (id: number) =>
    (await t.ctx.db.select().from(transactions).where(eq(transactions.id, id)))[0]!;
  const auditsOf = (id: number) =>
    t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, "transaction"), eq(auditLog.targetId, String(id))))
      .orderBy(asc(auditLog.id));

  it("holds and releases back to the state it was in, auditing each step with before and after", async () => {
    const { seller, transactionId } = await sale();
    await ship(seller, transactionId);
    const safety = await makeOperator(t.ctx, ["trust_safety"]);
    expect(await step(safety, transactionId, "hold")).toEqual({ state: "PENDING" });
    expect(await row(transactionId)).toMatchObject({ state: "PENDING", heldFrom: "SHIPPING" });
    expect(await step(safety, transactionId, "release", "発送済みを確認")).toEqual({ state: "SHIPPING" });
    expect(await row(transactionId)).toMatchObject({ state: "SHIPPING", heldFrom: null });
    const audits = await auditsOf(transactionId);
    expect(audits).toHaveLength(2);
    expect(audits[0]).toMatchObject({
      actorId: safety.id,
      actorRoles: ["trust_safety"],
      action: "transactions:hold",
      changes: { state: ["SHIPPING", "PENDING"], heldFrom: [null, "SHIPPING"] },
      reason: "購入者から「商品が届かない」と連絡あり",
      requestId: "req-office-1",
      ip: "192.0.2.7",
    });
    expect(audits[1]).toMatchObject({
      action: "transactions:hold",
      changes: { state: ["PENDING", "SHIPPING"], heldFrom: ["SHIPPING", null] },
      reason: "発送済みを確認",
    });
  });

  it("refuses an operator whose roles lack the step (FORBIDDEN) and changes nothing", async () => {
    const { buyer, transactionId } = await sale();
    const finance = await makeOperator(t.ctx, ["finance"]);
    const support = await makeOperator(t.ctx, ["support"]);
    for (const actor of [finance, support, buyer]) {
      for (const which of ["hold", "cancel"] as const) {
        expect((await failure(step(actor, transactionId, which))).code).toBe("FORBIDDEN");
      }
    }
    expect((await failure(step(finance, transactionId, "complete"))).code).toBe("FORBIDDEN");
    expect(
      (
        await failure(
          cancelTransaction(t.ctx, { actor: finance, transactionId, step: "office", reason: "x" }),
        )
      ).code,
    ).toBe("FORBIDDEN");
    expect((await failure(claimOfficeTransaction(t.ctx, { actor: finance, transactionId }))).code).toBe(
      "FORBIDDEN",
    );
    expect(await row(transactionId)).toMatchObject({ state: "START", heldFrom: null });
    expect(await auditsOf(transactionId)).toEqual([]);
    expect((await getBalance(t.ctx, { userId: buyer.id })).escrow).toBeGreaterThan(0);
  });

  it("requires a reason of 1 to 500 characters for every step, said in Japanese and English", async () => {
    const { transactionId } = await sale();
    const admin = await makeOperator(t.ctx, ["admin"]);
    for (const which of ["hold", "cancel", "complete"] as const) {
      const error = await failure(step(admin, transactionId, which, "  "));
      expect(error.code).toBe("VALIDATION");
      expect(said(error).fields.reason).toEqual({ ja: "理由を入力してください", en: "Reason is required" });
    }
    const long = await failure(step(admin, transactionId, "hold", "あ".repeat(501)));
    expect(said(long).fields.reason).toEqual({
      ja: "理由は500文字以内で入力してください",
      en: "Reason must be at most 500 characters",
    });
    // The office's cancel needs a reason however it is reached.
    const bare = await failure(cancelTransaction(t.ctx, { actor: admin, transactionId, step: "office" }));
    expect(bare.code).toBe("VALIDATION");
    expect(await row(transactionId)).toMatchObject({ state: "START" });
    expect(await auditsOf(transactionId)).toEqual([]);
  });

  it("cancels by the office with a card refund, relists the item and tells both parties", async () => {
    const { seller, buyer, itemId, transactionId } = await sale({ price: "12000" });
    const safety = await makeOperator(t.ctx, ["trust_safety"]);
    await step(safety, transactionId, "hold");
    await claimOfficeTransaction(t.ctx, { actor: safety, transactionId });
    expect(await step(safety, transactionId, "cancel", "出品者と連絡が取れないため")).toEqual({
      state: "CANCELED",
    });
    expect(await row(transactionId)).toMatchObject({ state: "CANCELED", heldFrom: null });
    const [payment] = await t.ctx.db.select().from(payments).where(eq(payments.transactionId, transactionId));
    expect(payment!.state).toBe("REFUNDED");
    expect(await getBalance(t.ctx, { userId: buyer.id })).toMatchObject({ escrow: 0, payment: 0 });
    expect((await t.ctx.db.select({ s: items.state }).from(items).where(eq(items.id, itemId)))[0]!.s).toBe(
      "SALE",
    );
    const audit = (await auditsOf(transactionId)).find((a) => a.action === "transactions:cancel");
    expect(audit).toMatchObject({
      actorId: safety.id,
      reason: "出品者と連絡が取れないため",
      changes: {
        state: ["PENDING", "CANCELED"],
        heldFrom: ["START", null],
        escrowReturnedTo: [null, "card"],
        paymentState: ["COMPLETED", "REFUNDING"],
      },
      requestId: "req-office-1",
    });
    for (const userId of [buyer.id, seller.id]) {
      const notes = await t.ctx.db.select().from(notifications).where(eq(notifications.userId, userId));
      expect(notes.some((n) => n.kind === "purchase" && n.payload.event === "CANCELED")).toBe(true);
    }
    // Out of the queue, its claim is gone too.
    expect(await t.ctx.db.select().from(queueClaims).where(eq(queueClaims.itemId, transactionId))).toEqual(
      [],
    );
    await expectLedgerInvariants(t.ctx.db);
  });

  it("cancels a points purchase by the office and gives the points back", async () => {
    const { buyer, transactionId } = await sale({ price: "3000", points: true });
    expect(await getBalance(t.ctx, { userId: buyer.id })).toMatchObject({ points: 47_000, escrow: 3000 });
    const admin = await makeOperator(t.ctx, ["admin"]);
    expect(await step(admin, transactionId, "cancel", "購入者の誤購入")).toEqual({ state: "CANCELED" });
    expect(await getBalance(t.ctx, { userId: buyer.id })).toMatchObject({ points: 50_000, escrow: 0 });
    expect((await auditsOf(transactionId))[0]).toMatchObject({
      action: "transactions:cancel",
      changes: { state: ["START", "CANCELED"], escrowReturnedTo: [null, "points"] },
    });
    await expectLedgerInvariants(t.ctx.db);
  });

  it("completes by the office, releasing the escrow to the seller's proceeds as a completion does", async () => {
    const { seller, buyer, transactionId } = await sale({ price: "18001" });
    await ship(seller, transactionId);
    const safety = await makeOperator(t.ctx, ["trust_safety"]);
    await step(safety, transactionId, "hold");
    expect((await getBalance(t.ctx, { userId: seller.id })).proceeds).toBe(0);
    expect(await step(safety, transactionId, "complete", "配達記録を確認。出品者に非なし")).toEqual({
      state: "COMPLETED",
    });
    expect(await row(transactionId)).toMatchObject({ state: "COMPLETED", heldFrom: null });
    // 5% of 18,001 is 900.05: the fee is rounded down to 900.
    expect((await getBalance(t.ctx, { userId: seller.id })).proceeds).toBe(17_101);
    expect(await getBalance(t.ctx, { userId: buyer.id })).toMatchObject({ escrow: 0, payment: 0 });
    expect((await auditsOf(transactionId)).at(-1)).toMatchObject({
      action: "transactions:complete",
      reason: "配達記録を確認。出品者に非なし",
      changes: {
        state: ["PENDING", "COMPLETED"],
        heldFrom: ["SHIPPING", null],
        sellerProceeds: [null, 17_101],
      },
    });
    const sellerNotes = await t.ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, seller.id));
    expect(sellerNotes.some((n) => n.kind === "payment" && n.payload.event === "completed")).toBe(true);
    const buyerNotes = await t.ctx.db.select().from(notifications).where(eq(notifications.userId, buyer.id));
    expect(buyerNotes.some((n) => n.kind === "purchase" && n.payload.event === "COMPLETED")).toBe(true);
    // Done is done.
    expect((await failure(step(safety, transactionId, "complete"))).code).toBe("CONFLICT");
    await expectLedgerInvariants(t.ctx.db);
  });

  it("never completes a sale that was not shipped, even on hold", async () => {
    const { seller, transactionId } = await sale();
    const admin = await makeOperator(t.ctx, ["admin"]);
    expect((await failure(step(admin, transactionId, "complete"))).code).toBe("CONFLICT");
    await step(admin, transactionId, "hold");
    const error = await failure(step(admin, transactionId, "complete"));
    expect(error.code).toBe("CONFLICT");
    expect(said(error).message.ja).toBe(
      "発送前の取引は完了にできません。キャンセルするか、保留を解除してください",
    );
    expect(await row(transactionId)).toMatchObject({ state: "PENDING", heldFrom: "START" });
    expect((await getBalance(t.ctx, { userId: seller.id })).proceeds).toBe(0);
  });

  it("shows one timeline, oldest first: state changes, payments, messages and the office's entries", async () => {
    const { seller, buyer, transactionId } = await sale();
    const safety = await makeOperator(t.ctx, ["trust_safety"], { nickname: "審査担当A" });
    t.clock.advance(MINUTE);
    await postTransactionMessage(t.ctx, {
      actor: buyer,
      transactionId,
      input: { body: "いつ発送されますか？" },
    });
    t.clock.advance(MINUTE);
    await ship(seller, transactionId);
    t.clock.advance(MINUTE);
    await step(safety, transactionId, "hold", "未着の申告");
    t.clock.advance(MINUTE);
    await postTransactionMessage(t.ctx, {
      actor: seller,
      transactionId,
      input: { body: "追跡番号をご確認ください" },
    });
    t.clock.advance(MINUTE);
    await step(safety, transactionId, "release", "配達済みを確認");

    const view = await getOfficeTransaction(t.ctx, { actor: safety, transactionId });
    const times = view.timeline.map((e) => new Date(e.at).getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(view.timeline.some((e) => e.kind === "payment")).toBe(true);
    const story = view.timeline
      .filter((e) => e.kind !== "payment")
      .map((e) =>
        e.kind === "state"
          ? `state:${e.to}`
          : e.kind === "message"
            ? `message:${e.side}`
            : `${e.kind}:${e.action}`,
      );
    expect(story.slice(-7)).toEqual([
      "message:buyer",
      "state:SHIPPING",
      "state:PENDING",
      "audit:transactions:hold",
      "message:seller",
      "state:SHIPPING",
      "audit:transactions:hold",
    ]);
    const hold = view.timeline.find((e) => e.kind === "state" && e.to === "PENDING");
    expect(hold).toMatchObject({
      action: "hold",
      reason: "未着の申告",
      actor: { role: "operator", id: safety.id, nickname: "審査担当A" },
    });
    const message = view.timeline.find((e) => e.kind === "message");
    expect(message).toMatchObject({ sender: { id: buyer.id }, body: "いつ発送されますか？" });
    expect(view.buyer).toEqual({ id: buyer.id, nickname: buyer.nickname });
    expect(view.amounts).toEqual({ price: 18_000, fee: 900, proceeds: 17_100 });
    expect(view.payments.map((p) => p.state)).toEqual(["COMPLETED"]);
  });

  it("offers each step only where the state table and the operator's roles both allow it", async () => {
    const ts = ["trust_safety"] as const;
    expect(officeStepsFor("START", null, ts)).toEqual(["hold", "cancel"]);
    expect(officeStepsFor("SHIPPING", null, ts)).toEqual(["hold", "cancel", "complete"]);
    expect(officeStepsFor("REVIEWED_BY_BUYER", null, ts)).toEqual(["hold", "complete"]);
    expect(officeStepsFor("CANCELING", null, ts)).toEqual(["hold", "cancel"]);
    expect(officeStepsFor("PENDING", "SHIPPING", ts)).toEqual(["release", "cancel", "complete"]);
    expect(officeStepsFor("PENDING", "START", ts)).toEqual(["release", "cancel"]);
    for (const state of ["AUTH", "COMPLETED", "CANCELED", "INVALID"] as const) {
      expect(officeStepsFor(state, null, ["admin"])).toEqual([]);
    }
    expect(officeStepsFor("PENDING", "SHIPPING", ["admin"])).toEqual(["release", "cancel", "complete"]);
    for (const roles of [["support"], ["finance"], ["grader"], ["editor"]] as const) {
      expect(officeStepsFor("PENDING", "SHIPPING", roles)).toEqual([]);
      expect(officeStepsFor("SHIPPING", null, roles)).toEqual([]);
    }
    // The detail read gives the same answer for who is asking.
    const { transactionId } = await sale();
    const support = await makeOperator(t.ctx, ["support"]);
    const safety = await makeOperator(t.ctx, ["trust_safety"]);
    expect((await getOfficeTransaction(t.ctx, { actor: support, transactionId })).steps).toEqual([]);
    expect((await getOfficeTransaction(t.ctx, { actor: safety, transactionId })).steps).toEqual([
      "hold",
      "cancel",
    ]);
    const grader = await makeOperator(t.ctx, ["grader"]);
    expect((await failure(getOfficeTransaction(t.ctx, { actor: grader, transactionId }))).code).toBe(
      "FORBIDDEN",
    );
  });

  it("lets exactly one of two operators claim a transaction under review; the other gets CONFLICT", async () => {
    const { transactionId } = await sale();
    const first = await makeOperator(t.ctx, ["trust_safety"], { nickname: "先着さん" });
    const second = await makeOperator(t.ctx, ["trust_safety"], { nickname: "二番さん" });
    expect((await failure(claimOfficeTransaction(t.ctx, { actor: first, transactionId }))).code).toBe(
      "CONFLICT",
    );
    await step(first, transactionId, "hold");
    const results = await Promise.allSettled([
      claimOfficeTransaction(t.ctx, { actor: first, transactionId, meta: META }),
      claimOfficeTransaction(t.ctx, { actor: second, transactionId, meta: META }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason.code).toBe("CONFLICT");
    const holder = (
      results.find((r) => r.status === "fulfilled") as PromiseFulfilledResult<{ nickname: string }>
    ).value.nickname;
    expect(said(refused.reason).message.ja).toBe(`${holder}さんが対応中です`);
    const view = await getOfficeTransaction(t.ctx, { actor: second, transactionId });
    expect(view.queue?.claim?.nickname).toBe(holder);
    // Released, it leaves the queue and its claim goes with it.
    await step(second, transactionId, "release", "問題なし");
    expect(await t.ctx.db.select().from(queueClaims).where(eq(queueClaims.itemId, transactionId))).toEqual(
      [],
    );
  });

  it("shows only prefecture and city of the address, unless an operator with pii:read asks (audited)", async () => {
    const { transactionId } = await sale();
    const support = await makeOperator(t.ctx, ["support"]);
    const safety = await makeOperator(t.ctx, ["trust_safety"]);
    const masked = await getOfficeTransaction(t.ctx, { actor: support, transactionId });
    expect(masked.shipping.address).toEqual({ prefectureCode: "13", city: TEST_ADDRESS.city });
    expect(masked.shipping).toMatchObject({ addressInFull: false, canRevealAddress: false });
    expect(JSON.stringify(masked)).not.toContain(TEST_ADDRESS.street);
    expect(JSON.stringify(masked)).not.toContain(TEST_ADDRESS.phone);
    expect(
      (await failure(getOfficeTransaction(t.ctx, { actor: support, transactionId, revealAddress: true })))
        .code,
    ).toBe("FORBIDDEN");
    const plain = await getOfficeTransaction(t.ctx, { actor: safety, transactionId });
    expect(plain.shipping.address).toEqual({ prefectureCode: "13", city: TEST_ADDRESS.city });
    expect(plain.shipping.canRevealAddress).toBe(true);
    expect(await auditsOf(transactionId)).toEqual([]);
    const full = await getOfficeTransaction(t.ctx, {
      actor: safety,
      transactionId,
      revealAddress: true,
      meta: META,
    });
    expect(full.shipping.address).toMatchObject({ street: TEST_ADDRESS.street, phone: TEST_ADDRESS.phone });
    expect(await auditsOf(transactionId)).toMatchObject([{ action: "pii:read", actorId: safety.id }]);
  });

  it("lists the review queue oldest first with age and lateness, and searches every transaction", async () => {
    const tag = `検索テスト${Date.now()}`;
    const a = await sale({ title: `${tag} Pixel 7`, price: "5000" });
    const b = await sale({ title: `${tag} iPhone 12`, price: "9000" });
    const c = await sale({ title: `${tag} Galaxy S21`, price: "7000" });
    const safety = await makeOperator(t.ctx, ["trust_safety"]);
    await step(safety, a.transactionId, "hold");
    t.clock.advance(20 * HOUR);
    await step(safety, b.transactionId, "hold");
    t.clock.advance(5 * HOUR);

    const list = await listOfficeTransactions(t.ctx, { actor: safety });
    const queued = list.queue.rows.filter((r) => [a.transactionId, b.transactionId].includes(r.id));
    expect(queued.map((r) => r.id)).toEqual([a.transactionId, b.transactionId]);
    expect(queued[0]).toMatchObject({ ageMs: 25 * HOUR, overdue: true, heldFrom: "START", claim: null });
    expect(queued[1]).toMatchObject({ ageMs: 5 * HOUR, overdue: false });
    expect(list.queue.rows.some((r) => r.id === c.transactionId)).toBe(false);
    expect(list.canClaim).toBe(true);

    const search = async (input: Record<string, string>) =>
      (await listOfficeTransactions(t.ctx, { actor: safety, input })).search;
    expect((await search({ q: tag, sort: "price", dir: "asc" })).rows.map((r) => r.price)).toEqual([
      5000, 7000, 9000,
    ]);
    expect((await search({ q: tag, state: "PENDING" })).total).toBe(2);
    expect((await search({ q: String(c.transactionId) })).rows.map((r) => r.id)).toEqual([c.transactionId]);
    expect((await search({ q: b.buyer.nickname })).rows.map((r) => r.id)).toContain(b.transactionId);
    expect((await search({ q: String(a.seller.id) })).rows.map((r) => r.id)).toEqual([a.transactionId]);
    expect((await search({ q: "100%_違う" })).total).toBe(0);
    expect((await search({ q: tag, from: "2026-11-22", to: "2026-11-22" })).total).toBe(3);
    expect((await search({ q: tag, from: "2026-11-01", to: "2026-11-21" })).total).toBe(0);
    const paged = await search({ q: tag, page: "2", sort: "id", dir: "asc" });
    expect(paged).toMatchObject({ total: 3, page: 2, rows: [] });
    const wrongOrder = await failure(
      listOfficeTransactions(t.ctx, { actor: safety, input: { from: "2026-11-22", to: "2026-11-01" } }),
    );
    expect(said(wrongOrder).fields.to?.ja).toBe("終了日は開始日と同じか、それより後の日付にしてください");

    const finance = await makeOperator(t.ctx, ["finance"]);
    expect((await listOfficeTransactions(t.ctx, { actor: finance })).canClaim).toBe(false);
    const editor = await makeOperator(t.ctx, ["editor"]);
    expect((await failure(listOfficeTransactions(t.ctx, { actor: editor }))).code).toBe("FORBIDDEN");
  });

  it("releases several held transactions in one go, each audited as alone, and says which could not be", async () => {
    const safety = await makeOperator(t.ctx, ["trust_safety"]);
    const [a, b, c] = [await sale(), await sale(), await sale()];
    await step(safety, a.transactionId, "hold");
    await step(safety, b.transactionId, "hold");
    // No reason, or no row chosen: the request as a whole is refused and nothing changes.
    const noReason = await failure(
      releaseHeldTransactions(t.ctx, {
        actor: safety,
        ids: [String(a.transactionId)],
        input: { reason: "" },
      }),
    );
    expect(noReason.code).toBe("VALIDATION");
    expect(Object.keys(noReason.fields)).toEqual(["reason"]);
    const noRows = await failure(
      releaseHeldTransactions(t.ctx, { actor: safety, ids: ["x"], input: { reason: "確認済み" } }),
    );
    expect(Object.keys(noRows.fields)).toEqual(["ids"]);
    expect((await row(a.transactionId)).state).toBe("PENDING");
    const support = await makeOperator(t.ctx, ["support"]);
    expect(
      (
        await failure(
          releaseHeldTransactions(t.ctx, {
            actor: support,
            ids: [String(a.transactionId)],
            input: { reason: "x" },
          }),
        )
      ).code,
    ).toBe("FORBIDDEN");

    // The third was never held: it is reported, and the two held ones are released.
    const outcomes = await releaseHeldTransactions(t.ctx, {
      actor: safety,
      ids: [
        String(a.transactionId),
        String(c.transactionId),
        String(b.transactionId),
        String(a.transactionId),
      ],
      input: { reason: "双方に確認が取れたため" },
      meta: META,
    });
    expect(outcomes.map((o) => [o.id, o.ok])).toEqual([
      [a.transactionId, true],
      [c.transactionId, false],
      [b.transactionId, true],
    ]);
    const refused = outcomes[1]!;
    expect(refused.ok ? null : refused.reason.key).toBe("trading.errors.notNow");
    expect((await row(a.transactionId)).state).toBe("START");
    expect((await row(b.transactionId)).state).toBe("START");
    expect((await row(c.transactionId)).state).toBe("START");
    for (const id of [a.transactionId, b.transactionId]) {
      const audits = await auditsOf(id);
      expect(audits.at(-1)).toMatchObject({ reason: "双方に確認が取れたため", requestId: META.requestId });
    }
    expect(await auditsOf(c.transactionId)).toHaveLength(0);
  });
});
