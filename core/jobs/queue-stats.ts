import { type SQL, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { jobs } from "#db/schema/index.ts";
import type { Clock } from "../shared/clock.ts";

/** A ready job older than this means the queue is not keeping up (the health check's "backlog"). */
export const JOB_BACKLOG_SECONDS = 5 * 60;
/** Looking back this far for jobs that gave up (used all their tries). */
const JOB_FAILURE_WINDOW_SECONDS = 60 * 60;
/** A job still waiting after this many failed tries keeps failing (the health check's "failing"). */
export const JOB_FAILING_AFTER_TRIES = 3;

/** One kind of job (its definition's name) in the queue, now. */
type JobKindStats = {
  kind: string;
  /** Due and waiting to be claimed. */
  ready: number;
  /** Waiting for a later run-at time (first tries and retries alike). */
  scheduled: number;
  running: number;
  /** Gave up after their last try; they stay until someone looks at them. */
  failed: number;
  /** Of the failed, those that gave up within the failure window. */
  failedRecently: number;
  /** Waiting (ready or scheduled) after at least JOB_FAILING_AFTER_TRIES failed tries. */
  retrying: number;
  /** Seconds since the oldest ready job became due; 0 when none is ready. */
  oldestReadySeconds: number;
};

export type QueueStats = {
  kinds: JobKindStats[];
  ready: number;
  oldestReadySeconds: number;
  failedRecently: number;
  retrying: number;
};

export type QueueHealth = "ok" | "backlog" | "failing";

/**
 * The two statements behind `readQueueStats`. Both read partial indexes only: open jobs through
 * `jobs_due_idx`, failed ones through `jobs_failed_idx`, so the finished jobs that pile up in the
 * table are never scanned.
 */
export function queueStatsQueries(db: Db, now: Date) {
  const since = new Date(now.getTime() - JOB_FAILURE_WINDOW_SECONDS * 1000);
  const pending = sql`${jobs.state} = 'pending'`;
  const count = (when: SQL) => sql<number>`count(*) filter (where ${when})`.mapWith(Number);
  // The predicates are written out, not bound, so the planner can match them to the partial indexes.
  const open = db
    .select({
      name: jobs.name,
      ready: count(sql`${pending} and ${jobs.runAt} <= ${now}`),
      scheduled: count(sql`${pending} and ${jobs.runAt} > ${now}`),
      running: count(sql`${jobs.state} = 'running'`),
      retrying: count(
        sql`${pending} and ${jobs.lastError} is not null and ${jobs.attempts} >= ${JOB_FAILING_AFTER_TRIES}`,
      ),
      oldestReadySeconds:
        sql<number>`coalesce(extract(epoch from ${now}::timestamptz - min(${jobs.runAt}) filter (where ${pending} and ${jobs.runAt} <= ${now})), 0)`.mapWith(
          Number,
        ),
    })
    .from(jobs)
    .where(sql`${jobs.state} in ('pending', 'running')`)
    .groupBy(jobs.name);
  const failed = db
    .select({
      name: jobs.name,
      failed: sql<number>`count(*)`.mapWith(Number),
      recent: count(sql`${jobs.updatedAt} >= ${since}`),
    })
    .from(jobs)
    .where(sql`${jobs.state} = 'failed'`)
    .groupBy(jobs.name);
  return { open, failed };
}

/** The queue's depth by kind and state, read when asked (a metrics scrape, a health check). */
export async function readQueueStats(ctx: { db: Db; clock: Clock }): Promise<QueueStats> {
  const now = ctx.clock.now();
  const queries = queueStatsQueries(ctx.db, now);
  const open = await queries.open;
  const failed = await queries.failed;
  const byKind = new Map<string, JobKindStats>();
  const kind = (name: string) => {
    let k = byKind.get(name);
    if (!k) {
      k = {
        kind: name,
        ready: 0,
        scheduled: 0,
        running: 0,
        failed: 0,
        failedRecently: 0,
        retrying: 0,
        oldestReadySeconds: 0,
      };
      byKind.set(name, k);
    }
    return k;
  };
  for (const row of open) {
    const k = kind(row.name);
    k.ready = row.ready;
    k.scheduled = row.scheduled;
    k.running = row.running;
    k.retrying = row.retrying;
    k.oldestReadySeconds = Math.max(0, row.oldestReadySeconds);
  }
  for (const row of failed) {
    const k = kind(row.name);
    k.failed = row.failed;
    k.failedRecently = row.recent;
  }
  const kinds = [...byKind.values()].sort((a, b) => a.kind.localeCompare(b.kind));
  const sum = (f: (k: JobKindStats) => number) => kinds.reduce((n, k) => n + f(k), 0);
  return {
    kinds,
    ready: sum((k) => k.ready),
    oldestReadySeconds: Math.max(0, ...kinds.map((k) => k.oldestReadySeconds)),
    failedRecently: sum((k) => k.failedRecently),
    retrying: sum((k) => k.retrying),
  };
}

/**
 * "failing" when jobs keep failing (one gave up within the window, or one is waiting after several
 * failed tries), else "backlog" when the oldest ready job has waited too long, else "ok".
 */
export function queueHealth(stats: QueueStats): QueueHealth {
  if (stats.failedRecently > 0 || stats.retrying > 0) return "failing";
  if (stats.oldestReadySeconds > JOB_BACKLOG_SECONDS) return "backlog";
  return "ok";
}
