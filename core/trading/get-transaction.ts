import { and, desc, eq, isNull, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  cancellationRequests,
  items,
  payments,
  reviews,
  shipments,
  transactions,
  users,
} from "#db/schema/index.ts";
import { firstPhotoKey } from "../catalog/item-card.ts";
import { itemPhotoUrls } from "../catalog/item-photos.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { PaymentState } from "../money/payments/payment-states.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { type PaymentParts, partsOf } from "./checkout-balance.ts";
import type { TransactionState } from "./codes.ts";
import { sellerCourierFee } from "./courier-charge.ts";
import { roleOf } from "./load-transaction.ts";
import { TRADE_MESSAGES } from "./messages.ts";
import { DELIVERY_METHOD, type DeliveryMethod, type PickupSpot } from "./pickup-spots.ts";
import { shipByOf, type TradeStep, tradeStepOf } from "./trade-steps.ts";
import { listTransactionMessages, type TransactionMessage } from "./transaction-messages.ts";
import {
  availableTransactionActions,
  type TransactionAction,
  type TransactionRole,
} from "./transaction-states.ts";

export type TransactionView = {
  id: number;
  itemId: number;
  title: string;
  /** The listing's first photo (thumbnail), if it has one. */
  photoUrl: string | null;
  state: string;
  /** The state a hold (PENDING) returns to. */
  heldFrom: string | null;
  /** Where the sale is among purchase → shipping → receipt → complete; null once it ended without a trade. */
  step: { current: TradeStep; done: boolean } | null;
  role: TransactionRole;
  /** The steps this viewer may take now (from the state table). */
  actions: TransactionAction[];
  price: number;
  fee: number;
  /**
   * What the seller pays the courier out of the proceeds (送料込み with a courier label); 0 when
   * the buyer pays on arrival or the seller shipped another way.
   */
  courierFee: number;
  /** What reaches the seller's proceeds: price − fee − courier fee. */
  proceeds: number;
  /** INCLUDED (送料込み, the seller pays) or ARRIVAL (着払い, the buyer pays the courier on delivery). */
  postage: string;
  paymentMethod: string;
  /** What the price was paid with: free points, paid points and card. */
  paidWith: PaymentParts;
  shippingMethod: string;
  /** The seller's promised lead time (spec §3 code) and the day it ends, counted from the purchase. */
  leadTime: string | null;
  shipBy: Date | null;
  /** The card payment's state (spec §3 and the payment machine); null for points. */
  paymentState: PaymentState | null;
  buyer: { id: number; nickname: string };
  seller: { id: number; nickname: string };
  /** Only the seller (who ships) and the buyer see the address. */
  shippingAddress: Record<string, string>;
  /** How the parcel reaches the buyer (spec §3): 10 brought by the courier, 11 kept at a pickup spot. */
  deliveryMethod: DeliveryMethod;
  /** Where the buyer collects the parcel (delivery method 11), or null when it is delivered. */
  pickupSpot: PickupSpot | null;
  shipment: typeof shipments.$inferSelect | null;
  reviews: { role: string; rating: string; comment: string; createdAt: Date }[];
  messages: TransactionMessage[];
  cancelRequestedBy: string | null;
  /** The open request to cancel: who asked, why, and in their words. */
  cancellation: { requestedBy: string; reason: string; note: string; createdAt: Date } | null;
  createdAt: Date;
  shippedAt: Date | null;
  completedAt: Date | null;
};

/** One transaction as its buyer, its seller or an operator sees it; anyone else gets NOT_FOUND. */
export async function getTransaction(
  ctx: Pick<CoreContext, "db" | "blobs">,
  o: { actor: SessionUser; transactionId: number },
): Promise<TransactionView> {
  return viewOf(ctx, o.actor, eq(transactions.id, o.transactionId));
}

/**
 * The member's latest live or finished transaction on an item (`/items/{id}/transactions/`), as
 * `getTransaction` shows it; NOT_FOUND when they neither bought nor sold it.
 */
export async function getItemTransaction(
  ctx: Pick<CoreContext, "db" | "blobs">,
  o: { actor: SessionUser; itemId: number },
): Promise<TransactionView> {
  return viewOf(
    ctx,
    o.actor,
    and(
      eq(transactions.itemId, o.itemId),
      or(eq(transactions.buyerId, o.actor.id), eq(transactions.sellerId, o.actor.id)),
    ),
  );
}

const buyers = alias(users, "buyer");

const sellers = alias(users, "seller");

/**
 * The newest transaction that `where` selects, as `actor` sees it. The transaction, its listing's
 * title and first photo, both parties, the payment, the shipment and an open cancellation request
 * come in one statement; the reviews and the messages in two more, side by side.
 */
async function viewOf(
  ctx: Pick<CoreContext, "db" | "blobs">,
  actor: SessionUser,
  where: SQL | undefined,
): Promise<TransactionView> {
  const [row] = await ctx.db
    .select({
      t: transactions,
      title: items.title,
      leadTime: items.leadTime,
      photoKey: firstPhotoKey(transactions.itemId),
      buyerNickname: buyers.nickname,
      sellerNickname: sellers.nickname,
      paymentState: sql<PaymentState | null>`(
        select ${payments.state} from ${payments} where ${payments.transactionId} = ${transactions.id} limit 1
      )`,
      shipment: shipments,
      cancellation: {
        requestedBy: cancellationRequests.requestedBy,
        reason: cancellationRequests.reason,
        note: cancellationRequests.note,
        createdAt: cancellationRequests.createdAt,
      },
    })
    .from(transactions)
    .leftJoin(items, eq(items.id, transactions.itemId))
    .leftJoin(buyers, eq(buyers.id, transactions.buyerId))
    .leftJoin(sellers, eq(sellers.id, transactions.sellerId))
    .leftJoin(shipments, eq(shipments.transactionId, transactions.id))
    .leftJoin(
      cancellationRequests,
      and(eq(cancellationRequests.transactionId, transactions.id), isNull(cancellationRequests.answer)),
    )
    .where(where)
    .orderBy(desc(transactions.id))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", { message: TRADE_MESSAGES.notFound });
  const { t, shipment } = row;
  const role = roleOf(t, actor);
  const [reviewRows, messages] = await Promise.all([
    ctx.db
      .select({
        role: reviews.role,
        rating: reviews.rating,
        comment: reviews.comment,
        createdAt: reviews.createdAt,
      })
      .from(reviews)
      .where(eq(reviews.transactionId, t.id)),
    listTransactionMessages(ctx, t.id),
  ]);
  const { pickupSpot, ...addressPart } = t.shippingAddress;
  return {
    id: t.id,
    itemId: t.itemId,
    title: row.title ?? "",
    photoUrl: row.photoKey ? itemPhotoUrls(ctx, row.photoKey).thumb : null,
    state: t.state,
    heldFrom: t.heldFrom,
    step: tradeStepOf(t.state, t.heldFrom),
    role,
    actions: availableTransactionActions(t.state as TransactionState, role, t.cancelRequestedBy),
    price: t.price,
    fee: t.fee,
    courierFee: sellerCourierFee(t, shipment),
    proceeds: t.proceeds - sellerCourierFee(t, shipment),
    postage: t.postage,
    paymentMethod: t.paymentMethod,
    paidWith: partsOf(t),
    shippingMethod: t.shippingMethod,
    leadTime: row.leadTime ?? null,
    shipBy: shipByOf(row.leadTime ?? null, t.createdAt),
    paymentState: row.paymentState ?? null,
    buyer: { id: t.buyerId, nickname: row.buyerNickname ?? "" },
    seller: { id: t.sellerId, nickname: row.sellerNickname ?? "" },
    shippingAddress: addressPart,
    deliveryMethod: pickupSpot ? DELIVERY_METHOD.PICKUP_SPOT : DELIVERY_METHOD.COURIER,
    pickupSpot: pickupSpot ?? null,
    // The drop-off code hands the parcel in: the seller's (and the office's), never the buyer's.
    shipment: shipment
      ? role === "buyer"
        ? { ...shipment, qrCode: null, qrExpiresAt: null }
        : shipment
      : null,
    reviews: reviewRows,
    messages,
    cancelRequestedBy: t.cancelRequestedBy,
    cancellation: row.cancellation ?? null,
    createdAt: t.createdAt,
    shippedAt: t.shippedAt,
    completedAt: t.completedAt,
  };
}
