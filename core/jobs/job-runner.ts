import { and, eq, inArray, sql } from "drizzle-orm";
import { jobs } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import type { JobHandler } from "./define-job.ts";

/** How long a claimed job is its server's; past that another server may take it over. */
export const JOB_LEASE_MS = 5 * 60 * 1000;

/** Pause before try n+1: 30 s, 1 min, 2 min … at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000);
}

type JobRow = typeof jobs.$inferSelect;

export type JobRunner = {
  /** Claims and runs every job due now (by the context's clock); answers how many ran. */
  runDue(o?: { batch?: number }): Promise<number>;
  /** Polls in the background until `stop()`. */
  start(): void;
  stop(): Promise<void>;
};

export function createJobRunner(o: {
  ctx: CoreContext;
  handlers: readonly JobHandler[];
  pollMs?: number;
  onError?: (job: { id: number; name: string }, error: unknown) => void;
}): JobRunner {
  const { ctx } = o;
  const byName = new Map(o.handlers.map((h) => [h.job.name, h]));
  const names = [...byName.keys()];
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = true;
  let stopping = false;

  async function claim(batch: number): Promise<JobRow[]> {
    if (names.length === 0) return [];
    const now = ctx.clock.now();
    const lease = new Date(now.getTime() + JOB_LEASE_MS);
    const due = ctx.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          inArray(jobs.name, names),
          sql`((${jobs.state} = 'pending' and ${jobs.runAt} <= ${now}) or (${jobs.state} = 'running' and ${jobs.lockedUntil} < ${now}))`,
        ),
      )
      .orderBy(jobs.runAt, jobs.id)
      .limit(batch)
      .for("update", { skipLocked: true });
    const claimed = await ctx.db
      .update(jobs)
      .set({ state: "running", attempts: sql`${jobs.attempts} + 1`, lockedUntil: lease, updatedAt: now })
      .where(inArray(jobs.id, due))
      .returning();
    // An update answers its rows in no set order: they run in the order they fell due.
    return claimed.sort((a, b) => a.runAt.getTime() - b.runAt.getTime() || a.id - b.id);
  }

  /**
   * What this server could not write about the jobs it holds, because the database was away: each
   * job's outcome, or its giving back. Written first thing on the next round, so a job cut off by
   * an outage is free again as soon as the database is back, not when its lease runs out.
   */
  const unwritten = new Map<number, () => Promise<unknown>>();

  /** Only while the lease is still this server's: past it another server may have the job. */
  const stillOurs = (job: JobRow) =>
    and(
      eq(jobs.id, job.id),
      eq(jobs.state, "running"),
      job.lockedUntil ? eq(jobs.lockedUntil, job.lockedUntil) : sql`true`,
    );

  async function writeUnwritten(): Promise<void> {
    for (const [id, write] of unwritten) {
      await write();
      unwritten.delete(id);
    }
  }

  async function runOne(job: JobRow): Promise<void> {
    const handler = byName.get(job.name)!;
    let outcome: () => Promise<unknown>;
    try {
      await handler.handle(ctx, handler.job.payload.parse(job.payload));
      outcome = () =>
        ctx.db
          .update(jobs)
          .set({ state: "done", lockedUntil: null, lastError: null, updatedAt: ctx.clock.now() })
          .where(stillOurs(job));
    } catch (error) {
      o.onError?.({ id: job.id, name: job.name }, error);
      const failed = job.attempts >= job.maxAttempts;
      const lastError = error instanceof Error ? error.message.slice(0, 2000) : String(error).slice(0, 2000);
      outcome = () => {
        const now = ctx.clock.now();
        return ctx.db
          .update(jobs)
          .set({
            state: failed ? "failed" : "pending",
            runAt: failed ? job.runAt : new Date(now.getTime() + retryDelayMs(job.attempts)),
            lockedUntil: null,
            lastError,
            updatedAt: now,
          })
          .where(stillOurs(job));
      };
    }
    try {
      await outcome();
    } catch (error) {
      unwritten.set(job.id, outcome);
      throw error;
    }
  }

  /** Gives a claimed job back untried, for the next server to take at once. */
  function release(job: JobRow): Promise<unknown> {
    return ctx.db
      .update(jobs)
      .set({ state: "pending", attempts: job.attempts - 1, lockedUntil: null, updatedAt: ctx.clock.now() })
      .where(stillOurs(job));
  }

  async function runDue(opts: { batch?: number } = {}): Promise<number> {
    await writeUnwritten();
    let ran = 0;
    for (;;) {
      // A server that is stopping finishes the job in hand and leaves the rest queued.
      if (stopping) return ran;
      const claimed = await claim(opts.batch ?? 10);
      if (claimed.length === 0) return ran;
      for (const [index, job] of claimed.entries()) {
        try {
          if (stopping) await release(job);
          else await runOne(job);
        } catch (error) {
          // The database went away in the middle of the batch: the jobs not run yet are given
          // back once it returns.
          for (const rest of claimed.slice(index)) {
            if (!unwritten.has(rest.id)) unwritten.set(rest.id, () => release(rest));
          }
          throw error;
        }
      }
      ran += claimed.length;
    }
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      running = runDue()
        .catch((error) => o.onError?.({ id: 0, name: "(claim)" }, error))
        .finally(schedule);
    }, o.pollMs ?? 1000);
    timer.unref();
  }

  return {
    runDue,
    start() {
      if (!stopped) return;
      stopped = false;
      stopping = false;
      schedule();
    },
    async stop() {
      stopped = true;
      stopping = true;
      clearTimeout(timer);
      await running;
    },
  };
}
