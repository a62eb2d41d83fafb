import type { z } from "zod";
import type { CoreContext } from "../shared/context.ts";

/**
 * A job is a pair: its contract (name and payload schema) and its handler. Handlers must be safe
 * to run twice: a server may die after the work and before the job is marked done.
 */
export type JobDefinition<S extends z.ZodType = z.ZodType> = {
  name: string;
  payload: S;
  /** Runs for `maxAttempts` tries with growing pauses, then the job is left as failed. */
  maxAttempts?: number;
  handler(ctx: CoreContext, payload: z.output<S>): Promise<void>;
};

export function defineJob<S extends z.ZodType>(definition: JobDefinition<S>): JobDefinition<S> {
  return definition;
}
