import { sql } from "drizzle-orm";
import { bigint, check, index, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { items } from "./catalog.ts";
import { users } from "./identity.ts";

export const comments = pgTable(
  "comments",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    itemId: bigint("item_id", { mode: "number" })
      .notNull()
      .references(() => items.id, { onDelete: "cascade" }),
    authorId: bigint("author_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    /** Set while hidden by trust and safety (the moderation decision says why). */
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    hiddenDecisionId: bigint("hidden_decision_id", { mode: "number" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("comments_item_idx").on(t.itemId, t.createdAt)],
);

export const likes = pgTable(
  "likes",
  {
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    itemId: bigint("item_id", { mode: "number" })
      .notNull()
      .references(() => items.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.itemId] }), index("likes_item_idx").on(t.itemId)],
);

export const follows = pgTable(
  "follows",
  {
    followerId: bigint("follower_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    followeeId: bigint("followee_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followeeId] }),
    index("follows_followee_idx").on(t.followeeId, t.createdAt),
    check("follows_not_self_check", sql`${t.followerId} <> ${t.followeeId}`),
  ],
);

export const blocks = pgTable(
  "blocks",
  {
    blockerId: bigint("blocker_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockedId: bigint("blocked_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index("blocks_blocked_idx").on(t.blockedId),
    check("blocks_not_self_check", sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

/** A member's saved search: the query as the search page's URL parameters. */
/** How a saved search tells its member of a new listing: in the app, by mail too, or not at all. */
export const SAVED_SEARCH_ALERTS = ["app", "mail", "off"] as const;

export const savedSearches = pgTable(
  "saved_searches",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    query: text("query").notNull(),
    /**
     * The search tokens every listing it matches holds (keyword and facts), for finding the saved
     * searches a new listing may match through the index: `tokens <@ listing's tokens`. Null until
     * computed (rows saved before the column existed are computed when first met).
     */
    tokens: text("tokens").array(),
    /**
     * The rarest of its tokens: a listing finds the saved searches it may match by looking up its
     * own tokens here (one index probe each), however many searches are saved. Null for a search
     * without tokens, which every listing is checked against.
     */
    keyToken: text("key_token"),
    /** How the member hears of a new listing it matches: in the app, in the app and by mail, or not at all. */
    alert: text("alert", { enum: SAVED_SEARCH_ALERTS }).notNull().default("app"),
    /** When the member last opened it from their saved searches: listings published since are new. */
    seenAt: timestamp("seen_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("saved_searches_user_idx").on(t.userId),
    check("saved_searches_alert_check", sql`${t.alert} in ('app', 'mail', 'off')`),
    index("saved_searches_key_token_idx").on(sql`coalesce(${t.keyToken}, '')`),
  ],
);

export const NOTIFICATION_KINDS = [
  "saved_search",
  "comment",
  "like",
  "follow",
  "purchase",
  "payment",
  "shipping",
  "message",
  "rating",
  "news",
  /** A moderation decision about the member's listing, comment or account (with its case number). */
  "moderation",
  /** Support answered the member's inquiry. */
  "support",
  /** The office decided an identity check it reviewed: verified or rejected. */
  "identity",
  /** Money in the balance: points credited, a payout sent or returned, proceeds nearing their deadline. */
  "balance",
  /** A device sent to the buyback: received, offered, bought, returned or refused. */
  "buyback",
  /** A price offer on a listing: received, countered, accepted, declined or expired. */
  "offer",
  /** A listing the member liked was made cheaper (at most once a day per listing). */
  "price_drop",
] as const;

/** In-app notifications; `payload` carries what the list needs to show and link. */
export const notifications = pgTable(
  "notifications",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: NOTIFICATION_KINDS }).notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("notifications_user_idx").on(t.userId, t.createdAt.desc())],
);
