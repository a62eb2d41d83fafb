import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { payments } from "#db/schema/index.ts";
import type { CoreContext } from "../../shared/context.ts";
import { isAppError } from "../../shared/errors.ts";
import { changeState, recordCreation } from "../../state/change-state.ts";
import { memberAccount, platformAccount } from "../ledger/accounts.ts";
import { postEntry } from "../ledger/post-entry.ts";
import type { Charge } from "./gateway.ts";
import type { PaymentPurpose } from "./payment-purpose.ts";
import { PAYMENT_MACHINE, type PaymentAction, type PaymentRow } from "./payment-states.ts";
import { chargeMeaning, readProviderStatus } from "./payment-status.ts";

export async function loadPayment(db: Db, id: number, lock = false): Promise<PaymentRow> {
  const query = db.select().from(payments).where(eq(payments.id, id)).limit(1);
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw new Error(`No payment ${id}`);
  return row;
}

/** Records a new payment (INCOMPLETED) before the provider is called, so a crash leaves a trace. */
export async function createPayment(
  ctx: Pick<CoreContext, "db" | "clock" | "payments">,
  o: {
    purpose: PaymentRow["purpose"];
    payerId: number;
    amount: number;
    reference: string;
    attemptId?: number | null;
  },
): Promise<PaymentRow> {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const [row] = await tx
      .insert(payments)
      .values({
        purpose: o.purpose,
        attemptId: o.attemptId ?? null,
        buyerId: o.payerId,
        provider: ctx.payments.name,
        reference: o.reference,
        amount: o.amount,
        state: "INCOMPLETED",
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await recordCreation(
      { db: tx, clock: ctx.clock },
      { machine: PAYMENT_MACHINE, id: row!.id, state: "INCOMPLETED", actor: { role: "system" } },
    );
    return row!;
  });
}

/** Moves a payment by `action` from the state it was read in (see `changeState`). */
export async function movePayment(
  ctx: Pick<CoreContext, "db" | "clock">,
  payment: PaymentRow,
  action: PaymentAction,
  o: {
    reason?: string;
    set?: Partial<PaymentRow>;
    actor?: { role: "system" | "operator"; id?: number };
  } = {},
): Promise<PaymentRow> {
  const { to } = await changeState(ctx, {
    machine: PAYMENT_MACHINE,
    table: payments,
    id: payment.id,
    from: payment.state,
    action,
    actor: o.actor ?? { role: "system" },
    reason: o.reason ?? null,
    ...(o.set ? { set: o.set } : {}),
  });
  return { ...payment, ...o.set, state: to };
}

/**
 * The one place a provider's word about a charge is applied: to the payment (following the
 * payment machine) and, through its purpose, to what it pays for. Every caller (the purchase, the
 * return from 3-D Secure, a webhook, the expiry timer, reconciliation) hands the charge it got
 * here. Safe to call again with the same or an older word: it only ever moves forward.
 * A held charge is captured or released as the purpose decides; a taken one is settled for its
 * purpose, or refunded when the purpose has ended; a released one abandons the purpose.
 */
export async function applyCharge(
  ctx: CoreContext,
  paymentId: number,
  charge: Charge,
  purpose: PaymentPurpose,
): Promise<PaymentRow> {
  // Another caller applying the same charge at the same moment may move the payment first; its
  // state is then read again and the charge applied from there (every step only moves forward).
  for (let tries = 1; ; tries++) {
    try {
      return await applyOnce(ctx, paymentId, charge, purpose);
    } catch (error) {
      if (!isAppError(error) || error.code !== "CONFLICT" || tries >= 5) throw error;
    }
  }
}

async function applyOnce(
  ctx: CoreContext,
  paymentId: number,
  charge: Charge,
  purpose: PaymentPurpose,
): Promise<PaymentRow> {
  let payment = await loadPayment(ctx.db, paymentId);
  if (
    payment.chargeId !== charge.id ||
    payment.chargeStatus !== charge.status ||
    payment.failureCode !== charge.failureCode
  ) {
    await ctx.db
      .update(payments)
      .set({ chargeId: charge.id, chargeStatus: charge.status, failureCode: charge.failureCode })
      .where(eq(payments.id, paymentId));
    payment = {
      ...payment,
      chargeId: charge.id,
      chargeStatus: charge.status,
      failureCode: charge.failureCode,
    };
  }
  const meaning = chargeMeaning(charge.status);
  switch (meaning.kind) {
    case "pending":
      return payment;
    case "held": {
      if (payment.state === "CANCELED") {
        // We gave up on it before the provider's answer arrived: let it go.
        return applyCharge(ctx, paymentId, await ctx.payments.void(charge.id), purpose);
      }
      if (payment.state === "INCOMPLETED") payment = await movePayment(ctx, payment, "authorize");
      if (payment.state !== "AUTHORIZED") return payment;
      const decision = await purpose.decide(ctx, payment);
      if (decision === "wait") return payment;
      const next =
        decision === "capture" ? await ctx.payments.capture(charge.id) : await ctx.payments.void(charge.id);
      return applyCharge(ctx, paymentId, next, purpose);
    }
    case "taken":
      return takeCharge(ctx, paymentId, purpose);
    case "released":
      return releasePayment(ctx, paymentId, meaning.action, purpose);
    case "returned":
      if (payment.state !== "REFUNDING") return payment;
      return movePayment(ctx, payment, "confirm_refund");
  }
}

/**
 * The money is taken: in one database transaction, the payment is CAPTURED, the money enters the
 * payer's `payment` account and the purpose settles it (COMPLETED), or, when the purpose has ended,
 * it is owed back (REFUNDING) and the provider is asked to refund it after the commit.
 */
async function takeCharge(ctx: CoreContext, paymentId: number, purpose: PaymentPurpose): Promise<PaymentRow> {
  const outcome = await ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx as unknown as Db };
    let p = await loadPayment(txCtx.db, paymentId, true);
    if (p.state === "COMPLETED" || p.state === "REFUNDING" || p.state === "REFUNDED") {
      return { payment: p, settled: false, refund: p.state === "REFUNDING" };
    }
    if (p.state !== "CAPTURED") p = await movePayment(txCtx, p, "capture");
    await postEntry(txCtx, {
      idempotencyKey: `payment:${p.id}:capture`,
      kind: "card_payment",
      refs: { paymentId: p.id, ...(p.transactionId ? { transactionId: p.transactionId } : {}) },
      lines: [
        { account: platformAccount("card_clearing"), amount: -p.amount },
        { account: memberAccount(p.buyerId, "payment"), amount: p.amount },
      ],
    });
    if (await purpose.settle(txCtx, p)) {
      return { payment: await movePayment(txCtx, p, "complete"), settled: true, refund: false };
    }
    return {
      payment: await owePaymentBack(txCtx, p, "the purpose ended before the money arrived"),
      settled: false,
      refund: true,
    };
  });
  if (outcome.settled) await purpose.afterSettled(ctx, outcome.payment);
  if (outcome.refund) return pushRefund(ctx, outcome.payment.id, purpose);
  return outcome.payment;
}

/**
 * Records in the caller's database transaction that a taken payment is owed back: REFUNDING, and
 * the money leaves the payer's `payment` account for the provider. The provider is told after the
 * commit (`pushRefund`), again by reconciliation if that is cut short.
 */
export async function owePaymentBack(
  ctx: Pick<CoreContext, "db" | "clock">,
  payment: PaymentRow,
  reason: string,
  actor?: { role: "system" | "operator"; id?: number },
): Promise<PaymentRow> {
  const moved = await movePayment(ctx, payment, "refund", { reason, ...(actor ? { actor } : {}) });
  await postEntry(ctx, {
    idempotencyKey: `payment:${payment.id}:refund`,
    kind: "card_refund",
    refs: {
      paymentId: payment.id,
      ...(payment.transactionId ? { transactionId: payment.transactionId } : {}),
    },
    lines: [
      { account: memberAccount(payment.buyerId, "payment"), amount: -payment.amount },
      { account: platformAccount("card_clearing"), amount: payment.amount },
    ],
  });
  return moved;
}

/** Asks the provider to refund a REFUNDING payment (repeatable), and records its answer. */
export async function pushRefund(
  ctx: CoreContext,
  paymentId: number,
  purpose: PaymentPurpose,
): Promise<PaymentRow> {
  const payment = await loadPayment(ctx.db, paymentId);
  if (payment.state !== "REFUNDING" || !payment.chargeId) return payment;
  const charge = await ctx.payments.getCharge(payment.chargeId);
  if (!charge) return payment;
  const after = readProviderStatus(charge.status) === "paid" ? await ctx.payments.refund(charge.id) : charge;
  return applyCharge(ctx, paymentId, after, purpose);
}

/** Nothing was or will be taken: the payment ends, and its purpose is undone, in one transaction. */
async function releasePayment(
  ctx: CoreContext,
  paymentId: number,
  action: "void" | "fail" | "expire",
  purpose: PaymentPurpose,
): Promise<PaymentRow> {
  return ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx as unknown as Db };
    const p = await loadPayment(txCtx.db, paymentId, true);
    let moved: PaymentRow;
    if (p.state === "INCOMPLETED") moved = await movePayment(txCtx, p, action);
    else if (p.state === "AUTHORIZED") moved = await movePayment(txCtx, p, "void");
    else if (p.state === "CANCELED" && action === "void") return movePayment(txCtx, p, "release_late");
    else return p;
    await purpose.abandon(txCtx, moved, action);
    return moved;
  });
}

/**
 * Gives up on a payment that never reached the provider (no charge under its reference): CANCELED,
 * and its purpose undone. A charge that turns up later anyway is released (`release_late`).
 */
export async function cancelPayment(
  ctx: CoreContext,
  paymentId: number,
  purpose: PaymentPurpose,
): Promise<PaymentRow> {
  return ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx as unknown as Db };
    const p = await loadPayment(txCtx.db, paymentId, true);
    if (p.state !== "INCOMPLETED" || p.chargeId) return p;
    const moved = await movePayment(txCtx, p, "cancel");
    await purpose.abandon(txCtx, moved, "cancel");
    return moved;
  });
}

/**
 * Brings one payment up to date with the provider: the charge under its id, or found by its
 * reference when a crash lost the id. With `giveUpPending`, a charge still waiting for 3-D Secure
 * is voided (its time is up). Answers the payment as it now stands.
 */
export async function syncPayment(
  ctx: CoreContext,
  paymentId: number,
  purpose: PaymentPurpose,
  o: { giveUpPending?: boolean } = {},
): Promise<PaymentRow> {
  const payment = await loadPayment(ctx.db, paymentId);
  if (payment.state === "REFUNDING") return pushRefund(ctx, paymentId, purpose);
  const charge = payment.chargeId
    ? await ctx.payments.getCharge(payment.chargeId)
    : await ctx.payments.findCharge(payment.reference, payment.createdAt);
  if (!charge) {
    // The provider never made a charge: once the purpose stopped waiting for one, give up on it.
    if (!payment.chargeId && (await purpose.decide(ctx, payment)) !== "wait") {
      return cancelPayment(ctx, paymentId, purpose);
    }
    return payment;
  }
  if (o.giveUpPending && chargeMeaning(charge.status).kind === "pending") {
    return applyCharge(ctx, paymentId, await ctx.payments.void(charge.id), purpose);
  }
  return applyCharge(ctx, paymentId, charge, purpose);
}
