import { jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * State kept by the built-in sandboxes that stand in for outside services (identity verification,
 * later payments and courier), so they behave like the real thing across restarts and servers.
 */
export const sandboxRecords = pgTable(
  "sandbox_records",
  {
    provider: text("provider").notNull(),
    reference: text("reference").notNull(),
    state: text("state").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.provider, t.reference] })],
);
