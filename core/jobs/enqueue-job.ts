import type { Db } from "#db/client.ts";
import { jobs } from "#db/schema/index.ts";
import type { Clock } from "../shared/clock.ts";
import type { JobDefinition } from "./define-job.ts";

/**
 * Queues a job, in the caller's transaction when given one, so the job exists exactly when the
 * change that asked for it was committed. With a `uniqueKey` already used, nothing is queued.
 */
export async function enqueueJob<D extends JobDefinition>(
  ctx: { db: Db; clock: Clock },
  job: D,
  payload: D extends JobDefinition<infer S> ? import("zod").input<S> : never,
  o: { runAt?: Date; uniqueKey?: string } = {},
): Promise<boolean> {
  const now = ctx.clock.now();
  const rows = await ctx.db
    .insert(jobs)
    .values({
      name: job.name,
      payload: job.payload.parse(payload) as Record<string, unknown>,
      runAt: o.runAt ?? now,
      maxAttempts: job.maxAttempts ?? 8,
      uniqueKey: o.uniqueKey ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: jobs.uniqueKey })
    .returning({ id: jobs.id });
  return rows.length > 0;
}
