import { ALL_JOBS } from "#core/jobs/all-jobs.ts";
import { createJobRunner, type JobRunner } from "#core/jobs/job-runner.ts";
import { coreContext } from "./core-context.ts";
import type { Logger } from "./logger.ts";
import type { AppServices } from "./router-context.ts";

/** The job queue, running in this process with every job the product defines. */
export function startJobs(services: AppServices, logger: Logger): JobRunner {
  const runner = createJobRunner({
    ctx: coreContext(services),
    definitions: ALL_JOBS,
    onError: (job, error) => logger.warn({ job, err: error }, "A job failed; it will be retried"),
  });
  runner.start();
  return runner;
}
