import type { JobDefinition } from "./define-job.ts";

/** Every job the server runs. A job not listed here stays queued. */
export const ALL_JOBS: readonly JobDefinition[] = [];
