import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { payments } from "#db/schema/index.ts";
import type { CoreContext } from "../../shared/context.ts";
import { AppError, isAppError, isDatabaseError } from "../../shared/errors.ts";
import type { Message } from "../../shared/i18n/translate.ts";
import { applyCharge, cancelPayment, createPayment, loadPayment, movePayment } from "./apply-charge.ts";
import type { PaymentSource } from "./gateway.ts";
import type { PaymentPurpose } from "./payment-purpose.ts";
import type { PaymentRow } from "./payment-states.ts";
import { readProviderStatus } from "./payment-status.ts";
import { findCustomerId } from "./saved-cards.ts";

/**
 * Where a card payment stands, as its caller acts on it: `paid` (taken and counted for its
 * purpose), `awaiting_3ds` (send the payer to `redirectUrl`; null when no
 * return address was given), `refused` (nothing was taken, or it
 * was given back: answer `error`), or `open` (held or taken but not settled yet: reconciliation
 * finishes it). `replayed`: the idempotency key had been used already; the payment is answered as
 * it stands, the provider not asked again.
 */
export type CardPaymentResult = (
  | { status: "paid"; payment: PaymentRow }
  | { status: "awaiting_3ds"; payment: PaymentRow; redirectUrl: string | null }
  | { status: "refused"; payment: PaymentRow | null; error: AppError }
  | { status: "open"; payment: PaymentRow }
) & { replayed?: true };

/** What a card payment is for: its kind, how the payments core settles it, and the caller's steps. */
type PaidFor = {
  kind: PaymentRow["purpose"];
  purpose: PaymentPurpose;
  /** The purchase request that makes the payment. */
  attemptId?: number | null;
  /**
   * Records what is paid for in the database transaction that records the payment, before the
   * provider is called (a crash then leaves both, linked).
   */
  record?: (ctx: CoreContext, payment: PaymentRow) => Promise<void>;
  /**
   * Claims what is paid for once the card holds the money (or waits for 3-D Secure) and before it
   * is taken. An AppError it throws lets the hold go and is answered as the refusal.
   */
  claim?: (payment: PaymentRow) => Promise<void>;
};

export type StartCardPayment = {
  paidFor: PaidFor;
  payerId: number;
  amount: number;
  /** A card the browser tokenised, or one of the payer's saved cards. */
  card: { token: string } | { savedCardId: string };
  /** Where the card issuer sends the payer back after 3-D Secure. */
  returnUrl: string | ((payment: PaymentRow) => Promise<string>);
  /** Our reference for the charge at the provider: the same key never charges twice. */
  idempotencyKey: string;
  /**
   * The caller runs this key alone (a purchase request): a payment already under it is picked up
   * where it stopped (a charge lost in a crash found by the key) instead of answered as it stands.
   */
  resume?: boolean;
  /**
   * What is paid for can no longer be had: nothing is charged, a hold already under the key is let
   * go, and this error is the refusal.
   */
  giveUp?: AppError;
  messages: { declined: Message; cardRequired: Message; unavailable?: Message };
};

const CLAIMABLE: readonly PaymentRow["state"][] = ["INCOMPLETED", "AUTHORIZED"];
/** Held or taken, not yet counted for its purpose (or not yet held): the provider may move it on. */
export const UNSETTLED: readonly PaymentRow["state"][] = ["INCOMPLETED", "AUTHORIZED", "CAPTURED"];

/**
 * The one way to start a card payment. Records the payment (INCOMPLETED) before the provider is
 * called, asks the provider to hold the amount on the card (with 3-D Secure), applies its answer
 * through the payments core, lets the caller claim what is paid for, then takes the money when the
 * purpose wants it. A declined card fails the payment and its purpose at once.
 */
export async function startCardPayment(ctx: CoreContext, o: StartCardPayment): Promise<CardPaymentResult> {
  const { purpose } = o.paidFor;
  const refused = (payment: PaymentRow | null, error: AppError): CardPaymentResult => ({
    status: "refused",
    payment,
    error,
  });
  const declined = () => new AppError("PAYMENT_FAILED", { message: o.messages.declined });

  let payment = await paymentUnder(ctx.db, o.idempotencyKey);
  const resumed = payment !== null;
  if (payment && !o.resume) return replay(ctx, payment, o);
  if (payment && !payment.chargeId && payment.state === "INCOMPLETED") {
    // Resumed: the provider may hold a charge made under our key before a crash.
    const found = await ctx.payments.findCharge(payment.reference, payment.createdAt);
    if (found) payment = await applyCharge(ctx, payment.id, found, purpose);
  }
  if (o.giveUp) {
    if (payment) payment = await letGo(ctx, payment, purpose);
    return refused(payment, o.giveUp);
  }
  if (!payment) {
    try {
      payment = await recordPayment(ctx, o);
    } catch (error) {
      if (!isDatabaseError(error, "23505")) throw error;
      // The same key at the same moment: that request makes the charge.
      return replay(ctx, (await paymentUnder(ctx.db, o.idempotencyKey))!, o);
    }
  }

  if (!payment.chargeId && payment.state === "INCOMPLETED") {
    const source = await sourceOf(ctx, o);
    let result: Awaited<ReturnType<CoreContext["payments"]["authorize"]>>;
    try {
      result = await ctx.payments.authorize({
        amount: payment.amount,
        source,
        reference: payment.reference,
        threeDSecure: true,
      });
    } catch (error) {
      // Unreachable: a charge made anyway is found by our key later (reconciliation).
      if (!o.messages.unavailable) throw error;
      throw new AppError("UNAVAILABLE", { message: o.messages.unavailable });
    }
    if (!result.ok) {
      const code = result.code;
      const before = payment;
      const failed = await ctx.db.transaction(async (tx) => {
        const txCtx = { ...ctx, db: tx as unknown as Db };
        const moved = await movePayment(txCtx, before, "fail", { set: { failureCode: code } });
        await purpose.abandon(txCtx, moved, "fail");
        return moved;
      });
      return refused(failed, declined());
    }
    payment = await applyCharge(ctx, payment.id, result.charge, purpose);
  }

  const { claim } = o.paidFor;
  if (claim) {
    if (!CLAIMABLE.includes(payment.state)) return refused(payment, declined());
    try {
      await claim(payment);
    } catch (error) {
      if (!isAppError(error)) throw error;
      return refused(await letGo(ctx, await loadPayment(ctx.db, payment.id), purpose), error);
    }
  }
  if (claim || resumed) {
    // What is paid for is claimed: apply the card's current state (taking the money now, or
    // waiting for 3-D Secure).
    payment = await loadPayment(ctx.db, payment.id);
    const charge =
      payment.chargeId && UNSETTLED.includes(payment.state)
        ? await ctx.payments.getCharge(payment.chargeId)
        : null;
    if (charge) payment = await applyCharge(ctx, payment.id, charge, purpose);
  }
  return cardPaymentResult(ctx, await loadPayment(ctx.db, payment.id), o.returnUrl, o.messages.declined);
}

/** Where a payment stands, for its caller (see `CardPaymentResult`). */
export async function cardPaymentResult(
  ctx: CoreContext,
  payment: PaymentRow,
  returnUrl: StartCardPayment["returnUrl"] | null,
  refusal: Message,
): Promise<CardPaymentResult> {
  if (payment.state === "COMPLETED") return { status: "paid", payment };
  // Every other state past the unsettled ones took nothing, or gave it back.
  if (!UNSETTLED.includes(payment.state)) {
    return { status: "refused", payment, error: new AppError("PAYMENT_FAILED", { message: refusal }) };
  }
  if (
    payment.state === "INCOMPLETED" &&
    payment.chargeId &&
    readProviderStatus(payment.chargeStatus) === "awaiting_3ds"
  ) {
    const back = typeof returnUrl === "function" ? await returnUrl(payment) : returnUrl;
    const redirectUrl = back === null ? null : ctx.payments.challengeUrl(payment.chargeId, back);
    return { status: "awaiting_3ds", payment, redirectUrl };
  }
  return { status: "open", payment };
}

async function replay(
  ctx: CoreContext,
  payment: PaymentRow,
  o: StartCardPayment,
): Promise<CardPaymentResult> {
  return { ...(await cardPaymentResult(ctx, payment, o.returnUrl, o.messages.declined)), replayed: true };
}

async function paymentUnder(db: Db, key: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.reference, key)).limit(1);
  return row ?? null;
}

/** The payment, and what the caller records with it, in one database transaction. */
async function recordPayment(ctx: CoreContext, o: StartCardPayment): Promise<PaymentRow> {
  const values = {
    purpose: o.paidFor.kind,
    payerId: o.payerId,
    amount: o.amount,
    reference: o.idempotencyKey,
    attemptId: o.paidFor.attemptId ?? null,
  };
  const { record } = o.paidFor;
  if (!record) return createPayment(ctx, values);
  return ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx as unknown as Db };
    const payment = await createPayment(txCtx, values);
    await record(txCtx, payment);
    return payment;
  });
}

async function sourceOf(ctx: CoreContext, o: StartCardPayment): Promise<PaymentSource> {
  if ("token" in o.card) return { token: o.card.token };
  const customerId = await findCustomerId(ctx, o.payerId);
  if (!customerId) throw new AppError("VALIDATION", { fields: { savedCardId: o.messages.cardRequired } });
  return { customerId, cardId: o.card.savedCardId };
}

/** A payment whose purpose cannot be had: the hold on the card is let go (or the payment given up). */
async function letGo(ctx: CoreContext, payment: PaymentRow, purpose: PaymentPurpose): Promise<PaymentRow> {
  if (!CLAIMABLE.includes(payment.state)) return payment;
  if (payment.chargeId)
    return applyCharge(ctx, payment.id, await ctx.payments.void(payment.chargeId), purpose);
  return cancelPayment(ctx, payment.id, purpose);
}
