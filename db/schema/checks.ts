import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { buybackItems } from "./buyback.ts";
import { items } from "./catalog.ts";
import { users } from "./identity.ts";

/**
 * A member's self-check of a device, run in the device's own browser: what each test found, what the
 * browser said about the device, and the server's signature over all of it (core/checks). A report
 * is made for its member (`subject` "member:{id}") and signed again for the listing it is attached
 * to ("item:{id}") or the buyback device it is sent in with ("buyback:{id}"); a listing or a device
 * holds one report at most, and a report goes on one of them only.
 */
export const deviceChecks = pgTable(
  "device_checks",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    /** The short id the report is shown and looked up by. */
    publicId: text("public_id").notNull(),
    memberId: bigint("member_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    itemId: bigint("item_id", { mode: "number" }).references(() => items.id, { onDelete: "set null" }),
    /** The buyback device the report was sent in with (never also on a listing). */
    buybackItemId: bigint("buyback_item_id", { mode: "number" }).references(() => buybackItems.id, {
      onDelete: "set null",
    }),
    /** What the signature was made for: "member:{id}", or "item:{id}" / "buyback:{id}" once attached. */
    subject: text("subject").notNull(),
    result: jsonb("result").notNull(),
    /** When the check was finished on the device: the time the report speaks for. */
    checkedAt: timestamp("checked_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    signature: text("signature").notNull(),
    attachedAt: timestamp("attached_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("device_checks_public_id_key").on(t.publicId),
    uniqueIndex("device_checks_item_key").on(t.itemId),
    uniqueIndex("device_checks_buyback_item_key").on(t.buybackItemId),
    index("device_checks_member_idx").on(t.memberId),
  ],
);
