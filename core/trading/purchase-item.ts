import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "#db/client.ts";
import { items, payments, purchaseAttempts, transactions } from "#db/schema/index.ts";
import { getAddress } from "../account/get-address.ts";
import { SHIPPING_METHOD } from "../catalog/codes.ts";
import { ITEM_MACHINE, PUBLIC_STATES, PURCHASABLE_STATES } from "../catalog/item-states.ts";
import { saleBreakdown } from "../catalog/pricing.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { PaymentRow } from "../money/payments/payment-states.ts";
import { type CardPaymentResult, startCardPayment } from "../money/payments/start-card-payment.ts";
import { OFFER_MESSAGES } from "../offers/offer-rules.ts";
import { reservationOf, settleReservation } from "../offers/reservation.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError, type AppErrorCode, isAppError } from "../shared/errors.ts";
import { type Message, msg } from "../shared/i18n/translate.ts";
import { parseInput } from "../shared/parse-input.ts";
import { assertNotBlocked } from "../social/blocking.ts";
import { assertMember } from "../social/members-only.ts";
import { changeState, recordCreation } from "../state/change-state.ts";
import { spendableBalance, splitPrice } from "./checkout-balance.ts";
import { payBalanceIntoEscrow } from "./escrow.ts";
import { CHECKOUT_MESSAGES, TRADE_MESSAGES } from "./messages.ts";
import type { PickupSpot } from "./pickup-spots.ts";
import { announcePurchase, purchasePurpose } from "./purchase-payment.ts";
import { AUTH_TTL_MS, TRANSACTION_MACHINE } from "./transaction-states.ts";

/** How long a repeated request with the same key waits for the first one to finish. */
const SAME_KEY_WAIT_MS = 15_000;

export const ZPurchaseInput = z
  .object({
    paymentMethod: z.enum(["card", "points"]),
    cardToken: z
      .string()
      .regex(/^tok_[A-Za-z0-9]{1,64}$/)
      .optional(),
    savedCardId: z
      .string()
      .regex(/^car_[A-Za-z0-9]{1,64}$/)
      .optional(),
    /** For an item sent by らくらくTsugu便: keep it at this spot near the buyer's address to collect. */
    pickupSpotId: z
      .string()
      .regex(/^spot_[a-z]{1,20}_[0-9a-z]{1,40}$/)
      .optional()
      .describe(
        "For an item sent by easy delivery (shipping method 10): a pickup spot near the buyer's address (GET /items/{id}/pickup-spots) to collect it from, instead of delivery",
      ),
    /** With a card: spend the balance first (free points, then paid points); the card pays the rest. */
    usePoints: z
      .boolean()
      .optional()
      .describe(
        "With a card: spend the balance first (free points, then paid points); the card pays the rest",
      ),
  })
  .strict();

const LABELS: Record<string, Message> = {
  paymentMethod: msg("trading.fields.paymentMethod"),
  cardToken: msg("trading.fields.cardToken"),
  savedCardId: msg("trading.fields.savedCardId"),
  usePoints: msg("buying.fields.usePoints"),
  pickupSpotId: msg("trading.fields.pickupSpotId"),
  idempotencyKey: msg("trading.fields.idempotencyKey"),
};

const ZKey = z.string().regex(/^[A-Za-z0-9_.:-]{8,200}$/);
const ZToken = z.string().regex(/^tok_[A-Za-z0-9]{1,64}$/);

export type PurchaseResult = {
  transactionId: number;
  state: "START" | "AUTH";
  /** Where to send the buyer for 3-D Secure, when the card asks for it. */
  redirectUrl: string | null;
};

type Attempt = typeof purchaseAttempts.$inferSelect;
type StoredResponse =
  | { ok: true; body: PurchaseResult }
  | {
      ok: false;
      code: AppErrorCode;
      reason: Message;
      fields: Record<string, Message>;
    };

/**
 * Buys a listed item, wholly with the balance (`points`: free points first, nearest expiry first,
 * then paid points) or by card, optionally spending the balance first (`usePoints`) so the card is
 * charged only the rest; the parts are recorded on the transaction. Exactly one buyer wins: the item row is locked and flipped to SOLD in one
 * database transaction (and a partial unique index allows one live transaction per item); a card
 * authorised for a buyer who lost is voided. The buyer's idempotency key makes the request safe to
 * repeat: the same key answers the same result, the same key with another body is a CONFLICT.
 * `saveCardToken`, a second token of the new card being paid with, saves that card to the buyer's
 * cards once the payment has gone through (3-D Secure included), and never when it did not.
 */
export async function purchaseItem(
  ctx: CoreContext,
  o: {
    actor: SessionUser;
    itemId: number;
    idempotencyKey: string;
    input: unknown;
    returnUrl: string;
    saveCardToken?: string | undefined;
  },
): Promise<PurchaseResult> {
  assertMember(o.actor);
  if (!ZKey.safeParse(o.idempotencyKey).success) {
    throw new AppError("VALIDATION", {
      fields: { idempotencyKey: msg("trading.errors.idempotencyKeyInvalid") },
    });
  }
  const input = parseInput(ZPurchaseInput, o.input, LABELS);
  if (input.paymentMethod === "card" && !input.cardToken === !input.savedCardId) {
    throw new AppError("VALIDATION", { fields: { cardToken: TRADE_MESSAGES.cardRequired } });
  }
  if (input.paymentMethod === "points" && (input.cardToken || input.savedCardId)) {
    // Choices that contradict each other: a malformed request (400), not a field to correct.
    throw new AppError("BAD_REQUEST", { fields: { cardToken: CHECKOUT_MESSAGES.noCardWithPoints } });
  }
  if (input.paymentMethod === "points" && input.usePoints !== undefined) {
    throw new AppError("BAD_REQUEST", { fields: { usePoints: CHECKOUT_MESSAGES.usePointsNeedsCard } });
  }
  if (o.saveCardToken !== undefined && (!input.cardToken || !ZToken.safeParse(o.saveCardToken).success)) {
    // Only a new card can be saved, and only with a token of its own.
    throw new AppError("BAD_REQUEST", { fields: { cardToken: CHECKOUT_MESSAGES.saveNeedsNewCard } });
  }
  const request = { itemId: o.itemId, ...input, returnUrl: o.returnUrl, saveCardToken: o.saveCardToken };
  const requestHash = createHash("sha256")
    .update(JSON.stringify({ itemId: o.itemId, ...input }))
    .digest("hex");
  const now = ctx.clock.now();
  const [created] = await ctx.db
    .insert(purchaseAttempts)
    .values({
      buyerId: o.actor.id,
      itemId: o.itemId,
      idempotencyKey: o.idempotencyKey,
      requestHash,
      request,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!created) return replay(ctx, o.actor.id, o.idempotencyKey, requestHash);
  return runAttempt(ctx, created);
}

async function replay(ctx: CoreContext, buyerId: number, key: string, hash: string): Promise<PurchaseResult> {
  const deadline = Date.now() + SAME_KEY_WAIT_MS;
  for (;;) {
    const [attempt] = await ctx.db
      .select()
      .from(purchaseAttempts)
      .where(and(eq(purchaseAttempts.buyerId, buyerId), eq(purchaseAttempts.idempotencyKey, key)));
    if (!attempt) throw new AppError("CONFLICT", { message: TRADE_MESSAGES.inProgress });
    if (attempt.requestHash !== hash) throw new AppError("CONFLICT", { message: TRADE_MESSAGES.keyReused });
    if (attempt.state === "finished") return answer(attempt.response as StoredResponse);
    if (Date.now() > deadline) throw new AppError("CONFLICT", { message: TRADE_MESSAGES.inProgress });
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function answer(stored: StoredResponse): PurchaseResult {
  // Rebuilt field by field: a replay must read exactly like the first answer.
  if (stored.ok) {
    const { transactionId, state, redirectUrl } = stored.body;
    return { transactionId, state, redirectUrl };
  }
  throw new AppError(stored.code, { message: stored.reason, fields: stored.fields });
}

/**
 * Runs (or resumes) one attempt to its answer and keeps the answer, keeping the attempt fresh while
 * it runs. An unexpected failure (the provider unreachable, the process dying) leaves the attempt
 * `started` for reconciliation.
 */
export async function runAttempt(ctx: CoreContext, attempt: Attempt): Promise<PurchaseResult> {
  let stored: StoredResponse;
  const alive = keepFresh(ctx, attempt.id);
  try {
    stored = { ok: true, body: await purchase(ctx, attempt) };
  } catch (error) {
    if (!isAppError(error)) throw error;
    // The message, not a sentence: a replay answers in the language of whoever asks again.
    stored = { ok: false, code: error.code, reason: error.reason, fields: error.fields };
  } finally {
    await alive.stop();
  }
  await ctx.db
    .update(purchaseAttempts)
    .set({ state: "finished", response: stored, updatedAt: ctx.clock.now() })
    .where(and(eq(purchaseAttempts.id, attempt.id), eq(purchaseAttempts.state, "started")));
  return answer(stored);
}

/** How often a running attempt says it is still running (far below reconciliation's staleness). */
export const ATTEMPT_HEARTBEAT_MS = 1_000;

/**
 * Keeps a running attempt's `updatedAt` fresh while it waits (on the provider, on a busy database),
 * so that reconciliation, which resumes attempts untouched for a while, never takes one over while
 * its request still runs it. An attempt whose process died stops being touched and goes stale.
 */
function keepFresh(ctx: CoreContext, attemptId: number): { stop(): Promise<void> } {
  let touching: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    // One touch at a time: a slow database does not pile them up.
    if (touching) return;
    touching = ctx.db
      .update(purchaseAttempts)
      .set({ updatedAt: ctx.clock.now() })
      .where(and(eq(purchaseAttempts.id, attemptId), eq(purchaseAttempts.state, "started")))
      .then(
        () => undefined,
        // Missed once (the database out of reach): the next beat tries again.
        () => undefined,
      )
      .finally(() => {
        touching = null;
      });
  }, ATTEMPT_HEARTBEAT_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await touching;
    },
  };
}

type Request = z.output<typeof ZPurchaseInput> & {
  itemId: number;
  returnUrl: string;
  /** The new card's second token, kept until the payment settles (then used once and dropped). */
  saveCardToken?: string;
};

/**
 * One purchase, top-down: the item and the buyer are checked, the price quoted (the balance's part
 * and the card's), then either the balance pays and the item is claimed, or one card payment is
 * started that claims the item once the card holds the money; the payments core then takes it,
 * puts it in escrow, starts the sale and tells both sides (`purchasePurpose`).
 */
async function purchase(ctx: CoreContext, attempt: Attempt): Promise<PurchaseResult> {
  const request = attempt.request as Request;
  const existing = await transactionOf(ctx, attempt.id);
  if (existing) {
    // A resumed attempt whose item is already this buyer's: the card payment goes on from there.
    if (existing.state !== "AUTH") return answerSale(existing.id, existing.state);
    return answerCard(existing.id, await payByCard(ctx, attempt, request, { amount: 0 }));
  }
  const buyer = { id: attempt.buyerId };
  const [item] = await ctx.db.select().from(items).where(eq(items.id, attempt.itemId)).limit(1);
  if (!item || !PUBLIC_STATES.includes(item.state)) throw new AppError("NOT_FOUND");
  if (item.sellerId === buyer.id) throw new AppError("FORBIDDEN", { message: TRADE_MESSAGES.ownItem });
  await assertNotBlocked(ctx, { ownerId: item.sellerId, actorId: buyer.id });
  // A resumed attempt keeps the card payment it started (its charge may be held already).
  const resumed = await paymentOfAttempt(ctx, attempt.id);
  // A listing reserved by an agreed offer is its buyer's alone, at the agreed price.
  const reservation = PURCHASABLE_STATES.includes(item.state) ? await reservationOf(ctx, item.id) : null;
  const refusal = !PURCHASABLE_STATES.includes(item.state)
    ? new AppError("CONFLICT", {
        message: item.state === "SOLD" ? TRADE_MESSAGES.soldOut : TRADE_MESSAGES.notForSale,
      })
    : reservation && reservation.buyerId !== buyer.id
      ? new AppError("CONFLICT", { message: OFFER_MESSAGES.reserved })
      : null;
  if (refusal) {
    if (resumed) await payByCard(ctx, attempt, request, { amount: resumed.amount, giveUp: refusal });
    throw refusal;
  }
  const address = await getAddress(ctx, buyer.id);
  if (!address) throw new AppError("VALIDATION", { fields: { address: TRADE_MESSAGES.noAddress } });
  const pickupSpot = request.pickupSpotId
    ? await chosenPickupSpot(ctx, item.shippingMethod, address, request.pickupSpotId)
    : undefined;
  const price = reservation?.price ?? item.price!;
  const { fee, proceeds } = saleBreakdown(price);
  // What the balance pays: all of the price with points; with a card and `usePoints`, all of the
  // balance up to the price (free points, then paid points), the card the rest. A resumed attempt
  // keeps the split its card payment was made for. A balance that covers it all spares the card.
  let method = request.paymentMethod;
  let fromBalance = 0;
  if (method === "points") fromBalance = price;
  else if (resumed) fromBalance = price - resumed.amount;
  else if (request.usePoints) {
    const balance = await spendableBalance(ctx.db, { userId: buyer.id, now: ctx.clock.now() });
    const parts = splitPrice(price, balance);
    fromBalance = price - parts.card;
    if (parts.card === 0) method = "points";
  }
  const values = {
    itemId: item.id,
    buyerId: buyer.id,
    sellerId: item.sellerId,
    attemptId: attempt.id,
    paymentMethod: method,
    price,
    fee,
    proceeds,
    postage: item.postage ?? "INCLUDED",
    shippingMethod: item.shippingMethod ?? "01",
    shippingAddress: {
      name: `${address.familyName} ${address.givenName}`,
      postalCode: address.postalCode,
      prefectureCode: address.prefectureCode,
      city: address.city,
      street: address.street,
      building: address.building,
      phone: address.phone,
      ...(pickupSpot && { pickupSpot }),
    },
  };

  if (method === "points") {
    const id = await ctx.db.transaction(async (tx) => {
      const txCtx = { ...ctx, db: tx as unknown as Db };
      const t = await claimItem(txCtx, values, "START");
      await payBalanceIntoEscrow(txCtx, t, price);
      return t.id;
    });
    await announcePurchase(ctx, id);
    return { transactionId: id, state: "START", redirectUrl: null };
  }

  let transactionId = 0;
  const result = await payByCard(ctx, attempt, request, {
    amount: price - fromBalance,
    // The card holds the money: the item becomes this buyer's (AUTH until the card pays), and the
    // balance's part is taken now (the card's once the card pays), so it cannot be spent twice.
    claim: async (payment) => {
      try {
        transactionId = await ctx.db.transaction(async (tx) => {
          const txCtx = { ...ctx, db: tx as unknown as Db };
          const now = ctx.clock.now();
          const t = await claimItem(
            txCtx,
            { ...values, paidCard: payment.amount },
            "AUTH",
            new Date(now.getTime() + AUTH_TTL_MS),
          );
          await payBalanceIntoEscrow(txCtx, t, price - payment.amount);
          await tx
            .update(payments)
            .set({ transactionId: t.id, updatedAt: now })
            .where(eq(payments.id, payment.id));
          return t.id;
        });
      } catch (error) {
        // The same attempt, resumed twice at once, may have won in the other run: then go on.
        // Otherwise someone else bought it first, or the balance was spent meanwhile.
        const won =
          isAppError(error) && error.code === "CONFLICT" ? await transactionOf(ctx, attempt.id) : null;
        if (!won) throw error;
        transactionId = won.id;
      }
    },
  });
  return answerCard(transactionId, result);
}

/**
 * The pickup spot a buyer chose, as the courier lists it near their address now: only for items
 * sent by らくらくTsugu便 (the courier integration keeps parcels at its spots).
 */
async function chosenPickupSpot(
  ctx: CoreContext,
  shippingMethod: string | null,
  address: { postalCode: string; prefectureCode: string; city: string },
  spotId: string,
): Promise<PickupSpot> {
  if (shippingMethod !== SHIPPING_METHOD.EASY_DELIVERY) {
    throw new AppError("VALIDATION", { fields: { pickupSpotId: TRADE_MESSAGES.pickupSpotNotOffered } });
  }
  const spot = (await ctx.courier.pickupSpots(address)).find((s) => s.id === spotId);
  if (!spot) throw new AppError("VALIDATION", { fields: { pickupSpotId: TRADE_MESSAGES.pickupSpotUnknown } });
  return spot;
}

/** The one card payment of a purchase attempt (see `startCardPayment`). */
function payByCard(
  ctx: CoreContext,
  attempt: Attempt,
  request: Request,
  o: { amount: number; claim?: (payment: PaymentRow) => Promise<void>; giveUp?: AppError },
): Promise<CardPaymentResult> {
  return startCardPayment(ctx, {
    paidFor: {
      kind: "purchase",
      purpose: purchasePurpose,
      attemptId: attempt.id,
      ...(o.claim ? { claim: o.claim } : {}),
    },
    payerId: attempt.buyerId,
    amount: o.amount,
    card: request.cardToken ? { token: request.cardToken } : { savedCardId: request.savedCardId! },
    returnUrl: request.returnUrl,
    idempotencyKey: `purchase-${attempt.id}`,
    resume: true,
    ...(o.giveUp ? { giveUp: o.giveUp } : {}),
    messages: { declined: TRADE_MESSAGES.declined, cardRequired: TRADE_MESSAGES.cardRequired },
  });
}

/** The buyer's answer once the card payment has said where it stands. */
function answerCard(transactionId: number, result: CardPaymentResult): PurchaseResult {
  switch (result.status) {
    case "paid":
      return { transactionId, state: "START", redirectUrl: null };
    case "awaiting_3ds":
      return { transactionId, state: "AUTH", redirectUrl: result.redirectUrl };
    case "refused":
      throw result.error;
    case "open":
      // Neither paid nor waiting for the buyer: left for reconciliation, the request stays unanswered.
      throw new PaymentStillOpen(transactionId);
  }
}

/**
 * The card payment of a purchase is held or taken but not settled yet: the request stays
 * unanswered (its attempt `started`) and the payments core's reconciliation finishes it.
 */
export class PaymentStillOpen extends Error {
  readonly transactionId: number;
  constructor(transactionId: number) {
    super(`The card payment of transaction ${transactionId} is not settled yet`);
    this.name = "PaymentStillOpen";
    this.transactionId = transactionId;
  }
}

/** A sale a resumed attempt already settled: failed, or started. */
function answerSale(transactionId: number, state: string): PurchaseResult {
  if (state === "INVALID") throw new AppError("PAYMENT_FAILED", { message: TRADE_MESSAGES.declined });
  return { transactionId, state: "START", redirectUrl: null };
}

/**
 * Locks the item and marks it SOLD for this buyer, and starts the transaction in `state`. Losers
 * of the race, and anyone arriving after, get CONFLICT "sold out"; while an agreed offer reserves
 * the item, everyone but its buyer gets CONFLICT "reserved", and its buyer pays the agreed price
 * (a price that moved since it was read is a CONFLICT too). The reserved offer is settled, and the
 * item's other open offers close, in the same database transaction.
 */
async function claimItem(
  ctx: Pick<CoreContext, "db" | "clock">,
  values: Omit<typeof transactions.$inferInsert, "state">,
  state: "START" | "AUTH",
  authExpiresAt: Date | null = null,
) {
  const [item] = await ctx.db
    .select({ state: items.state, price: items.price })
    .from(items)
    .where(eq(items.id, values.itemId))
    .for("update");
  if (!item || !PURCHASABLE_STATES.includes(item.state)) {
    throw new AppError("CONFLICT", { message: TRADE_MESSAGES.soldOut });
  }
  const reservation = await reservationOf(ctx, values.itemId);
  if (reservation && reservation.buyerId !== values.buyerId) {
    throw new AppError("CONFLICT", { message: OFFER_MESSAGES.reserved });
  }
  if ((reservation?.price ?? item.price) !== values.price) {
    throw new AppError("CONFLICT", { message: OFFER_MESSAGES.priceChanged });
  }
  const now = ctx.clock.now();
  await changeState(ctx, {
    machine: ITEM_MACHINE,
    table: items,
    id: values.itemId,
    from: item.state,
    action: "sell",
    actor: { role: "system" },
    set: { soldAt: now },
  });
  const [t] = await ctx.db
    .insert(transactions)
    .values({ ...values, state, authExpiresAt, createdAt: now, updatedAt: now })
    .returning();
  await recordCreation(ctx, {
    machine: TRANSACTION_MACHINE,
    id: t!.id,
    state,
    actor: { role: "system" },
  });
  await settleReservation(ctx, {
    itemId: values.itemId,
    offerId: reservation?.offerId ?? null,
    transactionId: t!.id,
  });
  return t!;
}

async function paymentOfAttempt(ctx: CoreContext, attemptId: number) {
  const [row] = await ctx.db.select().from(payments).where(eq(payments.attemptId, attemptId));
  return row ?? null;
}

async function transactionOf(ctx: CoreContext, attemptId: number) {
  const [row] = await ctx.db.select().from(transactions).where(eq(transactions.attemptId, attemptId));
  return row ?? null;
}
