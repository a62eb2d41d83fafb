import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { deviceModels } from "./catalog.ts";
import {
  BUYBACK_DELIVERY_STATE_CODES,
  BUYBACK_GRADES,
  BUYBACK_ITEM_STATE_CODES,
  BUYBACK_NG_CONDITIONS,
} from "./codes.ts";
import { users } from "./identity.ts";

/** Why a device was not bought: refused at grading, or the member's own choice. */
export const BUYBACK_END_REASONS = [
  "canceled_by_member",
  "not_shipped",
  "declined",
  "expired",
  "reported_stolen",
  "counterfeit",
  "activation_locked",
  "no_bid",
] as const;
export type BuybackEndReason = (typeof BUYBACK_END_REASONS)[number];

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

/** A business buyer: a company that an operator invited to bid on devices. */
export const buybackCompanies = pgTable("buyback_companies", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  name: text("name").notNull(),
  /** Qualified invoice issuer number (T + 13 digits), when the company has one. */
  invoiceNumber: text("invoice_number"),
  address: text("address").notNull().default(""),
  phone: text("phone").notNull().default(""),
  /** Secondhand dealer licence of the buyer (they buy used goods for resale). */
  dealerLicence: text("dealer_licence").notNull().default(""),
  ...timestamps,
});

/** The users (role `business`) who work for a buyer company. */
export const buybackBuyers = pgTable(
  "buyback_buyers",
  {
    userId: bigint("user_id", { mode: "number" })
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    companyId: bigint("company_id", { mode: "number" })
      .notNull()
      .references(() => buybackCompanies.id, { onDelete: "restrict" }),
    /** Set once the buyer finished `/buyback/setup/account/`. */
    setupAt: timestamp("setup_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("buyback_buyers_company_idx").on(t.companyId)],
);

/** An operator's invitation for a person to join a buyer company; the link is used once. */
export const buybackInvitations = pgTable(
  "buyback_invitations",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: bigint("company_id", { mode: "number" })
      .notNull()
      .references(() => buybackCompanies.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    tokenHash: text("token_hash").notNull(),
    invitedBy: bigint("invited_by", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedUserId: bigint("accepted_user_id", { mode: "number" }).references(() => users.id, {
      onDelete: "set null",
    }),
  },
  (t) => [
    uniqueIndex("buyback_invitations_token_key").on(t.tokenHash),
    index("buyback_invitations_email_idx").on(t.email),
  ],
);

/**
 * A buyer company's standing bid for one model × grade × NG condition. Only an enabled bid with a
 * price counts; the best price wins, ties go to the bid whose price was set first. `reserved`
 * counts devices offered or bought on the bid, capped by `quantityCap`.
 */
export const buybackBids = pgTable(
  "buyback_bids",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: bigint("company_id", { mode: "number" })
      .notNull()
      .references(() => buybackCompanies.id, { onDelete: "cascade" }),
    modelId: bigint("model_id", { mode: "number" })
      .notNull()
      .references(() => deviceModels.id, { onDelete: "cascade" }),
    grade: text("grade", { enum: BUYBACK_GRADES }).notNull(),
    ngCondition: text("ng_condition", { enum: BUYBACK_NG_CONDITIONS }).notNull(),
    price: integer("price"),
    enabled: boolean("enabled").notNull().default(false),
    quantityCap: integer("quantity_cap"),
    reserved: integer("reserved").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** When the price was last set: the earlier of two equal bids wins. */
    priceSetAt: timestamp("price_set_at", { withTimezone: true }).notNull().defaultNow(),
    updatedBy: bigint("updated_by", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    unique("buyback_bids_cell_key").on(t.companyId, t.modelId, t.grade, t.ngCondition),
    index("buyback_bids_best_idx")
      .on(t.modelId, t.grade, t.ngCondition, t.price.desc(), t.priceSetAt)
      .where(sql`${t.enabled}`),
    check("buyback_bids_price_check", sql`${t.price} is null or ${t.price} between 1 and 9999999`),
    check("buyback_bids_enabled_price_check", sql`not ${t.enabled} or ${t.price} is not null`),
    check("buyback_bids_reserved_check", sql`${t.reserved} >= 0`),
    check(
      "buyback_bids_cap_check",
      sql`${t.quantityCap} is null or (${t.quantityCap} >= 0 and ${t.reserved} <= ${t.quantityCap})`,
    ),
  ],
);

/** What a member asked to sell in one go: the devices share one shipment (kit or pickup). */
export const buybackApplications = pgTable(
  "buyback_applications",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    /** `kit`: a box with a prepaid label is sent to the member; `pickup`: the courier collects. */
    shippingMethod: text("shipping_method", { enum: ["kit", "pickup"] }).notNull(),
    pickupDate: date("pickup_date"),
    pickupSlot: text("pickup_slot"),
    /** Where the kit goes, the courier picks up and a declined device is returned. */
    address: jsonb("address").$type<BuybackAddress>().notNull(),
    /** The courier's invoice for the member's parcel to us. */
    inboundInvoiceNumber: text("inbound_invoice_number"),
    inboundTrackingUrl: text("inbound_tracking_url"),
    /** Sent with the confirm form: a second confirm answers the first application. */
    requestKey: text("request_key").notNull(),
    shippedAt: timestamp("shipped_at", { withTimezone: true }),
    receivedAt: timestamp("received_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("buyback_applications_request_key").on(t.userId, t.requestKey),
    index("buyback_applications_user_idx").on(t.userId, t.id.desc()),
  ],
);

/** A copy of an address-book entry (the same fields), kept as it was when used. */
export type BuybackAddress = {
  familyName: string;
  givenName: string;
  familyNameKana: string;
  givenNameKana: string;
  postalCode: string;
  prefectureCode: string;
  city: string;
  street: string;
  building: string;
  phone: string;
};

/** One device's diagnostic field: a value, or "not applicable" with the grader's reason. */
export type DiagnosticValue = { value: string } | { na: string };

/** One deduction from the bid: a rule code and the yen it takes. */
export type OfferDeduction = { code: string; amount: number };

/**
 * One device a member sends in: the buyback transaction (`/buyback/transactions/{id}/`), with its
 * seller state (10 … 60), the member's answers and estimate, the grade and diagnostics, and the
 * offer made from the best bid.
 */
export const buybackItems = pgTable(
  "buyback_items",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity({ startWith: 300001 }),
    applicationId: bigint("application_id", { mode: "number" })
      .notNull()
      .references(() => buybackApplications.id, { onDelete: "restrict" }),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    modelId: bigint("model_id", { mode: "number" })
      .notNull()
      .references(() => deviceModels.id, { onDelete: "restrict" }),
    storageGb: integer("storage_gb"),
    imei: text("imei"),
    /** The member's answers about the device (power, screen, battery, network restriction …). */
    answers: jsonb("answers").$type<Record<string, string>>().notNull().default({}),
    /** The estimate shown when applying: grade and NG condition assumed, bid, deductions, amount. */
    estimate: jsonb("estimate").$type<Record<string, unknown>>(),
    state: text("state", { enum: BUYBACK_ITEM_STATE_CODES }).notNull(),
    grade: text("grade", { enum: BUYBACK_GRADES }),
    /** Every failed check; the first in `BUYBACK_NG_CONDITIONS` order (after none) picks the bid. */
    ngConditions: text("ng_conditions").array().notNull().default(sql`'{}'::text[]`),
    /** An outside grade kept as it was given, e.g. `{ scale: "NSYS", value: "B+" }`. */
    externalGrade: jsonb("external_grade").$type<{ scale: string; value: string }>(),
    diagnostics: jsonb("diagnostics").$type<Record<string, DiagnosticValue>>(),
    gradedAt: timestamp("graded_at", { withTimezone: true }),
    gradedBy: bigint("graded_by", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    /** The bid the offer came from (its company is the buyer on acceptance). */
    offerBidId: bigint("offer_bid_id", { mode: "number" }).references(() => buybackBids.id, {
      onDelete: "set null",
    }),
    offerCompanyId: bigint("offer_company_id", { mode: "number" }).references(() => buybackCompanies.id, {
      onDelete: "restrict",
    }),
    offerBid: integer("offer_bid"),
    offerDeductions: jsonb("offer_deductions").$type<OfferDeduction[]>(),
    offerAmount: integer("offer_amount"),
    offeredAt: timestamp("offered_at", { withTimezone: true }),
    offerExpiresAt: timestamp("offer_expires_at", { withTimezone: true }),
    /** Accepted, declined or expired. */
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    /** What the buyer pays us on top of the amount (the platform's margin). */
    buyerFee: integer("buyer_fee"),
    deliveryId: bigint("delivery_id", { mode: "number" }),
    endReason: text("end_reason", { enum: BUYBACK_END_REASONS }),
    endNote: text("end_note"),
    /** A declined, expired or refused device on its way back to the member. */
    returnInvoiceNumber: text("return_invoice_number"),
    /** The grader asked the member to sign out of Find My / the Google account. */
    unlockRequestedAt: timestamp("unlock_requested_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index("buyback_items_user_idx").on(t.userId, t.id.desc()),
    index("buyback_items_application_idx").on(t.applicationId),
    index("buyback_items_state_idx").on(t.state, t.id),
    index("buyback_items_company_idx").on(t.offerCompanyId, t.state),
    index("buyback_items_delivery_idx").on(t.deliveryId),
    check("buyback_items_offer_check", sql`${t.offerAmount} is null or ${t.offerAmount} >= 0`),
  ],
);

/** Photos a grader took of a device (blob keys of the WebP renditions). */
export const buybackItemPhotos = pgTable(
  "buyback_item_photos",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    itemId: bigint("item_id", { mode: "number" })
      .notNull()
      .references(() => buybackItems.id, { onDelete: "cascade" }),
    blobKey: text("blob_key").notNull(),
    position: smallint("position").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("buyback_item_photos_position_key").on(t.itemId, t.position)],
);

/** Every grading of a device, first and regrades: a regrade keeps what was before. */
export const buybackGradings = pgTable(
  "buyback_gradings",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    itemId: bigint("item_id", { mode: "number" })
      .notNull()
      .references(() => buybackItems.id, { onDelete: "cascade" }),
    grade: text("grade", { enum: BUYBACK_GRADES }).notNull(),
    ngConditions: text("ng_conditions").array().notNull(),
    externalGrade: jsonb("external_grade").$type<{ scale: string; value: string }>(),
    diagnostics: jsonb("diagnostics").$type<Record<string, DiagnosticValue>>().notNull(),
    gradedBy: bigint("graded_by", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    reason: text("reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("buyback_gradings_item_idx").on(t.itemId, t.id)],
);

/** A shipment of bought devices to one buyer company; the buyer pays us per delivery. */
export const buybackDeliveries = pgTable(
  "buyback_deliveries",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity({ startWith: 7001 }),
    companyId: bigint("company_id", { mode: "number" })
      .notNull()
      .references(() => buybackCompanies.id, { onDelete: "restrict" }),
    state: text("state", { enum: BUYBACK_DELIVERY_STATE_CODES }).notNull(),
    scheduledShipDate: date("scheduled_ship_date").notNull(),
    productCount: integer("product_count").notNull().default(0),
    /** What the buyer pays: the amounts bought plus the fee. */
    paymentAmount: integer("payment_amount").notNull().default(0),
    /** The courier's invoice number (送り状番号), issued when the delivery ships. */
    invoiceNumber: text("invoice_number"),
    trackingUrl: text("tracking_url"),
    shippedAt: timestamp("shipped_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index("buyback_deliveries_company_idx").on(t.companyId, t.id.desc()),
    uniqueIndex("buyback_deliveries_open_key").on(t.companyId).where(sql`${t.state} = '10'`),
  ],
);

/**
 * The dealer ledger (古物台帳, Secondhand Articles Dealer Act art. 16): one row per acquisition,
 * never changed or deleted (a trigger refuses it), kept at least three years.
 */
export const dealerLedger = pgTable(
  "dealer_ledger",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    /** 取引年月日 */
    tradedAt: timestamp("traded_at", { withTimezone: true }).notNull(),
    /** 区分: always 買受け (bought) here. */
    kind: text("kind").notNull(),
    /** 品目 */
    itemName: text("item_name").notNull(),
    quantity: integer("quantity").notNull(),
    /** 特徴: IMEI, serial number, colour, storage. */
    features: text("features").notNull(),
    amount: integer("amount").notNull(),
    sellerName: text("seller_name").notNull(),
    sellerAddress: text("seller_address").notNull(),
    sellerOccupation: text("seller_occupation").notNull(),
    sellerAge: integer("seller_age"),
    /** 確認方法 */
    verificationMethod: text("verification_method").notNull(),
    identityCheckId: bigint("identity_check_id", { mode: "number" }),
    buybackItemId: bigint("buyback_item_id", { mode: "number" }).notNull(),
    userId: bigint("user_id", { mode: "number" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("dealer_ledger_item_key").on(t.buybackItemId),
    index("dealer_ledger_traded_idx").on(t.tradedAt, t.id),
  ],
);

/** Drop-off spots operators keep: where a member can hand a device in person. */
export const buybackSpots = pgTable(
  "buyback_spots",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    postalCode: text("postal_code").notNull(),
    prefectureCode: text("prefecture_code").notNull(),
    address: text("address").notNull(),
    hours: text("hours").notNull(),
    closedDays: text("closed_days").notNull().default(""),
    phone: text("phone").notNull().default(""),
    note: text("note").notNull().default(""),
    active: boolean("active").notNull().default(true),
    position: integer("position").notNull().default(0),
    ...timestamps,
  },
  (t) => [index("buyback_spots_prefecture_idx").on(t.prefectureCode, t.position)],
);

/** A company's application to become a business buyer: waiting, approved or declined by an operator. */
export const BUYER_APPLICATION_STATES = ["PENDING", "APPROVED", "DECLINED"] as const;

/**
 * A company applies from `/buyback/signup/` without an invitation; an operator approves it (the
 * company is made and its contact invited) or declines it with a reason. One pending application
 * per address and per licence number.
 */
export const buyerApplications = pgTable(
  "buyer_applications",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    state: text("state", { enum: BUYER_APPLICATION_STATES }).notNull().default("PENDING"),
    companyName: text("company_name").notNull(),
    /** The secondhand dealer licence's 12-digit number and the prefecture of the commission that issued it. */
    licenceNumber: text("licence_number").notNull(),
    licenceCommission: text("licence_commission").notNull(),
    address: text("address").notNull(),
    contactName: text("contact_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    monthlyVolume: text("monthly_volume").notNull(),
    categories: text("categories").array().notNull(),
    /** The language of the page it was sent from: the mails that answer it are written in it. */
    locale: text("locale").notNull(),
    companyId: bigint("company_id", { mode: "number" }).references(() => buybackCompanies.id, {
      onDelete: "set null",
    }),
    decidedBy: bigint("decided_by", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    declineReason: text("decline_reason"),
    ...timestamps,
  },
  (t) => [
    check("buyer_applications_state_check", sql`${t.state} in ('PENDING', 'APPROVED', 'DECLINED')`),
    uniqueIndex("buyer_applications_pending_email_key").on(t.email).where(sql`${t.state} = 'PENDING'`),
    uniqueIndex("buyer_applications_pending_licence_key")
      .on(t.licenceNumber)
      .where(sql`${t.state} = 'PENDING'`),
    index("buyer_applications_queue_idx").on(t.state, t.createdAt),
  ],
);
