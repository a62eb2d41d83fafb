import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { createJobRunner } from "#core/jobs/job-runner.ts";
import type { PaymentGateway } from "#core/money/payments/gateway.ts";
import { receivePaymentWebhook } from "#core/money/payments/receive-webhook.ts";
import {
  decideSandboxChallenge,
  SANDBOX_SIGNATURE_HEADER,
  signSandboxEvent,
} from "#core/money/payments/sandbox-gateway.ts";
import type { SandboxCardBehaviour } from "#core/money/payments/test-cards.ts";
import type { manualClock } from "#core/shared/clock.ts";
import type { CoreContext } from "#core/shared/context.ts";
import { isAppError } from "#core/shared/errors.ts";
import { cancelTransaction } from "#core/trading/cancel-transaction.ts";
import { finishSecurePurchase } from "#core/trading/finish-secure-purchase.ts";
import { purchaseItem } from "#core/trading/purchase-item.ts";
import { reconcilePurchases, STALE_ATTEMPT_MS } from "#core/trading/reconcile-purchases.ts";
import { TRADING_JOB_HANDLERS } from "#core/trading/trading-jobs.ts";
import { AUTH_TTL_MS } from "#core/trading/transaction-states.ts";
import { items, jobs, ledgerAccounts, payments, purchaseAttempts, transactions } from "#db/schema/index.ts";
import { PAYMENT_PURPOSES } from "#server/payment-purposes.ts";
import { listItem, makeMember } from "../helpers/catalog.ts";
import { cardToken, makeBuyer } from "../helpers/trading.ts";

/**
 * A seeded simulation of one item's sale: buyers with cards that succeed, decline or ask for
 * 3-D Secure; challenges passed, failed or abandoned; provider events delivered late, twice or out
 * of order; cancellations; expiry timers; reconciliation; and a crash of the serving process at a
 * random provider call (before or after the provider acted), followed by a restart. Steps run one
 * at a time in an order drawn from the seed, so a failing seed replays exactly. Answers the
 * invariants that were broken (none, when all is well).
 */
export async function simulatePurchase(
  ctx: CoreContext,
  clock: ReturnType<typeof manualClock>,
  seed: number,
): Promise<{ violations: string[]; steps: string[] }> {
  const rand = mulberry32(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const steps: string[] = [];
  const violations: string[] = [];

  const seller = await makeMember(ctx);
  const itemId = await listItem(ctx, seller, { price: "3000" });
  const kinds: SandboxCardBehaviour[] = ["success", "success", "challenge", "challenge", "declined"];
  const buyers = await Promise.all(
    Array.from({ length: 2 + Math.floor(rand() * 2) }, async () => ({
      user: await makeBuyer(ctx),
      kind: pick(kinds),
      key: randomUUID(),
    })),
  );

  // The serving process: its card calls fail from the crash point on, as if it had died there.
  const crashAt = 1 + Math.floor(rand() * 8);
  const crashAfter = rand() < 0.5;
  let calls = 0;
  let dead = false;
  const real = ctx.payments;
  const crash = () => new SimulatedCrash();
  const wrap =
    <A extends unknown[], R>(fn: (...a: A) => Promise<R>) =>
    async (...a: A): Promise<R> => {
      if (dead) throw crash();
      calls += 1;
      if (calls !== crashAt) return fn(...a);
      dead = true;
      if (crashAfter) await fn(...a);
      throw crash();
    };
  const dying: PaymentGateway = {
    ...real,
    authorize: wrap(real.authorize),
    capture: wrap(real.capture),
    void: wrap(real.void),
    refund: wrap(real.refund),
    finishThreeDSecure: wrap(real.finishThreeDSecure),
    getCharge: wrap(real.getCharge),
    findCharge: wrap(real.findCharge),
  };
  let serving: CoreContext = { ...ctx, payments: dying };
  const runner = () => createJobRunner({ ctx, handlers: TRADING_JOB_HANDLERS });

  async function attempt(label: string, fn: () => Promise<unknown>) {
    steps.push(label);
    try {
      await fn();
    } catch (error) {
      // Reconciliation reports every request it could not resume together, once its round is over.
      const errors = error instanceof AggregateError ? error.errors : [error];
      for (const e of errors) {
        if (e instanceof SimulatedCrash || isAppError(e)) continue;
        violations.push(`${label}: unexpected ${e instanceof Error ? e.message : String(e)}`);
      }
    }
  }

  async function restart() {
    steps.push("restart");
    serving = { ...ctx, payments: real };
    dead = false;
    calls = Number.NEGATIVE_INFINITY;
    clock.advance(STALE_ATTEMPT_MS + 1000);
    await attempt("reconcile after restart", () => reconcilePurchases(serving));
  }

  async function deliverEvents(o: { shuffle: boolean; twice: boolean }) {
    const queued = await ctx.db
      .select({ id: jobs.id, payload: jobs.payload })
      .from(jobs)
      .where(and(eq(jobs.name, "payments.sandbox.deliver-event"), eq(jobs.state, "pending")));
    const bodies = queued.map((j) => (j.payload as { body: string }).body);
    const order = o.shuffle ? shuffle(bodies, rand) : bodies;
    for (const body of o.twice ? [...order, ...order] : order) {
      await attempt("webhook", () =>
        receivePaymentWebhook(serving, {
          provider: real.name,
          headers: { [SANDBOX_SIGNATURE_HEADER]: signSandboxEvent(ctx.secret, body, clock.now()) },
          body,
          purposes: PAYMENT_PURPOSES,
        }),
      );
    }
    if (queued.length) {
      await ctx.db
        .update(jobs)
        .set({ state: "done" })
        .where(
          inArray(
            jobs.id,
            queued.map((j) => j.id),
          ),
        );
    }
  }

  const purchase = async (b: (typeof buyers)[number], again: boolean) => {
    const token = again ? "tok_replayed" : await cardToken(ctx, b.kind);
    await attempt(`purchase ${b.user.id} ${b.kind}${again ? " again" : ""}`, () =>
      purchaseItem(serving, {
        actor: b.user,
        itemId,
        idempotencyKey: b.key,
        input: { paymentMethod: "card", cardToken: token },
        returnUrl: "http://tsugu.test/ja/items/1/secure/result/",
      }),
    );
  };

  const ops: (() => Promise<void>)[] = [
    ...buyers.map((b) => () => purchase(b, false)),
    ...buyers.map((b) => () => purchase(b, false)),
    ...buyers.map((b) => async () => {
      const charge = await pendingChargeOf(ctx, b.user.id, itemId);
      if (!charge) return;
      const pass = rand() < 0.7;
      await attempt(`3-D Secure ${pass ? "passed" : "failed"} by ${b.user.id}`, () =>
        decideSandboxChallenge(ctx, { chargeId: charge, pass }),
      );
    }),
    ...buyers.map(
      (b) => () =>
        attempt(`back from 3-D Secure ${b.user.id}`, () =>
          finishSecurePurchase(serving, { actor: b.user, itemId }),
        ),
    ),
    () => deliverEvents({ shuffle: true, twice: rand() < 0.5 }),
    () => deliverEvents({ shuffle: false, twice: false }),
    async () => {
      steps.push("30 minutes pass");
      clock.advance(AUTH_TTL_MS + 1000);
      await attempt("timers", () => runner().runDue());
    },
    async () => {
      clock.advance(STALE_ATTEMPT_MS + 1000);
      await attempt("reconcile", () => reconcilePurchases(serving));
    },
    ...buyers.map((b) => async () => {
      const [t] = await ctx.db
        .select()
        .from(transactions)
        .where(
          and(
            eq(transactions.itemId, itemId),
            eq(transactions.buyerId, b.user.id),
            eq(transactions.state, "START"),
          ),
        );
      if (!t) return;
      await attempt(`cancel ${t.id}`, async () => {
        await cancelTransaction(serving, {
          actor: b.user,
          transactionId: t.id,
          step: "request",
          request: { reason: "ordered_by_mistake" },
        });
        await cancelTransaction(serving, { actor: seller, transactionId: t.id, step: "agree" });
      });
    }),
  ];
  const order = shuffle(ops, rand).slice(0, 6 + Math.floor(rand() * (ops.length - 5)));
  for (const op of order) {
    await op();
    if (dead) await restart();
  }

  // Everything settles: the provider's events all arrive, the timers fire, reconciliation runs.
  if (dead) await restart();
  serving = { ...ctx, payments: real };
  await deliverEvents({ shuffle: true, twice: true });
  clock.advance(AUTH_TTL_MS + 1000);
  await attempt("timers", () => runner().runDue());
  for (let i = 0; i < 2; i++) {
    clock.advance(STALE_ATTEMPT_MS + 1000);
    await attempt("final reconcile", () => reconcilePurchases(serving));
    await deliverEvents({ shuffle: true, twice: false });
    await attempt("timers", () => runner().runDue());
  }

  violations.push(...(await checkInvariants(ctx, { itemId, buyers: buyers.map((b) => b.user) })));
  return { violations, steps };
}

export class SimulatedCrash extends Error {
  override name = "SimulatedCrash";
}

async function pendingChargeOf(ctx: CoreContext, buyerId: number, itemId: number): Promise<string | null> {
  const [row] = await ctx.db
    .select({ chargeId: payments.chargeId })
    .from(payments)
    .innerJoin(purchaseAttempts, eq(purchaseAttempts.id, payments.attemptId))
    .where(
      and(
        eq(payments.buyerId, buyerId),
        eq(purchaseAttempts.itemId, itemId),
        eq(payments.chargeStatus, "requires_3ds"),
      ),
    );
  return row?.chargeId ?? null;
}

const PAID = ["START", "PENDING", "CANCELING", "SHIPPING", "REVIEWED_BY_BUYER", "COMPLETED"];

/**
 * After everything settled: one live sale at most, the item sold exactly when it has one; every
 * charge the provider took matched by a paid sale or given back, never both and never neither; no
 * hold left on a card; no member account below zero.
 */
export async function checkInvariants(
  ctx: CoreContext,
  o: { itemId: number; buyers: { id: number }[] },
): Promise<string[]> {
  const v: string[] = [];
  const sales = await ctx.db.select().from(transactions).where(eq(transactions.itemId, o.itemId));
  const live = sales.filter((t) => t.state !== "INVALID" && t.state !== "CANCELED");
  if (live.length > 1) v.push(`${live.length} live sales of one item`);
  const stuck = sales.filter((t) => t.state === "AUTH");
  if (stuck.length) v.push(`sales still waiting for a card: ${stuck.map((t) => t.id).join(", ")}`);
  const [item] = await ctx.db.select({ state: items.state }).from(items).where(eq(items.id, o.itemId));
  const sold = live.some((t) => PAID.includes(t.state));
  if ((item?.state === "SOLD") !== sold) v.push(`item is ${item?.state} with ${live.length} live sales`);

  const ours = await ctx.db
    .select({ payment: payments })
    .from(payments)
    .innerJoin(purchaseAttempts, eq(purchaseAttempts.id, payments.attemptId))
    .where(eq(purchaseAttempts.itemId, o.itemId));
  for (const { payment } of ours) {
    // The provider's own word (a challenge left too long reads as expired), found by our reference.
    const charge = await ctx.payments.findCharge(payment.reference, payment.createdAt);
    const status = charge?.status ?? "none";
    const sale = sales.find((t) => t.id === payment.transactionId);
    const paidSale = sale !== undefined && PAID.includes(sale.state);
    if (status === "authorized" || status === "requires_3ds")
      v.push(`payment ${payment.id}: a hold left on the card (${status})`);
    if (status === "captured" && !(paidSale && payment.state === "COMPLETED")) {
      v.push(
        `payment ${payment.id}: charge taken but sale is ${sale?.state ?? "none"}, payment ${payment.state}`,
      );
    }
    if (paidSale && status !== "captured")
      v.push(`payment ${payment.id}: sale ${sale.state} without money (${status})`);
    if (status === "refunded" && payment.state !== "REFUNDED")
      v.push(`payment ${payment.id}: refunded but recorded ${payment.state}`);
    if (
      payment.state === "INCOMPLETED" ||
      payment.state === "AUTHORIZED" ||
      payment.state === "CAPTURED" ||
      payment.state === "REFUNDING"
    ) {
      // What it would take to close it, for whoever reads the failure.
      const [attempt] = await ctx.db
        .select({ state: purchaseAttempts.state })
        .from(purchaseAttempts)
        .where(eq(purchaseAttempts.id, payment.attemptId!));
      v.push(
        `payment ${payment.id}: left open in ${payment.state} (charge ${payment.chargeId ?? "none"}, provider ${status}, sale ${sale ? `${sale.id} ${sale.state}` : "none"}, attempt ${attempt?.state ?? "none"}, updated ${payment.updatedAt.toISOString()})`,
      );
    }
  }
  const negative = await ctx.db
    .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(
      inArray(
        ledgerAccounts.userId,
        o.buyers.map((b) => b.id),
      ),
    );
  for (const a of negative) if (a.balance < 0) v.push(`account ${a.id} below zero: ${a.balance}`);
  return v;
}

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffle<T>(xs: readonly T[], rand: () => number): T[] {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
