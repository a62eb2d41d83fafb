import { bigint, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Every state change of every state machine (items, transactions, payments, and the machines to
 * come), written by the one helper that changes states, in the same database transaction as the
 * change. Append-only: a trigger refuses UPDATE, DELETE and TRUNCATE. A creation has no `from`.
 */
export const stateHistory = pgTable(
  "state_history",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    machine: text("machine").notNull(),
    rowId: bigint("row_id", { mode: "number" }).notNull(),
    fromState: text("from_state"),
    toState: text("to_state").notNull(),
    action: text("action").notNull(),
    actorRole: text("actor_role").notNull(),
    /** The member or operator who acted; none for the system. Kept after an account is gone. */
    actorId: bigint("actor_id", { mode: "number" }),
    reason: text("reason"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("state_history_row_idx").on(t.machine, t.rowId, t.id)],
);
