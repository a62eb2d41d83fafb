import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./identity.ts";
import { payments } from "./trade.ts";

/**
 * Money in the balance that has a clock: proceeds (kept 180 days from when they arose, then paid
 * out) and free points (expire). Every credit to such an account opens a lot; every debit takes
 * from the oldest lots first; the sum of a member's open lots of a kind equals that ledger
 * account's balance (the ledger invariants test checks it).
 */
export const BALANCE_LOT_KINDS = ["proceeds", "free_points"] as const;

export const balanceLots = pgTable(
  "balance_lots",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    kind: text("kind", { enum: BALANCE_LOT_KINDS }).notNull(),
    amount: bigint("amount", { mode: "number" }).notNull(),
    remaining: bigint("remaining", { mode: "number" }).notNull(),
    /** What credited it: `{ transactionId }`, `{ grantId }`… */
    source: jsonb("source").$type<Record<string, number | string>>().notNull().default({}),
    aroseAt: timestamp("arose_at", { withTimezone: true }).notNull(),
    /** Proceeds: paid out on this day; free points: gone on this day. Moves when a pause ends. */
    deadlineAt: timestamp("deadline_at", { withTimezone: true }).notNull(),
    /** The last reminder sent, in days before the deadline (30, 7, 1); null before the first. */
    remindedDays: integer("reminded_days"),
    /** Free points: why an operator granted them. */
    reason: text("reason"),
    grantedBy: bigint("granted_by", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("balance_lots_open_idx").on(t.userId, t.kind, t.deadlineAt, t.id).where(sql`${t.remaining} > 0`),
    index("balance_lots_due_idx").on(t.kind, t.deadlineAt).where(sql`${t.remaining} > 0`),
    check("balance_lots_remaining_check", sql`${t.remaining} >= 0 and ${t.remaining} <= ${t.amount}`),
  ],
);

/**
 * While a member's identity check waits on the office (they cannot finish it themselves), the
 * proceeds clock stops; when the pause ends, open proceeds lots' deadlines move by its length.
 */
export const proceedsPauses = pgTable(
  "proceeds_pauses",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("proceeds_pauses_open_key").on(t.userId).where(sql`${t.endedAt} is null`)],
);

export const TOP_UP_METHODS = ["cvs", "payeasy", "card"] as const;
export const TOP_UP_STATES = ["PENDING", "PAID", "EXPIRED", "CANCELED", "FAILED"] as const;

/**
 * A points top-up: a voucher to pay at a convenience store or by Pay-easy, or a card charge. The
 * voucher's codes are what the provider issued; `deadline` is what the member is shown, at least
 * 30 minutes before the provider's own. One voucher waits per member at a time.
 */
export const topUps = pgTable(
  "top_ups",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    method: text("method", { enum: TOP_UP_METHODS }).notNull(),
    /** Convenience-store code (10001…), for `cvs`. */
    store: text("store"),
    amount: integer("amount").notNull(),
    state: text("state", { enum: TOP_UP_STATES }).notNull(),
    provider: text("provider").notNull(),
    /** The provider's payment id (vouchers). */
    providerPaymentId: text("provider_payment_id"),
    /** The card payment (card top-ups). */
    paymentId: bigint("payment_id", { mode: "number" }).references(() => payments.id, {
      onDelete: "restrict",
    }),
    /** What the member needs at the store or ATM: payment code, confirmation number, customer number… */
    voucher: jsonb("voucher").$type<Record<string, string>>().notNull().default({}),
    providerDeadline: timestamp("provider_deadline", { withTimezone: true }),
    deadline: timestamp("deadline", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** Paid after the deadline we showed: credited all the same, and the office is told. */
    paidLate: boolean("paid_late").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("top_ups_pending_voucher_key")
      .on(t.userId)
      .where(sql`${t.state} = 'PENDING' and ${t.method} in ('cvs', 'payeasy')`),
    uniqueIndex("top_ups_provider_payment_key").on(t.provider, t.providerPaymentId),
    // A card top-up is found by its payment on every webhook and reconciliation step.
    uniqueIndex("top_ups_payment_key").on(t.paymentId),
    index("top_ups_user_idx").on(t.userId, t.id.desc()),
    index("top_ups_pending_idx").on(t.providerDeadline).where(sql`${t.state} = 'PENDING'`),
    check("top_ups_amount_check", sql`${t.amount} > 0`),
  ],
);

/** A member's Kyash account, to which proceeds can be sent without a fee. */
export const walletLinks = pgTable("wallet_links", {
  userId: bigint("user_id", { mode: "number" })
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  provider: text("provider").notNull(),
  accountId: text("account_id").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  /** Until when payouts to this account wait: 24 hours after it replaced another (a known fraud pattern). */
  heldUntil: timestamp("held_until", { withTimezone: true }),
});

export const PAYOUT_METHODS = ["bank", "seven", "kyash"] as const;
export const PAYOUT_STATES = [
  "AWAITING_APPROVAL",
  "READY",
  "BATCHED",
  "SENT",
  "ISSUED",
  "PAID",
  "FAILED",
  "EXPIRED",
  "CANCELED",
  "REJECTED",
] as const;

/**
 * Proceeds leaving the marketplace: to the registered bank account (in a 全銀 bulk-transfer run),
 * as a Seven Bank ATM receipt code, or to a linked Kyash account. `amount` is what arrives; `fee`
 * is taken from the proceeds on top. The destination is copied in, as it was when asked for.
 */
export const payouts = pgTable(
  "payouts",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    method: text("method", { enum: PAYOUT_METHODS }).notNull(),
    amount: integer("amount").notNull(),
    fee: integer("fee").notNull(),
    state: text("state", { enum: PAYOUT_STATES }).notNull(),
    /** Asked for by the member, or made when proceeds reached their deadline. */
    automatic: boolean("automatic").notNull().default(false),
    /** Bank: code, names, kana, type, number, holder (Zengin kana) and the Zengin data version. */
    destination: jsonb("destination").$type<Record<string, string>>().notNull().default({}),
    /** Which proceeds lots it took from, to give back to the same lots if it fails. */
    lots: jsonb("lots").$type<{ lotId: number; amount: number }[]>().notNull().default([]),
    runId: bigint("run_id", { mode: "number" }),
    provider: text("provider"),
    providerRef: text("provider_ref"),
    /** Seven Bank: the single-use receipt code and its confirmation number. */
    code: text("code"),
    confirmation: text("confirmation"),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    firstApproverId: bigint("first_approver_id", { mode: "number" }).references(() => users.id, {
      onDelete: "set null",
    }),
    secondApproverId: bigint("second_approver_id", { mode: "number" }).references(() => users.id, {
      onDelete: "set null",
    }),
    failureReason: text("failure_reason"),
    requestKey: text("request_key"),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("payouts_user_idx").on(t.userId, t.id.desc()),
    index("payouts_queue_idx").on(t.state, t.method, t.createdAt),
    index("payouts_run_idx").on(t.runId),
    // The provider's notice (an ATM code used or run out) finds its payout by the provider's id.
    index("payouts_provider_ref_idx").on(t.provider, t.providerRef),
    unique("payouts_request_key").on(t.userId, t.requestKey),
    uniqueIndex("payouts_code_key").on(t.code),
    check("payouts_amount_check", sql`${t.amount} > 0 and ${t.fee} >= 0`),
  ],
);

export const PAYOUT_RUN_STATES = ["PREPARED", "SENT", "DISCARDED"] as const;

/**
 * One banking day's bank payouts in one 全銀 総合振込 file, prepared by a finance operator and
 * marked sent once the file is uploaded to the bank (payouts above the approval threshold join a
 * run only after two finance operators approved them).
 */
export const payoutRuns = pgTable(
  "payout_runs",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    /** The banking day the transfers are for (YYYY-MM-DD, Tokyo). */
    transferDate: text("transfer_date").notNull(),
    state: text("state", { enum: PAYOUT_RUN_STATES }).notNull(),
    count: integer("count").notNull(),
    total: bigint("total", { mode: "number" }).notNull(),
    preparedBy: bigint("prepared_by", { mode: "number" }).references(() => users.id, {
      onDelete: "set null",
    }),
    sentBy: bigint("sent_by", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    /** The file as generated (Shift_JIS bytes, base64), so every download is the same file. */
    file: text("file").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("payout_runs_idx").on(t.id.desc())],
);

export const MONEY_ALERT_KINDS = ["late_top_up", "payout_failed", "deadline_no_account"] as const;

/** Something in the money flows a finance operator should look at; open until resolved. */
export const moneyAlerts = pgTable(
  "money_alerts",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text("kind", { enum: MONEY_ALERT_KINDS }).notNull(),
    userId: bigint("user_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    refs: jsonb("refs").$type<Record<string, number | string>>().notNull().default({}),
    /** One alert per thing (`top_up:12`), however often it is raised. */
    dedupeKey: text("dedupe_key").notNull(),
    detail: text("detail"),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolvedBy: bigint("resolved_by", { mode: "number" }).references(() => users.id, {
      onDelete: "set null",
    }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("money_alerts_dedupe_key").on(t.dedupeKey),
    index("money_alerts_open_idx").on(t.createdAt).where(sql`${t.resolvedAt} is null`),
  ],
);
