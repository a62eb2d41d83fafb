import { sql } from "drizzle-orm";
import { bigint, check, index, jsonb, pgTable, text, timestamp, unique } from "drizzle-orm/pg-core";
import { users } from "./identity.ts";

/**
 * Accounts a member owns: none of them may ever hold less than zero. `proceeds` (売上金) can be paid
 * out; `points` are paid points (bought, spendable, never paid out); `free_points` are granted by
 * the office and expire. `payment` and `escrow` hold money passing through a purchase.
 */
export const MEMBER_ACCOUNT_KINDS = ["payment", "escrow", "proceeds", "points", "free_points"] as const;
/**
 * The platform's own accounts: fees earned; what the card and voucher providers owe or are owed;
 * payouts asked for and not yet gone; money sent out by the payout providers; free points given;
 * devices bought through buyback and not yet invoiced; what buyer companies owe us for deliveries;
 * what we owe the courier for the labels of sales whose postage the seller pays.
 */
export const PLATFORM_ACCOUNT_KINDS = [
  "revenue",
  "card_clearing",
  "voucher_clearing",
  "payouts_pending",
  "payout_clearing",
  "promotions",
  "buyback_clearing",
  "buyback_receivable",
  "courier_payable",
] as const;
export const LEDGER_ACCOUNT_KINDS = [...MEMBER_ACCOUNT_KINDS, ...PLATFORM_ACCOUNT_KINDS] as const;

/**
 * One row per (owner, kind). The balance is the sum of the account's journal lines, kept here so
 * that a row lock and a CHECK guard it; the ledger invariants test compares the two.
 */
export const ledgerAccounts = pgTable(
  "ledger_accounts",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint("user_id", { mode: "number" }).references(() => users.id, { onDelete: "restrict" }),
    kind: text("kind", { enum: LEDGER_ACCOUNT_KINDS }).notNull(),
    balance: bigint("balance", { mode: "number" }).notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("ledger_accounts_owner_kind_key").on(t.userId, t.kind).nullsNotDistinct(),
    check(
      "ledger_accounts_owner_check",
      sql`(${t.kind} in ('payment', 'escrow', 'proceeds', 'points', 'free_points')) = (${t.userId} is not null)`,
    ),
    check("ledger_accounts_member_nonnegative", sql`${t.userId} is null or ${t.balance} >= 0`),
  ],
);

/** A money movement. The idempotency key makes posting the same movement twice a no-op. */
export const journalEntries = pgTable(
  "journal_entries",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    idempotencyKey: text("idempotency_key").notNull(),
    kind: text("kind").notNull(),
    /** What the movement is about (transaction id, payment id…), for the member's history. */
    refs: jsonb("refs").$type<Record<string, number | string>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique("journal_entries_idempotency_key_key").on(t.idempotencyKey)],
);

/** Signed amounts in yen: positive raises the account's balance. An entry's lines sum to zero. */
export const journalLines = pgTable(
  "journal_lines",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    entryId: bigint("entry_id", { mode: "number" })
      .notNull()
      .references(() => journalEntries.id, { onDelete: "restrict" }),
    accountId: bigint("account_id", { mode: "number" })
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: "restrict" }),
    amount: bigint("amount", { mode: "number" }).notNull(),
  },
  (t) => [
    index("journal_lines_entry_idx").on(t.entryId),
    index("journal_lines_account_idx").on(t.accountId, t.id),
    check("journal_lines_amount_nonzero", sql`${t.amount} <> 0`),
  ],
);
