import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Who is asking the database (decision 050): a write (a purchase, a payout, a top-up, a buyback
 * acceptance, a provider's webhook, a money job) or a read of page data. Writes go first: on the
 * embedded database their statements are run ahead of reads waiting for their turn; on PostgreSQL
 * they have connections of their own that reads never take, and reads have a statement timeout.
 * Work that says nothing (start-up, migrations, the other jobs, health checks, tools) is of normal
 * priority: after writes, in turn with reads, and never cut short by the reads' timeout.
 */
export type Priority = "write" | "read";

/** Where a piece of work's database time went, in milliseconds, summed over its statements. */
export type DatabaseTiming = {
  /** Waiting for the database: the embedded database's queue, or a free connection of the pool. */
  waitMs: number;
  /** Running statements (sent to answered, on its connection or the database thread). */
  sqlMs: number;
};

type Store = { priority: Priority; timing: DatabaseTiming | undefined };

const storage = new AsyncLocalStorage<Store>();

/**
 * Runs `work` with this priority (and, when given, adds its database time to `timing`); what it
 * starts, awaited or not, keeps it.
 */
export function withPriority<T>(priority: Priority, work: () => T, timing?: DatabaseTiming): T {
  return storage.run({ priority, timing }, work);
}

/** The priority of the work under way; undefined: normal (no one said). */
export function currentPriority(): Priority | undefined {
  return storage.getStore()?.priority;
}

/** Where the work under way counts its database time, if anywhere. */
export function currentTiming(): DatabaseTiming | undefined {
  return storage.getStore()?.timing;
}

/** Connections of a pool kept for writes by default: a third of them, at least 2. */
export function defaultWriteConnections(poolSize: number): number {
  return Math.max(2, Math.round(poolSize / 3));
}
