import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "#db/client.ts";
import { topUps } from "#db/schema/index.ts";
import type { CoreContext } from "../../shared/context.ts";
import { AppError, isAppError } from "../../shared/errors.ts";
import { type Message, msg } from "../../shared/i18n/translate.ts";
import { parseInput } from "../../shared/parse-input.ts";
import { recordCreation } from "../../state/change-state.ts";
import { BALANCE_FIELD_LABELS, yenField } from "../balance/fields.ts";
import { BALANCE_LIMITS } from "../balance/limits.ts";
import { memberAccount } from "../ledger/accounts.ts";
import { getBalance } from "../ledger/get-balance.ts";
import { finishCardPayment } from "../payments/finish-card-payment.ts";
import type { CardSummary } from "../payments/gateway.ts";
import type { PaymentPurpose } from "../payments/payment-purpose.ts";
import type { PaymentRow } from "../payments/payment-states.ts";
import { readProviderStatus } from "../payments/payment-status.ts";
import { findCustomerId } from "../payments/saved-cards.ts";
import { startCardPayment } from "../payments/start-card-payment.ts";
import { creditTopUp } from "./credit-top-up.ts";
import { moveTopUp } from "./move-top-up.ts";
import { TOP_UP_MESSAGES } from "./start-voucher-top-up.ts";
import { TOP_UP_MACHINE, type TopUpRow } from "./top-up-states.ts";

/** How long a card top-up may wait for the member's 3-D Secure challenge (PAY.JP's limit too). */
export const CARD_TOP_UP_CHALLENGE_MS = 30 * 60 * 1000;

const CARD_TOP_UP_MESSAGES = {
  declined: msg("cardTopUp.errors.declined"),
  secureFailed: msg("cardTopUp.errors.secureFailed"),
  secureExpired: msg("cardTopUp.errors.secureExpired"),
  canceled: msg("cardTopUp.errors.canceled"),
  chooseCard: msg("cardTopUp.errors.chooseCard"),
  requestKey: msg("cardTopUp.errors.requestKey"),
  keyReused: msg("cardTopUp.errors.keyReused"),
  unavailable: msg("cardTopUp.errors.unavailable"),
};

const ZAmount = z.object({
  amount: yenField(BALANCE_LIMITS.topUp.card.min, BALANCE_LIMITS.topUp.card.max),
});
const CARD_ID = /^car_[A-Za-z0-9]{1,64}$/;
const REQUEST_KEY = /^[A-Za-z0-9_-]{8,100}$/;

export type TCardTopUpInput = { amount?: unknown; cardId?: unknown };

/** The top-up the payment pays for (in the caller's transaction, locked with `lock`). */
async function topUpOfPayment(db: Db, paymentId: number, lock = false): Promise<TopUpRow | null> {
  const query = db.select().from(topUps).where(eq(topUps.paymentId, paymentId)).limit(1);
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

/**
 * A card payment for a top-up. Held money is taken while the top-up waits (PENDING) and let go
 * otherwise; taken money becomes paid points through `creditTopUp` (the payer's `payment` account
 * pays for them), once; money that arrives for a top-up that has ended is refunded by the payments
 * core; a payment that ends without money fails the top-up (declined, 3-D Secure failed) or
 * cancels it (abandoned, given up).
 */
export const topUpPurpose: PaymentPurpose = {
  async decide(ctx, payment) {
    const row = await topUpOfPayment(ctx.db, payment.id);
    return row?.state === "PENDING" ? "capture" : "release";
  },

  async settle(ctx, payment) {
    const row = await topUpOfPayment(ctx.db, payment.id, true);
    if (row?.state !== "PENDING") return false;
    await creditTopUp(ctx, row, {
      from: memberAccount(payment.buyerId, "payment"),
      paidAt: ctx.clock.now(),
    });
    return true;
  },

  async afterSettled() {
    // The member is told inside the settlement (creditTopUp), with the points.
  },

  async abandon(ctx, payment, why) {
    const row = await topUpOfPayment(ctx.db, payment.id, true);
    if (row?.state !== "PENDING") return;
    await moveTopUp(ctx, row, why === "fail" ? "fail" : "cancel", { reason: `payment ${why}` });
  },
};

/**
 * Checks a card top-up's form: the amount within the card's limits and one of the member's saved
 * cards. Every field's problem at once; nothing is charged.
 */
async function checkCardTopUp(
  ctx: CoreContext,
  userId: number,
  input: TCardTopUpInput,
): Promise<{ amount: number; cardId: string }> {
  const fields: Record<string, Message> = {};
  let amount = 0;
  try {
    amount = parseInput(ZAmount, { amount: input.amount }, BALANCE_FIELD_LABELS).amount;
  } catch (error) {
    if (!isAppError(error)) throw error;
    Object.assign(fields, error.fields);
  }
  const cardId = typeof input.cardId === "string" && CARD_ID.test(input.cardId) ? input.cardId : null;
  const customerId = await findCustomerId(ctx, userId);
  const cards = customerId && cardId ? await ctx.payments.listCards(customerId) : [];
  if (!cardId || !cards.some((c) => c.id === cardId)) fields.cardId = CARD_TOP_UP_MESSAGES.chooseCard;
  if (Object.keys(fields).length > 0) throw new AppError("VALIDATION", { fields });
  return { amount, cardId: cardId! };
}

export type CardTopUpStart = { topUp: TopUpRow; redirectUrl: string | null };

/**
 * Buys paid points with a saved card, with 3-D Secure. The top-up (PENDING) and its payment are
 * committed together before the provider is called, under a reference made of the member and
 * their request key, so a repeated confirm answers the same top-up and never charges twice.
 * The card is authorised, then taken at once and the points credited; when the issuer asks for
 * 3-D Secure the member is sent to `redirectUrl` and comes back to `returnUrl`. A declined card
 * fails the top-up (PAYMENT_FAILED): no points, nothing charged.
 */
export async function startCardTopUp(
  ctx: CoreContext,
  o: { userId: number; input: TCardTopUpInput; requestKey: string; returnUrl: (topUpId: number) => string },
): Promise<CardTopUpStart> {
  if (!REQUEST_KEY.test(o.requestKey)) {
    throw new AppError("VALIDATION", { message: CARD_TOP_UP_MESSAGES.requestKey });
  }
  const { amount, cardId } = await checkCardTopUp(ctx, o.userId, o.input);
  const result = await startCardPayment(ctx, {
    paidFor: {
      kind: "top_up",
      purpose: topUpPurpose,
      // The top-up (PENDING) is committed with its payment, before the card is asked.
      record: async (txCtx, payment) => {
        const now = ctx.clock.now();
        const [row] = await txCtx.db
          .insert(topUps)
          .values({
            userId: o.userId,
            method: "card",
            amount,
            state: "PENDING",
            provider: ctx.payments.name,
            paymentId: payment.id,
            deadline: new Date(now.getTime() + CARD_TOP_UP_CHALLENGE_MS),
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        await recordCreation(txCtx, {
          machine: TOP_UP_MACHINE,
          id: row!.id,
          state: "PENDING",
          actor: { role: "member", id: o.userId },
        });
      },
    },
    payerId: o.userId,
    amount,
    card: { savedCardId: cardId },
    returnUrl: async (payment) => o.returnUrl((await topUpOfPayment(ctx.db, payment.id))!.id),
    idempotencyKey: `card-top-up-${o.userId}-${o.requestKey}`,
    messages: {
      declined: CARD_TOP_UP_MESSAGES.declined,
      cardRequired: CARD_TOP_UP_MESSAGES.chooseCard,
      unavailable: CARD_TOP_UP_MESSAGES.unavailable,
    },
  });
  const row = result.payment ? await topUpOfPayment(ctx.db, result.payment.id) : null;
  if (result.replayed) {
    // The same request again: the top-up it made, as it now stands (never a second charge).
    if (!row || row.userId !== o.userId)
      throw new AppError("CONFLICT", { message: CARD_TOP_UP_MESSAGES.requestKey });
    if (row.amount !== amount) throw new AppError("CONFLICT", { message: CARD_TOP_UP_MESSAGES.keyReused });
  } else if (result.status === "refused") {
    throw result.error;
  }
  return {
    topUp: row!,
    redirectUrl: row!.state === "PENDING" && result.status === "awaiting_3ds" ? result.redirectUrl : null,
  };
}

export type CardTopUpView = {
  id: number;
  amount: number;
  state: TopUpRow["state"];
  paidAt: Date | null;
  card: CardSummary | null;
  /** Why it did not go through (FAILED, CANCELED), as a catalogue message. */
  failure: Message | null;
  /** Where to finish 3-D Secure, while the issuer waits for it. */
  challengeUrl: string | null;
  /** The member's paid points now. */
  points: number;
};

/**
 * The member is back from 3-D Secure (or looks at a card top-up again). The redirect proves
 * nothing: a charge still waiting for authentication is finished with the provider and its answer
 * applied by the payments core (points credited once, or the top-up failed). Answers what the
 * result page shows. Another member's top-up, or a voucher, is NOT_FOUND.
 */
export async function finishCardTopUp(
  ctx: CoreContext,
  o: { userId: number; topUpId: number; returnUrl: string },
): Promise<CardTopUpView> {
  const row = await ownCardTopUp(ctx, o.userId, o.topUpId);
  const result = row.paymentId
    ? await finishCardPayment(ctx, {
        paymentId: row.paymentId,
        purpose: topUpPurpose,
        returnUrl: o.returnUrl,
        messages: { failed: CARD_TOP_UP_MESSAGES.secureFailed, expired: CARD_TOP_UP_MESSAGES.secureExpired },
      })
    : null;
  const payment = result?.payment ?? null;
  const after = await ownCardTopUp(ctx, o.userId, o.topUpId);
  const charge = payment?.chargeId ? await ctx.payments.getCharge(payment.chargeId) : null;
  return {
    id: after.id,
    amount: after.amount,
    state: after.state,
    paidAt: after.paidAt,
    card: charge?.card ?? null,
    failure: failureOf(after, payment),
    challengeUrl: after.state === "PENDING" && result?.status === "awaiting_3ds" ? result.redirectUrl : null,
    points: (await getBalance(ctx, { userId: o.userId })).points,
  };
}

async function ownCardTopUp(ctx: CoreContext, userId: number, topUpId: number): Promise<TopUpRow> {
  const [row] = await ctx.db
    .select()
    .from(topUps)
    .where(and(eq(topUps.id, topUpId), eq(topUps.userId, userId), eq(topUps.method, "card")));
  if (!row) throw new AppError("NOT_FOUND", { message: TOP_UP_MESSAGES.notFound });
  return row;
}

function failureOf(row: TopUpRow, payment: PaymentRow | null): Message | null {
  if (row.state === "PENDING" || row.state === "PAID") return null;
  if (payment?.state === "EXPIRED" || readProviderStatus(payment?.chargeStatus) === "expired") {
    return CARD_TOP_UP_MESSAGES.secureExpired;
  }
  // Refused when asked (no charge made): declined. A charge that was made, then failed: the
  // issuer's authentication did not pass.
  if (row.state === "FAILED") {
    return payment?.chargeId ? CARD_TOP_UP_MESSAGES.secureFailed : CARD_TOP_UP_MESSAGES.declined;
  }
  return CARD_TOP_UP_MESSAGES.canceled;
}
