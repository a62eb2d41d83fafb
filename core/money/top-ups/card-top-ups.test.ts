import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { journalEntries, payments, sandboxRecords, topUps } from "#db/schema/index.ts";
import { makeMember } from "#tests/helpers/catalog.ts";
import { createTestCore, failure, said, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import { expectLedgerInvariants } from "#tests/helpers/ledger.ts";
import { cardToken, sandboxChargeEvent } from "#tests/helpers/trading.ts";
import { isAppError } from "../../shared/errors.ts";
import { purchasePurpose } from "../../trading/purchase-payment.ts";
import { getBalance } from "../ledger/get-balance.ts";
import { applyCharge, loadPayment } from "../payments/apply-charge.ts";
import { receivePaymentWebhook } from "../payments/receive-webhook.ts";
import { decideSandboxChallenge } from "../payments/sandbox-gateway.ts";
import { addSavedCard } from "../payments/saved-cards.ts";
import type { SandboxCardBehaviour } from "../payments/test-cards.ts";
import { CARD_TOP_UP_CHALLENGE_MS, finishCardTopUp, startCardTopUp, topUpPurpose } from "./card-top-up.ts";
import { syncTopUps } from "./sync-top-ups.ts";

const purposes = { purchase: purchasePurpose, top_up: topUpPurpose };
const returnUrl = (id: number) => `http://tsugu.test/ja/balance/order-points/card/result/?id=${id}`;

describe.each(ENGINES)("card top-ups on %s", (engine) => {
  let t: TestCore;
  beforeAll(async () => {
    t = await createTestCore(engine, "2026-11-22T03:00:00Z");
  });
  afterAll(async () => {
    await expectLedgerInvariants(t.ctx.db);
    await t.close();
  });

  /** A member with one saved card that behaves as `kind`. */
  async function memberWithCard(kind: SandboxCardBehaviour = "success") {
    const member = await makeMember(t.ctx);
    const card = await addSavedCard(t.ctx, { userId: member.id, token: await cardToken(t.ctx, kind) });
    return { member, cardId: card.id };
  }
  const start = (
    userId: number,
    input: { amount?: unknown; cardId?: unknown },
    requestKey: string = randomUUID(),
  ) => startCardTopUp(t.ctx, { userId, input, requestKey, returnUrl });
  const pointsOf = async (userId: number) => (await getBalance(t.ctx, { userId })).points;
  const chargesFor = async (reference: string) =>
    (
      await t.ctx.db.select().from(sandboxRecords).where(eq(sandboxRecords.provider, "sandbox-pay.charge"))
    ).filter((r) => (r.data as { reference: string }).reference === reference);
  const paymentOf = async (topUpId: number) => {
    const [row] = await t.ctx.db.select().from(topUps).where(eq(topUps.id, topUpId));
    return loadPayment(t.ctx.db, row!.paymentId!);
  };
  const entriesOf = (topUpId: number) =>
    t.ctx.db
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.idempotencyKey, `top_up:${topUpId}:paid`));

  it("tops up with a saved card: the card is charged once and the points credited", async () => {
    const { member, cardId } = await memberWithCard();
    const started = await start(member.id, { amount: "３,０００円", cardId });
    expect(started.redirectUrl).toBeNull();
    expect(started.topUp).toMatchObject({ method: "card", amount: 3000, state: "PAID", provider: "sandbox" });
    expect(await pointsOf(member.id)).toBe(3000);
    expect(await getBalance(t.ctx, { userId: member.id })).toMatchObject({ payment: 0, proceeds: 0 });
    const payment = await paymentOf(started.topUp.id);
    expect(payment).toMatchObject({
      purpose: "top_up",
      state: "COMPLETED",
      amount: 3000,
      buyerId: member.id,
    });
    expect((await chargesFor(payment.reference)).map((c) => c.state)).toEqual(["captured"]);
    expect(await entriesOf(started.topUp.id)).toHaveLength(1);
    const view = await finishCardTopUp(t.ctx, {
      userId: member.id,
      topUpId: started.topUp.id,
      returnUrl: returnUrl(started.topUp.id),
    });
    expect(view).toMatchObject({
      state: "PAID",
      amount: 3000,
      failure: null,
      challengeUrl: null,
      points: 3000,
    });
    expect(view.card).toMatchObject({ last4: "4242" });
  });

  it("a declined card credits nothing, fails the top-up and says why", async () => {
    const { member, cardId } = await memberWithCard("declined");
    const refused = await failure(start(member.id, { amount: "5000", cardId }));
    expect(refused.code).toBe("PAYMENT_FAILED");
    expect(said(refused).message.ja).toContain("このカードはご利用になれませんでした");
    expect(said(refused).message.en).toContain("This card could not be used");
    const [row] = await t.ctx.db.select().from(topUps).where(eq(topUps.userId, member.id));
    expect(row).toMatchObject({ state: "FAILED", amount: 5000 });
    expect(await paymentOf(row!.id)).toMatchObject({ state: "FAILED", failureCode: "card_declined" });
    expect(await pointsOf(member.id)).toBe(0);
    expect(await entriesOf(row!.id)).toHaveLength(0);
    const view = await finishCardTopUp(t.ctx, { userId: member.id, topUpId: row!.id, returnUrl: "x" });
    expect(view.state).toBe("FAILED");
    expect(view.failure?.key).toBe("cardTopUp.errors.declined");
  });

  it("refuses a bad amount or card with every field's message, and charges nothing", async () => {
    const { member, cardId } = await memberWithCard();
    const other = await memberWithCard();
    const cases: [unknown, unknown, string[]][] = [
      ["abc", cardId, ["amount"]],
      ["499", cardId, ["amount"]],
      ["100001", cardId, ["amount"]],
      ["", undefined, ["amount", "cardId"]],
      ["3000", other.cardId, ["cardId"]],
      ["3000", "car_\u0000", ["cardId"]],
      [{ nested: 1 }, ["x"], ["amount", "cardId"]],
    ];
    for (const [amount, card, fields] of cases) {
      const error = await failure(start(member.id, { amount, cardId: card }));
      expect(error.code).toBe("VALIDATION");
      expect(Object.keys(error.fields).sort()).toEqual(fields);
    }
    const below = await failure(start(member.id, { amount: "499", cardId }));
    expect(said(below).fields.amount!.ja).toContain("500");
    const noCard = await failure(start(member.id, { amount: "3000" }));
    expect(said(noCard).fields.cardId!.ja).toBe("お支払いに使うカードを選んでください");
    expect(await t.ctx.db.select().from(topUps).where(eq(topUps.userId, member.id))).toEqual([]);
    expect(await failure(start(member.id, { amount: "3000", cardId }, "short"))).toMatchObject({
      code: "VALIDATION",
    });
    expect(await pointsOf(member.id)).toBe(0);
  });

  it("answers a repeated confirm with the same top-up and never charges twice", async () => {
    const { member, cardId } = await memberWithCard();
    const key = randomUUID();
    const [a, b] = await Promise.all([
      start(member.id, { amount: "1200", cardId }, key),
      start(member.id, { amount: "1200", cardId }, key),
    ]);
    expect(a.topUp.id).toBe(b.topUp.id);
    const again = await start(member.id, { amount: "1200", cardId }, key);
    expect(again.topUp).toMatchObject({ id: a.topUp.id, state: "PAID" });
    expect(await pointsOf(member.id)).toBe(1200);
    expect(await t.ctx.db.select().from(topUps).where(eq(topUps.userId, member.id))).toHaveLength(1);
    const changed = await failure(start(member.id, { amount: "1300", cardId }, key));
    expect(changed.code).toBe("CONFLICT");
  });

  it("passes 3-D Secure: waits for the challenge, then credits the points on return", async () => {
    const { member, cardId } = await memberWithCard("challenge");
    const started = await start(member.id, { amount: "10000", cardId });
    expect(started.topUp.state).toBe("PENDING");
    expect(started.redirectUrl).toMatch(/\/sandbox\/payments\/challenge\/ch_[0-9a-f]+\/\?return=/);
    expect(decodeURIComponent(started.redirectUrl!)).toContain(
      `/ja/balance/order-points/card/result/?id=${started.topUp.id}`,
    );
    expect(await pointsOf(member.id)).toBe(0);
    // Back before deciding: still waiting, with the way to the challenge.
    const early = await finishCardTopUp(t.ctx, {
      userId: member.id,
      topUpId: started.topUp.id,
      returnUrl: returnUrl(started.topUp.id),
    });
    expect(early).toMatchObject({ state: "PENDING", failure: null });
    expect(early.challengeUrl).toBe(started.redirectUrl);
    const chargeId = /challenge\/(ch_[0-9a-f]+)/.exec(started.redirectUrl!)![1]!;
    await decideSandboxChallenge(t.ctx, { chargeId, pass: true });
    const view = await finishCardTopUp(t.ctx, {
      userId: member.id,
      topUpId: started.topUp.id,
      returnUrl: returnUrl(started.topUp.id),
    });
    expect(view).toMatchObject({ state: "PAID", amount: 10000, points: 10000, challengeUrl: null });
    // Coming back again changes nothing.
    await finishCardTopUp(t.ctx, { userId: member.id, topUpId: started.topUp.id, returnUrl: "x" });
    expect(await pointsOf(member.id)).toBe(10000);
    expect(await entriesOf(started.topUp.id)).toHaveLength(1);
    // Someone else's top-up is not found.
    const stranger = await makeMember(t.ctx);
    const hidden = await failure(
      finishCardTopUp(t.ctx, { userId: stranger.id, topUpId: started.topUp.id, returnUrl: "x" }),
    );
    expect(hidden.code).toBe("NOT_FOUND");
  });

  it("fails 3-D Secure: no points, the top-up FAILED with the reason", async () => {
    const { member, cardId } = await memberWithCard("challenge");
    const started = await start(member.id, { amount: "2000", cardId });
    const chargeId = /challenge\/(ch_[0-9a-f]+)/.exec(started.redirectUrl!)![1]!;
    await decideSandboxChallenge(t.ctx, { chargeId, pass: false });
    const view = await finishCardTopUp(t.ctx, {
      userId: member.id,
      topUpId: started.topUp.id,
      returnUrl: "x",
    });
    expect(view).toMatchObject({ state: "FAILED", points: 0 });
    expect(view.failure?.key).toBe("cardTopUp.errors.secureFailed");
    expect(await paymentOf(started.topUp.id)).toMatchObject({ state: "FAILED" });
    expect(await entriesOf(started.topUp.id)).toHaveLength(0);
  });

  it("gives up an abandoned 3-D Secure challenge: the hold is released, the top-up cancelled", async () => {
    const { member, cardId } = await memberWithCard("challenge");
    const started = await start(member.id, { amount: "2500", cardId });
    t.clock.advance(CARD_TOP_UP_CHALLENGE_MS + 60_000);
    await syncTopUps(t.ctx);
    const [row] = await t.ctx.db.select().from(topUps).where(eq(topUps.id, started.topUp.id));
    expect(row!.state).toBe("CANCELED");
    const payment = await paymentOf(started.topUp.id);
    expect(["VOIDED", "EXPIRED"]).toContain(payment.state);
    expect(await pointsOf(member.id)).toBe(0);
    const view = await finishCardTopUp(t.ctx, {
      userId: member.id,
      topUpId: started.topUp.id,
      returnUrl: "x",
    });
    expect(view.state).toBe("CANCELED");
    expect(view.failure).not.toBeNull();
    expect(view.challengeUrl).toBeNull();
  });

  it("applies a repeated capture once, however often and however it arrives", async () => {
    const { member, cardId } = await memberWithCard("challenge");
    const started = await start(member.id, { amount: "4000", cardId });
    const chargeId = /challenge\/(ch_[0-9a-f]+)/.exec(started.redirectUrl!)![1]!;
    await decideSandboxChallenge(t.ctx, { chargeId, pass: true });
    // The member never comes back; the provider finishes the charge and its events arrive.
    await t.ctx.payments.finishThreeDSecure(chargeId);
    const event = sandboxChargeEvent(t.ctx, chargeId);
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () =>
        receivePaymentWebhook(t.ctx, { provider: "sandbox", ...event, purposes }),
      ),
    );
    // One delivery applies it; the five repeats are replays, refused (401).
    expect(results.filter((r) => r.status === "fulfilled" && r.value.applied)).toHaveLength(1);
    expect(
      results.filter((r) => r.status === "rejected" && isAppError(r.reason) && r.reason.status === 401),
    ).toHaveLength(5);
    expect(await pointsOf(member.id)).toBe(4000);
    // Fresh events about the same (now captured) charge, and the charge applied again directly.
    const captured = (await t.ctx.payments.getCharge(chargeId))!;
    expect(captured.status).toBe("captured");
    await Promise.all([
      receivePaymentWebhook(t.ctx, { provider: "sandbox", ...sandboxChargeEvent(t.ctx, chargeId), purposes }),
      receivePaymentWebhook(t.ctx, { provider: "sandbox", ...sandboxChargeEvent(t.ctx, chargeId), purposes }),
      applyCharge(t.ctx, (await paymentOf(started.topUp.id)).id, captured, topUpPurpose),
    ]);
    await finishCardTopUp(t.ctx, { userId: member.id, topUpId: started.topUp.id, returnUrl: "x" });
    expect(await pointsOf(member.id)).toBe(4000);
    expect(await entriesOf(started.topUp.id)).toHaveLength(1);
    const [row] = await t.ctx.db.select().from(topUps).where(eq(topUps.id, started.topUp.id));
    expect(row).toMatchObject({ state: "PAID" });
    expect(
      await t.ctx.db
        .select()
        .from(payments)
        .where(and(eq(payments.purpose, "top_up"), eq(payments.chargeId, chargeId))),
    ).toHaveLength(1);
  });

  it("refunds money that arrives for a top-up that has already ended", async () => {
    const { member, cardId } = await memberWithCard("challenge");
    const started = await start(member.id, { amount: "1500", cardId });
    const chargeId = /challenge\/(ch_[0-9a-f]+)/.exec(started.redirectUrl!)![1]!;
    // The top-up is given up while the issuer still decides; then the charge is taken anyway.
    await t.ctx.db.update(topUps).set({ state: "CANCELED" }).where(eq(topUps.id, started.topUp.id));
    await decideSandboxChallenge(t.ctx, { chargeId, pass: true });
    await t.ctx.payments.finishThreeDSecure(chargeId);
    const taken = await t.ctx.payments.capture(chargeId);
    const payment = await applyCharge(t.ctx, (await paymentOf(started.topUp.id)).id, taken, topUpPurpose);
    expect(payment.state).toBe("REFUNDED");
    expect(await pointsOf(member.id)).toBe(0);
    expect(await getBalance(t.ctx, { userId: member.id })).toMatchObject({ payment: 0 });
  });
});
