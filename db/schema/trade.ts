import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { items } from "./catalog.ts";
import { TRANSACTION_STATE_CODES } from "./codes.ts";
import { users } from "./identity.ts";

export type ShippingAddressSnapshot = {
  name: string;
  postalCode: string;
  prefectureCode: string;
  city: string;
  street: string;
  building: string;
  phone: string;
  /**
   * Kept at a pickup spot for the buyer to collect (spec §3 shipping-method 11: an office, a
   * FamilyMart or a locker), as the courier listed it when the buyer chose it; absent: delivered.
   */
  pickupSpot?: {
    id: string;
    kind: "office" | "familymart" | "locker";
    name: string;
    postalCode: string;
    address: string;
    hours: string;
  };
};

/**
 * Every purchase request, keyed by the buyer's idempotency key: the same key answers the same
 * result; a request still `started` after a crash is resumed by reconciliation.
 */
export const purchaseAttempts = pgTable(
  "purchase_attempts",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    buyerId: bigint("buyer_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    itemId: bigint("item_id", { mode: "number" })
      .notNull()
      .references(() => items.id, { onDelete: "cascade" }),
    idempotencyKey: text("idempotency_key").notNull(),
    requestHash: text("request_hash").notNull(),
    request: jsonb("request").$type<Record<string, unknown>>().notNull(),
    state: text("state", { enum: ["started", "finished"] })
      .notNull()
      .default("started"),
    /** `{ ok: true, body }` or `{ ok: false, code, messages, fields }`, replayed for a repeated key. */
    response: jsonb("response").$type<Record<string, unknown>>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("purchase_attempts_buyer_key_key").on(t.buyerId, t.idempotencyKey),
    index("purchase_attempts_started_idx").on(t.updatedAt).where(sql`${t.state} = 'started'`),
  ],
);

export const transactions = pgTable(
  "transactions",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity({ startWith: 5000001 }),
    itemId: bigint("item_id", { mode: "number" })
      .notNull()
      .references(() => items.id, { onDelete: "restrict" }),
    buyerId: bigint("buyer_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    sellerId: bigint("seller_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    attemptId: bigint("attempt_id", { mode: "number" }).references(() => purchaseAttempts.id, {
      onDelete: "set null",
    }),
    state: text("state", { enum: TRANSACTION_STATE_CODES }).notNull(),
    /** The state an operator's hold (PENDING) returns to. */
    heldFrom: text("held_from", { enum: TRANSACTION_STATE_CODES }),
    /** `points`: wholly by the balance; `card`: by card, with part of the balance when the buyer chose. */
    paymentMethod: text("payment_method", { enum: ["card", "points"] }).notNull(),
    price: integer("price").notNull(),
    /** What the price was paid with: free points first, then paid points, the rest by card. */
    paidFreePoints: integer("paid_free_points").notNull().default(0),
    paidPoints: integer("paid_points").notNull().default(0),
    paidCard: integer("paid_card").notNull().default(0),
    /** The free-point lots the purchase took from, given back to them (with their expiry) on cancellation. */
    freePointLots: jsonb("free_point_lots")
      .$type<{ lotId: number; amount: number }[]>()
      .notNull()
      .default([]),
    fee: integer("fee").notNull(),
    proceeds: integer("proceeds").notNull(),
    postage: text("postage").notNull(),
    shippingMethod: text("shipping_method").notNull(),
    shippingAddress: jsonb("shipping_address").$type<ShippingAddressSnapshot>().notNull(),
    /** Who asked to cancel, while CANCELING. */
    cancelRequestedBy: text("cancel_requested_by", { enum: ["buyer", "seller"] }),
    authExpiresAt: timestamp("auth_expires_at", { withTimezone: true }),
    shippedAt: timestamp("shipped_at", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One live sale per item: the database's last word on "exactly one buyer wins".
    uniqueIndex("transactions_live_item_key")
      .on(t.itemId)
      .where(sql`${t.state} not in ('INVALID', 'CANCELED')`),
    index("transactions_buyer_idx").on(t.buyerId, t.id.desc()),
    index("transactions_seller_idx").on(t.sellerId, t.id.desc()),
    unique("transactions_attempt_key").on(t.attemptId),
    check(
      "transactions_paid_parts_check",
      sql`${t.paidFreePoints} >= 0 and ${t.paidPoints} >= 0 and ${t.paidCard} >= 0 and ${t.paidFreePoints} + ${t.paidPoints} + ${t.paidCard} <= ${t.price}`,
    ),
  ],
);

export const PAYMENT_STATES = [
  "INCOMPLETED",
  "AUTHORIZED",
  "CAPTURED",
  "COMPLETED",
  "VOIDED",
  "FAILED",
  "EXPIRED",
  "CANCELED",
  "REFUNDING",
  "REFUNDED",
] as const;

/** What a payment is for; each purpose settles its payments its own way (core/money/payments). */
export const PAYMENT_PURPOSES = ["purchase", "top_up"] as const;

/**
 * One payment through a provider (a card charge today), whatever it is for. Created before the
 * provider is called, so a crash leaves a trace; its state follows the payment machine
 * (`core/money/payments/payment-states.ts`), and `charge_status` keeps the provider's last word.
 */
export const payments = pgTable(
  "payments",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    purpose: text("purpose", { enum: PAYMENT_PURPOSES }).notNull(),
    /** The purchase request that made it (purpose `purchase`; a card top-up points at its payment). */
    attemptId: bigint("attempt_id", { mode: "number" }).references(() => purchaseAttempts.id, {
      onDelete: "cascade",
    }),
    transactionId: bigint("transaction_id", { mode: "number" }).references(() => transactions.id, {
      onDelete: "set null",
    }),
    /** The member who pays. */
    buyerId: bigint("buyer_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    provider: text("provider").notNull(),
    /** Sent to the provider as metadata; how a charge is found again after a crash. */
    reference: text("reference").notNull(),
    chargeId: text("charge_id"),
    amount: integer("amount").notNull(),
    state: text("state", { enum: PAYMENT_STATES }).notNull(),
    chargeStatus: text("charge_status"),
    failureCode: text("failure_code"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("payments_reference_key").on(t.reference),
    unique("payments_attempt_key").on(t.attemptId),
    uniqueIndex("payments_charge_key").on(t.provider, t.chargeId),
    index("payments_transaction_idx").on(t.transactionId),
    index("payments_open_idx")
      .on(t.updatedAt)
      .where(sql`${t.state} in ('INCOMPLETED', 'AUTHORIZED', 'CAPTURED', 'REFUNDING')`),
  ],
);

/** Provider events already applied: a repeated delivery is acknowledged and ignored. */
export const paymentEvents = pgTable(
  "payment_events",
  {
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/** The member's customer record at the card provider, which holds their saved cards. */
export const paymentCustomers = pgTable(
  "payment_customers",
  {
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    customerId: text("customer_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.provider] })],
);

/** How the parcel travels: courier invoice (with pickup or drop-off) or another method's tracking number. */
export const shipments = pgTable("shipments", {
  transactionId: bigint("transaction_id", { mode: "number" })
    .primaryKey()
    .references(() => transactions.id, { onDelete: "cascade" }),
  shippingMethod: text("shipping_method").notNull(),
  invoiceKind: text("invoice_kind"),
  parcelSize: integer("parcel_size"),
  courierShippingType: text("courier_shipping_type"),
  pickupDate: text("pickup_date"),
  pickupSlot: text("pickup_slot"),
  packaging: text("packaging"),
  handlingNotes: text("handling_notes").array().notNull().default(sql`'{}'::text[]`),
  invoiceNumber: text("invoice_number"),
  /** The drop-off code shown as a QR code at the store or locker (FamilyMart, locker), and until when it works. */
  qrCode: text("qr_code"),
  qrExpiresAt: timestamp("qr_expires_at", { withTimezone: true }),
  trackingNumber: text("tracking_number"),
  /** The carrier the seller named for an undecided shipping method (its number is checked and linked as theirs). */
  carrier: text("carrier", { enum: ["yamato", "japan_post", "sagawa"] }),
  fee: integer("fee"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const transactionMessages = pgTable(
  "transaction_messages",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    transactionId: bigint("transaction_id", { mode: "number" })
      .notNull()
      .references(() => transactions.id, { onDelete: "cascade" }),
    senderId: bigint("sender_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("transaction_messages_idx").on(t.transactionId, t.id)],
);

export const RATINGS = ["good", "normal", "bad"] as const;

export const reviews = pgTable(
  "reviews",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    transactionId: bigint("transaction_id", { mode: "number" })
      .notNull()
      .references(() => transactions.id, { onDelete: "cascade" }),
    reviewerId: bigint("reviewer_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    revieweeId: bigint("reviewee_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The reviewer's side of the sale. */
    role: text("role", { enum: ["buyer", "seller"] }).notNull(),
    rating: text("rating", { enum: RATINGS }).notNull(),
    comment: text("comment").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("reviews_transaction_reviewer_key").on(t.transactionId, t.reviewerId),
    index("reviews_reviewee_idx").on(t.revieweeId, t.id.desc()),
  ],
);

/**
 * A party's request to cancel a sale, with their reason (a code of `core/trading/cancel-reasons.ts`)
 * and their own words; answered when the other party agrees or refuses, or the office cancels.
 * At most one request of a sale is open at a time.
 */
export const cancellationRequests = pgTable(
  "cancellation_requests",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    transactionId: bigint("transaction_id", { mode: "number" })
      .notNull()
      .references(() => transactions.id, { onDelete: "cascade" }),
    requestedBy: text("requested_by", { enum: ["buyer", "seller"] }).notNull(),
    requesterId: bigint("requester_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    reason: text("reason").notNull(),
    note: text("note").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    answer: text("answer", { enum: ["agreed", "refused", "office"] }),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
  },
  (t) => [
    index("cancellation_requests_transaction_idx").on(t.transactionId, t.id),
    uniqueIndex("cancellation_requests_open_key").on(t.transactionId).where(sql`${t.answer} is null`),
  ],
);

export const OFFER_STATE_CODES = [
  /** The buyer offered a price; the seller's turn (24 hours). */
  "PENDING",
  /** The seller answered with another price; the buyer's turn (24 hours). */
  "COUNTERED",
  /** Agreed: the listing is reserved for the buyer at the agreed price for 24 hours. */
  "ACCEPTED",
  "DECLINED",
  /** Nobody answered within 24 hours. */
  "EXPIRED",
  /** The reserved buyer bought the item at the agreed price. */
  "PURCHASED",
  /** The reservation ran out unbought: the listing is on sale to everyone again. */
  "LAPSED",
  /** Overtaken: the listing was sold, reserved for someone else, taken off sale or priced below it. */
  "CLOSED",
] as const;

/** A buyer's price offer on a listing (値下げ交渉), following `core/offers/offer-states.ts`. */
export const offers = pgTable(
  "offers",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    itemId: bigint("item_id", { mode: "number" })
      .notNull()
      .references(() => items.id, { onDelete: "cascade" }),
    buyerId: bigint("buyer_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sellerId: bigint("seller_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    state: text("state", { enum: OFFER_STATE_CODES }).notNull(),
    /** The listing's price when the offer was made. */
    listPrice: integer("list_price").notNull(),
    /** The buyer's price. */
    price: integer("price").notNull(),
    /** The seller's counter price, once countered. */
    counterPrice: integer("counter_price"),
    /** The price both agreed on, once accepted: what the purchase charges. */
    agreedPrice: integer("agreed_price"),
    /** When the party whose turn it is may no longer answer (PENDING, COUNTERED). */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** Until when the listing is the buyer's to buy at the agreed price (ACCEPTED). */
    reservedUntil: timestamp("reserved_until", { withTimezone: true }),
    transactionId: bigint("transaction_id", { mode: "number" }).references(() => transactions.id, {
      onDelete: "set null",
    }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One open offer per buyer and listing, and one reservation per listing.
    uniqueIndex("offers_open_buyer_item_key")
      .on(t.itemId, t.buyerId)
      .where(sql`${t.state} in ('PENDING', 'COUNTERED')`),
    uniqueIndex("offers_reserved_item_key").on(t.itemId).where(sql`${t.state} = 'ACCEPTED'`),
    index("offers_buyer_idx").on(t.buyerId, t.id.desc()),
    index("offers_seller_idx").on(t.sellerId, t.id.desc()),
    check("offers_prices_check", sql`${t.price} > 0 and ${t.listPrice} > 0`),
  ],
);
