import type { z } from "zod";
import type { CoreContext } from "../shared/context.ts";

/**
 * A job's contract: its name, its payload's schema and how often it is tried. Defined apart from
 * its handler, so that whatever queues a job (a use case, a state machine's timer) does not
 * import the code that runs it; the server pairs each definition with its handler at its edge.
 */
export type JobDefinition<S extends z.ZodType = z.ZodType> = {
  name: string;
  payload: S;
  /** Runs for `maxAttempts` tries with growing pauses, then the job is left as failed. */
  maxAttempts?: number;
};

/**
 * What runs a job. Handlers must be safe to run twice: a server may die after the work and before
 * the job is marked done.
 */
export type JobHandler = {
  job: JobDefinition;
  handle(ctx: CoreContext, payload: unknown): Promise<void>;
};

export function defineJob<S extends z.ZodType>(definition: JobDefinition<S>): JobDefinition<S> {
  return definition;
}

export function handleJob<S extends z.ZodType>(
  job: JobDefinition<S>,
  handle: (ctx: CoreContext, payload: z.output<S>) => Promise<void>,
): JobHandler {
  return { job, handle: (ctx, payload) => handle(ctx, payload as z.output<S>) };
}
