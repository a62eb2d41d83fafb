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
    return ctx.db
      .update(jobs)
      .set({ state: "running", attempts: sql`${jobs.attempts} + 1`, lockedUntil: lease, updatedAt: now })
      .where(inArray(jobs.id, due))
      .returning();
  }

  async function runOne(job: JobRow): Promise<void> {
    const handler = byName.get(job.name)!;
    try {
      await handler.handle(ctx, handler.job.payload.parse(job.payload));
      await ctx.db
        .update(jobs)
        .set({ state: "done", lockedUntil: null, lastError: null, updatedAt: ctx.clock.now() })
        .where(eq(jobs.id, job.id));
    } catch (error) {
      o.onError?.({ id: job.id, name: job.name }, error);
      const now = ctx.clock.now();
      const failed = job.attempts >= job.maxAttempts;
      await ctx.db
        .update(jobs)
        .set({
          state: failed ? "failed" : "pending",
          runAt: failed ? job.runAt : new Date(now.getTime() + retryDelayMs(job.attempts)),
          lockedUntil: null,
          lastError: error instanceof Error ? error.message.slice(0, 2000) : String(error).slice(0, 2000),
          updatedAt: now,
        })
        .where(eq(jobs.id, job.id));
    }
  }

  /** Gives a claimed job back untried, for the next server to take at once. */
  async function release(job: JobRow): Promise<void> {
    await ctx.db
      .update(jobs)
      .set({ state: "pending", attempts: job.attempts - 1, lockedUntil: null, updatedAt: ctx.clock.now() })
      .where(eq(jobs.id, job.id));
  }

  async function runDue(opts: { batch?: number } = {}): Promise<number> {
    let ran = 0;
    for (;;) {
      // A server that is stopping finishes the job in hand and leaves the rest queued.
      if (stopping) return ran;
      const claimed = await claim(opts.batch ?? 10);
      if (claimed.length === 0) return ran;
      for (const job of claimed) {
        if (stopping) await release(job);
        else await runOne(job);
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
