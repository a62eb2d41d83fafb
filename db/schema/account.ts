import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./identity.ts";

/** The member's address (/settings/address/): where purchases are sent and the dealer ledger's record. */
export const addresses = pgTable(
  "addresses",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    isDefault: boolean("is_default").notNull().default(true),
    familyName: text("family_name").notNull(),
    givenName: text("given_name").notNull(),
    familyNameKana: text("family_name_kana").notNull(),
    givenNameKana: text("given_name_kana").notNull(),
    postalCode: text("postal_code").notNull(),
    prefectureCode: text("prefecture_code").notNull(),
    city: text("city").notNull(),
    street: text("street").notNull(),
    building: text("building").notNull().default(""),
    phone: text("phone").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("addresses_user_idx").on(t.userId),
    uniqueIndex("addresses_one_default_key").on(t.userId).where(sql`${t.isDefault}`),
    check("addresses_postal_check", sql`${t.postalCode} ~ '^[0-9]{7}$'`),
  ],
);

/** Where sales proceeds are paid out (/settings/bank-account/, setup flow). */
export const bankAccounts = pgTable(
  "bank_accounts",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    bankCode: text("bank_code").notNull(),
    bankName: text("bank_name").notNull(),
    branchCode: text("branch_code").notNull(),
    branchName: text("branch_name").notNull(),
    accountType: text("account_type", { enum: ["1", "2"] }).notNull(),
    accountNumber: text("account_number").notNull(),
    holderName: text("holder_name").notNull(),
    /** The bank's and branch's names in Zengin kana, and which Zengin data they came from. */
    bankKana: text("bank_kana"),
    branchKana: text("branch_kana"),
    zenginVersion: text("zengin_version"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** Until when payouts to this account wait: 24 hours after it replaced another (a known fraud pattern). */
    heldUntil: timestamp("held_until", { withTimezone: true }),
  },
  (t) => [uniqueIndex("bank_accounts_user_key").on(t.userId)],
);

/** `review`: the provider passed the documents but what they say does not match the account; the office decides. */
export const IDENTITY_CHECK_STATUSES = ["pending", "review", "verified", "rejected", "expired"] as const;

/**
 * One identity check (eKYC) with a provider: the Secondhand Articles Dealer Act record of who was
 * verified, how and when. Kept for 3 years after the last dealing.
 */
export const identityChecks = pgTable(
  "identity_checks",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    /** The legal method, e.g. "ekyc-photo-id-selfie" (Act enforcement rule art. 15, item 1 (ho)). */
    method: text("method").notNull(),
    status: text("status", { enum: IDENTITY_CHECK_STATUSES }).notNull().default("pending"),
    providerReference: text("provider_reference").notNull(),
    /** Blob keys of the submitted documents. */
    documentKeys: jsonb("document_keys").$type<string[]>().notNull().default([]),
    /** What the provider confirmed: name, address, birth date, occupation. */
    verifiedFacts: jsonb("verified_facts").$type<Record<string, string>>(),
    reason: text("reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    index("identity_checks_user_idx").on(t.userId, t.createdAt.desc()),
    uniqueIndex("identity_checks_reference_key").on(t.provider, t.providerReference),
  ],
);
