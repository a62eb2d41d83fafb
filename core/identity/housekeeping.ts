import { z } from "zod";
import { defineJob, handleJob } from "../jobs/define-job.ts";
import { enqueueJob } from "../jobs/enqueue-job.ts";
import type { CoreContext } from "../shared/context.ts";
import { forgetOldRateLimits } from "../shared/rate-limit.ts";
import { forgetExpiredChallenges } from "./challenges.ts";

/** Once an hour is often enough for rows that only need to go eventually. */
const HOUSEKEEPING_EVERY_MS = 60 * 60 * 1000;

const housekeepingJob = defineJob({ name: "housekeeping", payload: z.object({}), maxAttempts: 3 });

/**
 * Tidies what the product keeps only for a while: rate-limit counters no window reaches any more,
 * and codes and links that expired long ago.
 */
export const housekeepingHandler = handleJob(housekeepingJob, async (ctx) => {
  await forgetOldRateLimits(ctx);
  await forgetExpiredChallenges(ctx);
  await scheduleHousekeeping(ctx);
});

/** Queues the next round at the start of the next hour (one per hour, however many servers). */
export async function scheduleHousekeeping(ctx: CoreContext): Promise<void> {
  const period = Math.floor(ctx.clock.now().getTime() / HOUSEKEEPING_EVERY_MS) + 1;
  await enqueueJob(
    ctx,
    housekeepingJob,
    {},
    { runAt: new Date(period * HOUSEKEEPING_EVERY_MS), uniqueKey: `housekeeping:${period}` },
  );
}
