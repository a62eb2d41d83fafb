import { z } from "zod";
import { getBalanceSummary } from "#core/money/balance/balance-summary.ts";
import { getBalance, listBalanceHistory } from "#core/money/ledger/get-balance.ts";
import { addSavedCard, listSavedCards, removeSavedCard } from "#core/money/payments/saved-cards.ts";
import { AppError } from "#core/shared/errors.ts";
import { msg } from "#core/shared/i18n/translate.ts";
import { parseIdCursor } from "#core/social/cursor.ts";
import { CANCEL_NOTE_MAX, CANCEL_REASON_CODES } from "#core/trading/cancel-reasons.ts";
import { cancelTransaction } from "#core/trading/cancel-transaction.ts";
import { finishSecurePurchase } from "#core/trading/finish-secure-purchase.ts";
import { listPickupSpots } from "#core/trading/get-purchase-quote.ts";
import { getTransaction } from "#core/trading/get-transaction.ts";
import { listReviews } from "#core/trading/list-reviews.ts";
import { listTransactions } from "#core/trading/list-transactions.ts";
import { purchaseItem, ZPurchaseInput } from "#core/trading/purchase-item.ts";
import { rateTransaction, ZRating } from "#core/trading/rate-transaction.ts";
import { shipItem } from "#core/trading/ship-item.ts";
import { TRADE_STEPS } from "#core/trading/trade-steps.ts";
import { postTransactionMessage, ZMessage } from "#core/trading/transaction-messages.ts";
import { defineRoute } from "../define.ts";
import { ZBalanceSummary } from "./balance.ts";
import { idParam } from "./params.ts";

const ZPageQuery = z.object({
  cursor: z.string().max(64).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
const ZPurchaseResult = z.object({
  transactionId: z.number().int(),
  state: z.enum(["START", "AUTH"]),
  redirectUrl: z.string().nullable().describe("Send the buyer here for 3-D Secure; null when already paid"),
});
const ZState = z.strictObject({ state: z.string() });
const ZPage = z.strictObject({
  items: z.array(
    z.strictObject({
      id: z.number().int(),
      itemId: z.number().int(),
      title: z.string(),
      state: z.string(),
      price: z.number().int(),
      createdAt: z.iso.datetime(),
    }),
  ),
  nextCursor: z.string().nullable().describe("Pass as `cursor` for the next page; null on the last"),
});
const ZParty = z.strictObject({ id: z.number().int(), nickname: z.string() });
const ZPickupSpot = z.strictObject({
  id: z.string(),
  kind: z
    .enum(["office", "familymart", "locker"])
    .describe("A courier office, a FamilyMart counter or a parcel locker"),
  name: z.string(),
  postalCode: z.string(),
  address: z.string(),
  hours: z.string(),
});

const ZTransactionMessage = z.strictObject({
  id: z.number().int(),
  senderId: z.number().int(),
  senderNickname: z.string(),
  body: z.string(),
  createdAt: z.iso.datetime(),
});
const ZTransaction = z.strictObject({
  id: z.number().int(),
  itemId: z.number().int(),
  title: z.string(),
  photoUrl: z.string().nullable(),
  state: z.string(),
  heldFrom: z.string().nullable().describe("The state a hold (PENDING) returns to"),
  step: z
    .strictObject({ current: z.enum(TRADE_STEPS), done: z.boolean() })
    .nullable()
    .describe("purchase → shipping → receipt → complete; null once it ended without a trade"),
  role: z.enum(["buyer", "seller", "operator", "system"]),
  actions: z.array(z.string()).describe("The steps this viewer may take now"),
  price: z.number().int(),
  fee: z.number().int(),
  courierFee: z
    .number()
    .int()
    .describe(
      "What the seller pays the courier out of the proceeds (送料込み with a courier label); 0 otherwise",
    ),
  proceeds: z.number().int().describe("What reaches the seller: price − fee − courierFee"),
  postage: z
    .enum(["INCLUDED", "ARRIVAL"])
    .describe("INCLUDED: the seller pays the postage; ARRIVAL: the buyer pays on delivery"),
  paymentMethod: z.string(),
  paidWith: z.strictObject({
    freePoints: z.number().int(),
    points: z.number().int(),
    card: z.number().int(),
  }),
  shippingMethod: z.string(),
  leadTime: z.string().nullable(),
  shipBy: z.iso.datetime().nullable(),
  paymentState: z.string().nullable().describe("The card payment's state; null for points"),
  buyer: ZParty,
  seller: ZParty,
  shippingAddress: z.record(z.string(), z.string()).describe("Seen by the buyer and the seller only"),
  deliveryMethod: z
    .enum(["10", "11"])
    .describe("How the parcel reaches the buyer: 10 brought by the courier, 11 kept at a pickup spot"),
  pickupSpot: ZPickupSpot.nullable().describe(
    "Where the buyer collects the parcel (shipping method 11: pickup spot); null when delivered (10)",
  ),
  shipment: z.record(z.string(), z.unknown()).nullable(),
  reviews: z.array(
    z.strictObject({
      role: z.string(),
      rating: z.string(),
      comment: z.string(),
      createdAt: z.iso.datetime(),
    }),
  ),
  messages: z.array(ZTransactionMessage),
  cancelRequestedBy: z.string().nullable(),
  cancellation: z
    .strictObject({
      requestedBy: z.string(),
      reason: z.string(),
      note: z.string(),
      createdAt: z.iso.datetime(),
    })
    .nullable(),
  createdAt: z.iso.datetime(),
  shippedAt: z.iso.datetime().nullable(),
  completedAt: z.iso.datetime().nullable(),
});
const ZReviews = z.strictObject({
  counts: z.strictObject({ good: z.number().int(), normal: z.number().int(), bad: z.number().int() }),
  items: z.array(
    z.strictObject({
      rating: z.string(),
      comment: z.string(),
      role: z.string(),
      reviewer: z.string(),
      createdAt: z.iso.datetime(),
    }),
  ),
});
const ZCard = z.object({
  id: z.string(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
});
const ZShipping = z
  .object({
    invoiceKind: z.string().max(4),
    parcelSize: z.union([z.number(), z.string().max(4)]),
    shippingType: z.string().max(4),
    pickupDate: z.string().max(10),
    pickupSlot: z.string().max(4),
    packaging: z.string().max(4),
    handlingNotes: z.array(z.string().max(4)).max(5),
    trackingNumber: z.string().max(40),
    carrier: z
      .enum(["yamato", "japan_post", "sagawa"])
      .describe("For an undecided shipping method (01): whose tracking number it is"),
  })
  .partial()
  .describe(
    "Courier (らくらくTsugu便): invoice kind, size, handover and pickup; other methods: a tracking number, and for an undecided method its carrier",
  );
const LABELS = {
  paymentMethod: msg("trading.fields.paymentMethod"),
  cardToken: msg("trading.fields.cardToken"),
  savedCardId: msg("trading.fields.savedCardId"),
  usePoints: msg("buying.fields.usePoints"),
  rating: msg("trading.fields.rating"),
  comment: msg("trading.fields.comment"),
  body: msg("trading.fields.message"),
  step: msg("trading.fields.step"),
  hold: msg("trading.fields.hold"),
  token: msg("trading.fields.cardToken"),
  reason: msg("trading.fields.cancelReason"),
  note: msg("trading.fields.cancelNote"),
};
const MISSING_KEY = msg("trading.errors.idempotencyKeyMissing");

/** `/me/purchases` and `/me/sales`: the same list, from either side of the sale. */
function listRoute(side: "buyer" | "seller") {
  return defineRoute({
    method: "get",
    path: side === "buyer" ? "/me/purchases" : "/me/sales",
    summary: side === "buyer" ? "The member's purchases, newest first" : "The member's sales, newest first",
    tag: "buying",
    auth: "user",
    query: ZPageQuery,
    responses: { 200: { description: "A page of transactions", schema: ZPage } },
    async handler({ ctx, actor, query }) {
      const page = await listTransactions(ctx, {
        userId: actor!.id,
        side,
        before: parseIdCursor(query.cursor),
        limit: query.limit ?? 20,
      });
      return { status: 200, body: page, headers: { "Cache-Control": "no-store" } };
    },
  });
}

export const tradingRoutes = [
  defineRoute({
    method: "post",
    path: "/items/{id}/purchase",
    summary:
      'Buy an item with the balance or by card. `payment_method: "points"` pays it all from the balance: free points first (soonest expiry first), then paid points; a balance that does not cover the price is 409. `payment_method: "card"` with `card_token` (made in the browser) or `saved_card_id`, and optionally `use_points: true`: the balance is spent first and the card charged only the rest (a balance that covers it all spares the card). `use_points` without a card, or a card with `points`, is 400. Needs an Idempotency-Key header: the same key answers the same result; the same key with another body is 409. A sold item is 409, a declined card 402. The transaction (`GET /transactions/{id}`) shows the parts as `paid_with`.',
    tag: "buying",
    auth: "user",
    body: ZPurchaseInput,
    headers: {
      "Idempotency-Key":
        "8-200 letters, digits or _ . : - chosen by the client per purchase attempt; resend it to retry safely",
    },
    labels: LABELS,
    responses: {
      201: { description: "Bought (START) or waiting for 3-D Secure (AUTH)", schema: ZPurchaseResult },
      400: { description: "A malformed body or a combination that does not go together" },
      402: { description: "The card was declined" },
      409: {
        description:
          "Sold out, the balance does not cover the points' part, or the key was used with another body",
      },
    },
    async handler({ ctx, actor, params, body, header, locale }) {
      const itemId = idParam(params.id);
      const key = header("idempotency-key");
      if (!key) throw new AppError("VALIDATION", { fields: { idempotencyKey: MISSING_KEY } });
      const result = await purchaseItem(ctx, {
        actor: actor!,
        itemId,
        idempotencyKey: key,
        input: body,
        returnUrl: `${ctx.publicUrl}/${locale}/items/${itemId}/secure/result/`,
      });
      return { status: 201, body: result };
    },
  }),
  defineRoute({
    method: "get",
    path: "/items/{id}/pickup-spots",
    summary:
      "The pickup spots near the member's address where an item sent by easy delivery (shipping method 10) can wait to be collected: an office, a FamilyMart or a locker. Send one's id as `pickup_spot_id` when buying",
    tag: "buying",
    auth: "user",
    responses: {
      200: {
        description: "The spots; empty for an item that cannot be collected, or without an address",
        schema: z.strictObject({ spots: z.array(ZPickupSpot) }),
      },
      404: { description: "No such item" },
    },
    async handler({ ctx, actor, params }) {
      const spots = await listPickupSpots(ctx, { actor: actor!, itemId: idParam(params.id) });
      return {
        status: 200,
        body: { spots: spots ?? [] },
        headers: { "Cache-Control": "no-store" },
      };
    },
  }),
  defineRoute({
    method: "post",
    path: "/items/{id}/purchase/secure-result",
    summary: "After 3-D Secure: ask the provider for the verdict and finish or cancel the purchase",
    tag: "buying",
    auth: "user",
    responses: {
      200: { description: "The transaction's state", schema: ZState },
      402: { description: "3-D Secure failed" },
    },
    async handler({ ctx, actor, params }) {
      return {
        status: 200,
        body: await finishSecurePurchase(ctx, { actor: actor!, itemId: idParam(params.id) }),
      };
    },
  }),
  ...(["buyer", "seller"] as const).map((side) => listRoute(side)),
  defineRoute({
    method: "get",
    path: "/transactions/{id}",
    summary: "One transaction, for its buyer, its seller or an operator",
    tag: "buying",
    auth: "user",
    responses: {
      200: { description: "The transaction", schema: ZTransaction },
      404: { description: "No such transaction, or not yours" },
    },
    async handler({ ctx, actor, params }) {
      const view = await getTransaction(ctx, { actor: actor!, transactionId: idParam(params.id) });
      return { status: 200, body: view, headers: { "Cache-Control": "no-store" } };
    },
  }),
  defineRoute({
    method: "post",
    path: "/transactions/{id}/ship",
    summary: "The seller ships (START → SHIPPING)",
    tag: "buying",
    auth: "user",
    body: ZShipping,
    responses: { 200: { description: "Shipped", schema: ZState } },
    async handler({ ctx, actor, params, body }) {
      return {
        status: 200,
        body: await shipItem(ctx, { actor: actor!, transactionId: idParam(params.id), input: body }),
      };
    },
  }),
  defineRoute({
    method: "post",
    path: "/transactions/{id}/rating",
    summary: "Rate the other party: the buyer on receipt, then the seller (which completes the sale)",
    tag: "buying",
    auth: "user",
    body: ZRating,
    labels: LABELS,
    responses: { 200: { description: "Rated", schema: ZState } },
    async handler({ ctx, actor, params, body }) {
      return {
        status: 200,
        body: await rateTransaction(ctx, { actor: actor!, transactionId: idParam(params.id), input: body }),
      };
    },
  }),
  defineRoute({
    method: "post",
    path: "/transactions/{id}/messages",
    summary: "A message to the other party of the transaction",
    tag: "buying",
    auth: "user",
    body: ZMessage,
    labels: LABELS,
    responses: { 201: { description: "Sent", schema: ZTransactionMessage } },
    async handler({ ctx, actor, params, body }) {
      return {
        status: 201,
        body: await postTransactionMessage(ctx, {
          actor: actor!,
          transactionId: idParam(params.id),
          input: body,
        }),
      };
    },
  }),
  defineRoute({
    method: "post",
    path: "/transactions/{id}/cancel",
    summary:
      "Ask to cancel (with a reason of your side and optional details), agree or refuse (the other party); the office cancels under /staff/transactions",
    tag: "buying",
    auth: "user",
    body: z.object({
      step: z.enum(["request", "agree", "refuse"]),
      reason: z
        .enum(CANCEL_REASON_CODES)
        .optional()
        .describe(
          "Required to request: the buyer's ordered_by_mistake or not_shipped, the seller's cannot_ship or listing_mistake, or either's no_reply, agreed or other",
        ),
      note: z.string().max(CANCEL_NOTE_MAX).optional().describe("The requesting party's own words"),
    }),
    labels: LABELS,
    responses: { 200: { description: "The new state", schema: ZState } },
    async handler({ ctx, actor, params, body }) {
      return {
        status: 200,
        body: await cancelTransaction(ctx, {
          actor: actor!,
          transactionId: idParam(params.id),
          step: body.step,
          request: { reason: body.reason, note: body.note },
        }),
      };
    },
  }),
  defineRoute({
    method: "get",
    path: "/me/balance",
    summary:
      "Proceeds, points and money in escrow, with the proceeds and points history; `summary` adds free points, the nearest deadlines, a voucher waiting to be paid and payouts on their way",
    tag: "buying",
    auth: "user",
    query: ZPageQuery,
    responses: {
      200: {
        description: "Balance, summary and a page of history",
        schema: z.object({
          balance: z.record(z.string(), z.int()),
          summary: ZBalanceSummary,
          history: z.object({ items: z.array(z.unknown()), nextCursor: z.string().nullable() }),
        }),
      },
    },
    async handler({ ctx, actor, query }) {
      const [balance, summary, history] = await Promise.all([
        getBalance(ctx, { userId: actor!.id }),
        getBalanceSummary(ctx, { userId: actor!.id }),
        listBalanceHistory(ctx, {
          userId: actor!.id,
          before: parseIdCursor(query.cursor),
          limit: query.limit ?? 20,
        }),
      ]);
      return { status: 200, body: { balance, summary, history }, headers: { "Cache-Control": "no-store" } };
    },
  }),
  defineRoute({
    method: "get",
    path: "/me/cards",
    summary: "Saved cards (brand, last four digits, expiry)",
    tag: "buying",
    auth: "user",
    responses: { 200: { description: "Cards", schema: z.object({ items: z.array(ZCard) }) } },
    async handler({ ctx, actor }) {
      return { status: 200, body: { items: await listSavedCards(ctx, { userId: actor!.id }) } };
    },
  }),
  defineRoute({
    method: "post",
    path: "/me/cards",
    summary: "Save a card from a token the browser got from the provider (card numbers never reach us)",
    tag: "buying",
    auth: "user",
    body: z.object({ token: z.string().max(100) }),
    labels: LABELS,
    responses: { 201: { description: "Saved", schema: ZCard } },
    async handler({ ctx, actor, body }) {
      return { status: 201, body: await addSavedCard(ctx, { userId: actor!.id, token: body.token }) };
    },
  }),
  defineRoute({
    method: "delete",
    path: "/me/cards/{card_id}",
    summary: "Remove a saved card",
    tag: "buying",
    auth: "user",
    responses: { 204: { description: "Removed" }, 404: { description: "No such card" } },
    async handler({ ctx, actor, params }) {
      await removeSavedCard(ctx, { userId: actor!.id, cardId: params.card_id ?? "" });
      return { status: 204 };
    },
  }),
  defineRoute({
    method: "get",
    path: "/users/{id}/reviews",
    summary: "Ratings a member received, with counts of good, normal and bad",
    tag: "people",
    auth: "optional",
    responses: { 200: { description: "Ratings", schema: ZReviews } },
    async handler({ ctx, params }) {
      return { status: 200, body: await listReviews(ctx, { userId: idParam(params.id) }) };
    },
  }),
];
