import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { payments, purchaseAttempts, transactions } from "#db/schema/index.ts";
import { listItem, makeMember } from "#tests/helpers/catalog.ts";
import { createTestCore, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import { expectLedgerInvariants } from "#tests/helpers/ledger.ts";
import { cardToken, makeBuyer, sandboxChargeEvent } from "#tests/helpers/trading.ts";
import { checkInvariants } from "#tests/sim/purchase-simulation.ts";
import { createJobRunner } from "../jobs/job-runner.ts";
import { getBalance } from "../money/ledger/get-balance.ts";
import type { PaymentGateway } from "../money/payments/gateway.ts";
import { receivePaymentWebhook } from "../money/payments/receive-webhook.ts";
import { decideSandboxChallenge } from "../money/payments/sandbox-gateway.ts";
import { topUpPurpose } from "../money/top-ups/card-top-up.ts";
import type { CoreContext } from "../shared/context.ts";
import { finishSecurePurchase } from "./finish-secure-purchase.ts";
import { ATTEMPT_HEARTBEAT_MS, purchaseItem } from "./purchase-item.ts";
import { purchasePurpose } from "./purchase-payment.ts";
import { reconcilePurchases, STALE_ATTEMPT_MS } from "./reconcile-purchases.ts";
import { TRADING_JOB_HANDLERS } from "./trading-jobs.ts";
import { AUTH_TTL_MS } from "./transaction-states.ts";

type Step = "authorize" | "capture" | "finishThreeDSecure";

/** The provider does what it was asked, and then the process dies before hearing the answer. */
function dyingAfter(real: PaymentGateway, step: Step): PaymentGateway {
  return {
    ...real,
    [step]: async (...args: unknown[]) => {
      await (real[step] as (...a: unknown[]) => Promise<unknown>)(...args);
      throw new Error("killed");
    },
  };
}

describe.each(ENGINES)("crash drills on %s", (engine) => {
  let t: TestCore;
  beforeAll(async () => {
    t = await createTestCore(engine, "2026-11-22T05:00:00Z");
  });
  afterAll(async () => {
    await expectLedgerInvariants(t.ctx.db);
    await t.close();
  });
  const RETURN = "http://tsugu.test/ja/items/1/secure/result/";
  const restart = async () => {
    t.clock.advance(STALE_ATTEMPT_MS + 1000);
    await reconcilePurchases(t.ctx);
    await createJobRunner({ ctx: t.ctx, handlers: TRADING_JOB_HANDLERS }).runDue();
  };
  const setUp = async () => {
    const seller = await makeMember(t.ctx);
    const buyer = await makeBuyer(t.ctx);
    const itemId = await listItem(t.ctx, seller, { price: "3000" });
    return { seller, buyer, itemId };
  };
  const buy = async (
    ctx: CoreContext,
    buyer: Awaited<ReturnType<typeof makeBuyer>>,
    itemId: number,
    kind: "success" | "challenge",
  ) =>
    purchaseItem(ctx, {
      actor: buyer,
      itemId,
      idempotencyKey: randomUUID(),
      input: { paymentMethod: "card", cardToken: await cardToken(t.ctx, kind) },
      returnUrl: RETURN,
    });
  const saleOf = async (itemId: number) =>
    t.ctx.db.select().from(transactions).where(eq(transactions.itemId, itemId));
  const expectSettled = async (itemId: number, buyer: { id: number }) => {
    expect(await checkInvariants(t.ctx, { itemId, buyers: [buyer] })).toEqual([]);
    await expectLedgerInvariants(t.ctx.db);
  };

  it("killed after the provider's authorisation: the attempt resumes and the sale is paid once", async () => {
    const { buyer, itemId } = await setUp();
    await expect(
      buy({ ...t.ctx, payments: dyingAfter(t.ctx.payments, "authorize") }, buyer, itemId, "success"),
    ).rejects.toThrow("killed");
    await restart();
    expect((await saleOf(itemId)).map((s) => s.state)).toEqual(["START"]);
    expect((await getBalance(t.ctx, { userId: buyer.id })).escrow).toBe(3000);
    await expectSettled(itemId, buyer);
  });

  it("killed after the capture, before the ledger commit: reconciliation settles the paid sale, never fails it", async () => {
    const { buyer, itemId } = await setUp();
    await expect(
      buy({ ...t.ctx, payments: dyingAfter(t.ctx.payments, "capture") }, buyer, itemId, "success"),
    ).rejects.toThrow("killed");
    const [before] = await saleOf(itemId);
    expect(before!.state).toBe("AUTH");
    await restart();
    expect((await saleOf(itemId)).map((s) => s.state)).toEqual(["START"]);
    const [payment] = await t.ctx.db.select().from(payments).where(eq(payments.transactionId, before!.id));
    expect(payment!.state).toBe("COMPLETED");
    await expectSettled(itemId, buyer);
  });

  it("killed while finishing 3-D Secure: the buyer who passed keeps the item and is told so", async () => {
    const { buyer, itemId } = await setUp();
    const started = await buy(t.ctx, buyer, itemId, "challenge");
    const chargeId = /challenge\/(ch_[0-9a-f]+)/.exec(started.redirectUrl!)![1]!;
    await decideSandboxChallenge(t.ctx, { chargeId, pass: true });
    await expect(
      finishSecurePurchase(
        { ...t.ctx, payments: dyingAfter(t.ctx.payments, "finishThreeDSecure") },
        { actor: buyer, itemId },
      ),
    ).rejects.toThrow("killed");
    // Back from the challenge page again after the restart: paid, not "3-D Secure failed".
    expect((await finishSecurePurchase(t.ctx, { actor: buyer, itemId })).state).toBe("START");
    await restart();
    await expectSettled(itemId, buyer);
  });

  it("a webhook and reconciliation racing on the same charge settle it once", async () => {
    const { buyer, itemId } = await setUp();
    const started = await buy(t.ctx, buyer, itemId, "challenge");
    const chargeId = /challenge\/(ch_[0-9a-f]+)/.exec(started.redirectUrl!)![1]!;
    await decideSandboxChallenge(t.ctx, { chargeId, pass: true });
    await t.ctx.payments.finishThreeDSecure(chargeId);
    const { body, headers } = sandboxChargeEvent(t.ctx, chargeId);
    t.clock.advance(STALE_ATTEMPT_MS + 1000);
    await Promise.all([
      receivePaymentWebhook(t.ctx, {
        provider: "sandbox",
        headers,
        body,
        purposes: { purchase: purchasePurpose, top_up: topUpPurpose },
      }),
      reconcilePurchases(t.ctx),
      reconcilePurchases(t.ctx),
      finishSecurePurchase(t.ctx, { actor: buyer, itemId }),
    ]);
    expect((await saleOf(itemId)).map((s) => s.state)).toEqual(["START"]);
    expect((await getBalance(t.ctx, { userId: buyer.id })).escrow).toBe(3000);
    await expectSettled(itemId, buyer);
  });

  it("the expiry timer meeting a late capture keeps the paid sale instead of cancelling it", async () => {
    const { buyer, itemId } = await setUp();
    const started = await buy(t.ctx, buyer, itemId, "challenge");
    const chargeId = /challenge\/(ch_[0-9a-f]+)/.exec(started.redirectUrl!)![1]!;
    await decideSandboxChallenge(t.ctx, { chargeId, pass: true });
    // The provider finished and took the money, but our side never heard (the process died).
    await t.ctx.payments.finishThreeDSecure(chargeId);
    await t.ctx.payments.capture(chargeId);
    t.clock.advance(AUTH_TTL_MS + 1000);
    await createJobRunner({ ctx: t.ctx, handlers: TRADING_JOB_HANDLERS }).runDue();
    expect((await saleOf(itemId)).map((s) => s.state)).toEqual(["START"]);
    await restart();
    await expectSettled(itemId, buyer);
  });

  it("the provider's event settling the sale while the request runs: the buyer is told it bought the item", async () => {
    const { buyer, itemId } = await setUp();
    const real = t.ctx.payments;
    let raced = false;
    // The purchase asks for the charge; before the answer reaches it, the provider's own event
    // arrives and settles everything: the purchase then reads a charge already captured.
    const racing: PaymentGateway = {
      ...real,
      async getCharge(chargeId) {
        const stale = await real.getCharge(chargeId);
        if (!raced && stale?.status === "authorized") {
          raced = true;
          await receivePaymentWebhook(t.ctx, {
            provider: "sandbox",
            ...sandboxChargeEvent(t.ctx, chargeId),
            purposes: { purchase: purchasePurpose, top_up: topUpPurpose },
          });
          return real.getCharge(chargeId);
        }
        return stale;
      },
    };
    const bought = await buy({ ...t.ctx, payments: racing }, buyer, itemId, "success");
    expect(raced).toBe(true);
    expect(bought).toMatchObject({ state: "START", redirectUrl: null });
    const [sale] = await saleOf(itemId);
    const [payment] = await t.ctx.db.select().from(payments).where(eq(payments.transactionId, sale!.id));
    expect([sale!.state, payment!.state, (await real.getCharge(payment!.chargeId!))?.status]).toEqual([
      "START",
      "COMPLETED",
      "captured",
    ]);
    await expectSettled(itemId, buyer);
  });

  it("a request slower than reconciliation's staleness keeps its attempt: reconciliation leaves it running", async () => {
    const { buyer, itemId } = await setUp();
    const real = t.ctx.payments;
    let resumed = -1;
    // The provider holds the money, then is slow to say so: past the time after which
    // reconciliation takes an attempt for abandoned. The request still runs, and says so.
    const slow: PaymentGateway = {
      ...real,
      async authorize(...args) {
        const answer = await real.authorize(...args);
        if (resumed === -1) {
          const [attempt] = await t.ctx.db
            .select()
            .from(purchaseAttempts)
            .where(eq(purchaseAttempts.itemId, itemId));
          t.clock.advance(STALE_ATTEMPT_MS + 1000);
          await vi.waitFor(
            async () => {
              const [now] = await t.ctx.db
                .select()
                .from(purchaseAttempts)
                .where(eq(purchaseAttempts.id, attempt!.id));
              expect(now!.updatedAt.getTime()).toBe(t.clock.now().getTime());
            },
            { timeout: 10 * ATTEMPT_HEARTBEAT_MS, interval: 50 },
          );
          resumed = await reconcilePurchases(t.ctx);
        }
        return answer;
      },
    };
    const bought = await buy({ ...t.ctx, payments: slow }, buyer, itemId, "success");
    expect(resumed).toBe(0);
    expect(bought).toMatchObject({ state: "START", redirectUrl: null });
    expect((await saleOf(itemId)).map((sale) => sale.state)).toEqual(["START"]);
    await expectSettled(itemId, buyer);
  });

  it("a capture that arrives after the purchase failed is refunded, never kept", async () => {
    const { buyer, itemId } = await setUp();
    const started = await buy(t.ctx, buyer, itemId, "challenge");
    const chargeId = /challenge\/(ch_[0-9a-f]+)/.exec(started.redirectUrl!)![1]!;
    await decideSandboxChallenge(t.ctx, { chargeId, pass: true });
    await t.ctx.payments.finishThreeDSecure(chargeId);
    // Our side gives up (say the expiry ran with a stale view) while the provider still holds it.
    await t.ctx.db
      .update(transactions)
      .set({ authExpiresAt: null })
      .where(eq(transactions.id, started.transactionId));
    const { changeState } = await import("../state/change-state.ts");
    const { TRANSACTION_MACHINE } = await import("./transaction-states.ts");
    await changeState(t.ctx, {
      machine: TRANSACTION_MACHINE,
      table: transactions,
      id: started.transactionId,
      action: "fail_payment",
      actor: { role: "system" },
    });
    await t.ctx.payments.capture(chargeId);
    await restart();
    const [payment] = await t.ctx.db
      .select()
      .from(payments)
      .where(eq(payments.transactionId, started.transactionId));
    expect(payment!.state).toBe("REFUNDED");
    expect((await t.ctx.payments.getCharge(chargeId))?.status).toBe("refunded");
    await expectLedgerInvariants(t.ctx.db);
  });
});
