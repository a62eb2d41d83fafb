import { scheduleHousekeeping } from "#core/identity/housekeeping.ts";
import { createJobRunner, type JobRunner } from "#core/jobs/job-runner.ts";
import { scheduleBalanceSync } from "#core/money/jobs/balance-sync.ts";
import { scheduleReconciliation } from "#core/trading/reconcile-purchases.ts";
import { ALL_JOB_HANDLERS } from "./job-handlers.ts";
import type { Logger } from "./logger.ts";
import type { AppServices } from "./router-context.ts";

/**
 * The job queue, running in this process with every job the product defines. A start also queues
 * a reconciliation of purchases at once, which then repeats every period: a purchase cut short by
 * a crash is brought into agreement with the card provider as soon as the server is back.
 */
export function startJobs(services: AppServices, logger: Logger): JobRunner {
  const ctx = services.core;
  scheduleReconciliation(ctx, services.config.reconcile, { atStart: true }).catch((error) =>
    logger.error({ err: error }, "Could not queue reconciliation"),
  );
  scheduleBalanceSync(ctx, { atStart: true }).catch((error) =>
    logger.error({ err: error }, "Could not queue the balance sync"),
  );
  scheduleHousekeeping(ctx).catch((error) => logger.error({ err: error }, "Could not queue housekeeping"));
  const runner = createJobRunner({
    ctx,
    handlers: ALL_JOB_HANDLERS,
    onError: (job, error) => logger.warn({ job, err: error }, "A job failed; it will be retried"),
  });
  runner.start();
  // Each round queues the next, but a round cut short by a database outage keeps its lease for
  // minutes. So every server also queues the coming round itself each period (the same unique key:
  // rounds never multiply), and reconciliation goes on within a period of the database's return.
  const keepReconciling = setInterval(() => {
    scheduleReconciliation(ctx, services.config.reconcile).catch(() => {});
  }, services.config.reconcile.everyMs);
  keepReconciling.unref();
  return {
    ...runner,
    async stop() {
      clearInterval(keepReconciling);
      await runner.stop();
    },
  };
}
