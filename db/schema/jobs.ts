import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, text, timestamp, unique } from "drizzle-orm/pg-core";

export const JOB_STATES = ["pending", "running", "done", "failed"] as const;

/**
 * The job queue: work the server does later or again (expire a payment, remind, complete, send).
 * Rows survive a restart; a `running` job whose lease ran out (its server died) is claimed again.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    state: text("state", { enum: JOB_STATES }).notNull().default("pending"),
    runAt: timestamp("run_at", { withTimezone: true }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(8),
    /** At most one job per key, ever: enqueueing it again is a no-op. */
    uniqueKey: text("unique_key"),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("jobs_unique_key_key").on(t.uniqueKey),
    index("jobs_due_idx").on(t.runAt, t.id).where(sql`${t.state} in ('pending', 'running')`),
    // Failed jobs, for the queue's metrics and health check: the done jobs are never scanned.
    index("jobs_failed_idx").on(t.updatedAt).where(sql`${t.state} = 'failed'`),
  ],
);
