import { ALL_JOBS } from "#core/jobs/all-jobs.ts";
import { createJobRunner, type JobRunner } from "#core/jobs/job-runner.ts";
import { scheduleReconciliation } from "#core/trading/reconcile-purchases.ts";
import { coreContext } from "./core-context.ts";
import type { Logger } from "./logger.ts";
import type { AppServices } from "./router-context.ts";

/**
 * The job queue, running in this process with every job the product defines. A start also queues
 * a reconciliation of purchases, which then repeats itself: a purchase cut short by a crash is
 * brought into agreement with the card provider soon after the server is back.
 */
export function startJobs(services: AppServices, logger: Logger): JobRunner {
  const ctx = coreContext(services);
  scheduleReconciliation(ctx).catch((error) =>
    logger.error({ err: error }, "Could not queue reconciliation"),
  );
  const runner = createJobRunner({
    ctx,
    definitions: ALL_JOBS,
    onError: (job, error) => logger.warn({ job, err: error }, "A job failed; it will be retried"),
  });
  runner.start();
  return runner;
}
