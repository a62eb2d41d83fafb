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
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./identity.ts";

/** The back office's roles; what each may do is the core's table (`core/staff/permissions.ts`). */
export const OPERATOR_ROLES = ["support", "trust_safety", "finance", "grader", "editor", "admin"] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/** Which roles an operator account holds. Granted and taken back by admins, each change audited. */
export const operatorRoles = pgTable(
  "operator_roles",
  {
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: OPERATOR_ROLES }).notNull(),
    grantedBy: bigint("granted_by", { mode: "number" }),
    grantedAt: timestamp("granted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.role] }),
    check(
      "operator_roles_role_check",
      sql`${t.role} in ('support', 'trust_safety', 'finance', 'grader', 'editor', 'admin')`,
    ),
  ],
);

/**
 * What operators did: who, which action on what, each changed field's value before and after, why,
 * and under which request. Written in the database transaction of the change it records.
 * Append-only: triggers refuse UPDATE, DELETE and TRUNCATE, and the application's database role
 * is granted only SELECT and INSERT on it.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** The operator (or, for a member's own request such as a report, the member). Kept after the account is gone. */
    actorId: bigint("actor_id", { mode: "number" }),
    /** The roles the actor held when acting. */
    actorRoles: text("actor_roles").array().notNull().default(sql`'{}'::text[]`),
    /** `resource:action`, e.g. `transactions:hold`, `pii:read`, `roles:assign`. */
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    /** Per field: `[before, after]`. */
    changes: jsonb("changes").$type<Record<string, [unknown, unknown]>>().notNull().default({}),
    reason: text("reason"),
    requestId: text("request_id"),
    ip: text("ip"),
  },
  (t) => [
    index("audit_log_at_idx").on(t.at.desc(), t.id.desc()),
    index("audit_log_target_idx").on(t.targetType, t.targetId, t.id.desc()),
    index("audit_log_actor_idx").on(t.actorId, t.id.desc()),
    index("audit_log_action_idx").on(t.action, t.id.desc()),
  ],
);

/**
 * Who is working on an item of a queue (a transaction under review, a report, an inquiry …). The
 * key is the item, so of two operators claiming at once exactly one row is written.
 */
export const queueClaims = pgTable(
  "queue_claims",
  {
    queue: text("queue").notNull(),
    itemId: bigint("item_id", { mode: "number" }).notNull(),
    operatorId: bigint("operator_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Set when someone else assigned it. */
    assignedBy: bigint("assigned_by", { mode: "number" }),
    claimedAt: timestamp("claimed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.queue, t.itemId] }), index("queue_claims_operator_idx").on(t.operatorId)],
);

export const REPORT_TARGETS = ["item", "comment", "user"] as const;
export const REPORT_STATES = ["OPEN", "ACTIONED", "DISMISSED"] as const;

/** A member's report of a listing, a comment or a member, for trust and safety to look at. */
export const reports = pgTable(
  "reports",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    targetType: text("target_type", { enum: REPORT_TARGETS }).notNull(),
    targetId: bigint("target_id", { mode: "number" }).notNull(),
    reporterId: bigint("reporter_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** A code of the report reasons table. */
    reason: text("reason").notNull(),
    body: text("body").notNull().default(""),
    state: text("state", { enum: REPORT_STATES }).notNull().default("OPEN"),
    /** The moderation decision that settled it, if one did. */
    decisionId: bigint("decision_id", { mode: "number" }),
    handledBy: bigint("handled_by", { mode: "number" }),
    handledAt: timestamp("handled_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One open report per member and target: a second click does not file it twice.
    uniqueIndex("reports_open_key")
      .on(t.reporterId, t.targetType, t.targetId)
      .where(sql`${t.state} = 'OPEN'`),
    index("reports_queue_idx").on(t.state, t.createdAt),
    index("reports_target_idx").on(t.targetType, t.targetId),
    check("reports_target_check", sql`${t.targetType} in ('item', 'comment', 'user')`),
    check("reports_state_check", sql`${t.state} in ('OPEN', 'ACTIONED', 'DISMISSED')`),
  ],
);

export const MODERATION_ACTIONS = [
  "hide_item",
  "restore_item",
  "hide_comment",
  "restore_comment",
  "suspend_member",
  "restore_member",
] as const;

/**
 * A moderation decision with its statement of reasons: what was done to which listing, comment or
 * member, under which rule (reason code) and why (note). Its id is the case number the member is
 * told and may appeal with. Never changed once made: a restore is a decision of its own.
 */
export const moderationDecisions = pgTable(
  "moderation_decisions",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity({ startWith: 700001 }),
    action: text("action", { enum: MODERATION_ACTIONS }).notNull(),
    targetType: text("target_type", { enum: REPORT_TARGETS }).notNull(),
    targetId: bigint("target_id", { mode: "number" }).notNull(),
    /** The member the decision is about (the seller, the comment's author, the member). */
    memberId: bigint("member_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    reasonCode: text("reason_code").notNull(),
    note: text("note").notNull(),
    operatorId: bigint("operator_id", { mode: "number" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("moderation_decisions_target_idx").on(t.targetType, t.targetId, t.id.desc()),
    index("moderation_decisions_member_idx").on(t.memberId, t.id.desc()),
  ],
);

export const INQUIRY_STATES = ["OPEN", "ANSWERED", "CLOSED"] as const;

/**
 * A question to support, with its thread of messages: a member's (`userId`), or a visitor's from the
 * help centre's contact form, who is answered by mail (`visitorName`, `visitorEmail`).
 */
export const supportInquiries = pgTable(
  "support_inquiries",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity({ startWith: 300001 }),
    userId: bigint("user_id", { mode: "number" }).references(() => users.id, { onDelete: "cascade" }),
    visitorName: text("visitor_name"),
    visitorEmail: text("visitor_email"),
    /** A code of the inquiry categories table. */
    category: text("category").notNull(),
    transactionId: bigint("transaction_id", { mode: "number" }),
    itemId: bigint("item_id", { mode: "number" }),
    /** The moderation decision an appeal is about. */
    decisionId: bigint("decision_id", { mode: "number" }),
    subject: text("subject").notNull(),
    state: text("state", { enum: INQUIRY_STATES }).notNull().default("OPEN"),
    /** The language the member wrote in, for the answer's mail. */
    locale: text("locale", { enum: ["ja", "en"] })
      .notNull()
      .default("ja"),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("support_inquiries_queue_idx").on(t.state, t.lastMessageAt),
    index("support_inquiries_user_idx").on(t.userId, t.id.desc()),
    check("support_inquiries_state_check", sql`${t.state} in ('OPEN', 'ANSWERED', 'CLOSED')`),
    check("support_inquiries_asker_check", sql`(${t.userId} is not null) <> (${t.visitorEmail} is not null)`),
  ],
);

export const supportMessages = pgTable(
  "support_messages",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    inquiryId: bigint("inquiry_id", { mode: "number" })
      .notNull()
      .references(() => supportInquiries.id, { onDelete: "cascade" }),
    authorId: bigint("author_id", { mode: "number" }),
    fromStaff: boolean("from_staff").notNull().default(false),
    body: text("body").notNull(),
    /** Blob key prefixes of attached photos (private). */
    photoKeys: jsonb("photo_keys").$type<string[]>().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("support_messages_inquiry_idx").on(t.inquiryId, t.id)],
);

/** Answers support reuses, written in both languages; the member's language picks one. */
export const savedReplies = pgTable("saved_replies", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  titleJa: text("title_ja").notNull(),
  titleEn: text("title_en").notNull(),
  bodyJa: text("body_ja").notNull(),
  bodyEn: text("body_en").notNull(),
  updatedBy: bigint("updated_by", { mode: "number" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const EXPORT_KINDS = ["transactions", "sales", "members", "audit"] as const;
export const EXPORT_ENCODINGS = ["utf8", "sjis"] as const;
export const EXPORT_STATES = ["QUEUED", "RUNNING", "DONE", "FAILED"] as const;

/** A CSV export asked for in the back office, written by a background job to the private blob store. */
export const exports = pgTable(
  "exports",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text("kind", { enum: EXPORT_KINDS }).notNull(),
    dateFrom: date("date_from").notNull(),
    dateTo: date("date_to").notNull(),
    encoding: text("encoding", { enum: EXPORT_ENCODINGS }).notNull(),
    state: text("state", { enum: EXPORT_STATES }).notNull().default("QUEUED"),
    requestedBy: bigint("requested_by", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blobKey: text("blob_key"),
    rowCount: integer("row_count"),
    byteCount: bigint("byte_count", { mode: "number" }),
    error: text("error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("exports_requested_idx").on(t.requestedBy, t.id.desc()),
    check("exports_range_check", sql`${t.dateFrom} <= ${t.dateTo}`),
  ],
);
