import {
  bigint,
  boolean,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./identity.ts";

/**
 * The groups of notifications a member chooses mail and push for, each its own settings row. A
 * notification kind belongs to at most one group (core/notify/notification-settings.ts says which).
 */
export const NOTIFICATION_TOPICS = ["messages", "offers", "sales", "price_drops", "buyback"] as const;

/** A member's choice for one group; a group without a row keeps its defaults. */
export const notificationSettings = pgTable(
  "notification_settings",
  {
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    topic: text("topic", { enum: NOTIFICATION_TOPICS }).notNull(),
    mail: boolean("mail").notNull(),
    push: boolean("push").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.topic] })],
);

/** A browser that takes Web Push for a member: where to send, and the keys to encrypt for it. */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The push service's address for this browser; unique, since it names one browser's subscription. */
    endpoint: text("endpoint").notNull().unique(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the push service last accepted a message for it. */
    lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
  },
  (t) => [index("push_subscriptions_user_idx").on(t.userId)],
);

/** Where a text message stands (core/notify/sms.ts reads the provider's words into these). */
export const SMS_DELIVERY_STATES = ["queued", "sent", "delivered", "failed"] as const;

/**
 * Each text message handed to the SMS provider, and its delivery as the provider last reported it
 * (a signed status callback). Only the number's last four digits are kept: enough for support to
 * match a member's "the code never came", not a copy of their phone number.
 */
export const smsMessages = pgTable(
  "sms_messages",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    provider: text("provider").notNull(),
    providerId: text("provider_id").notNull(),
    /** What the message was for: a sign-in code, a two-step code, a number's verification. */
    purpose: text("purpose", { enum: ["phone_login", "two_step", "phone_verification"] }).notNull(),
    toLast4: text("to_last4").notNull(),
    status: text("status", { enum: SMS_DELIVERY_STATES }).notNull(),
    errorCode: text("error_code"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("sms_messages_provider_id").on(t.provider, t.providerId),
    index("sms_messages_created").on(t.createdAt),
  ],
);
