import { z } from "zod";
import { defineJob } from "../jobs/define-job.ts";
import type { TimerJob } from "../state/machine.ts";

const ZTimer = z.object({
  id: z.number().int().positive(),
  state: z.string(),
  since: z.number().int().positive(),
});

const timer = (name: string): TimerJob => defineJob({ name, payload: ZTimer });

/** A purchase still waiting for its card after the provider's 3-D Secure limit is settled or cancelled. */
export const expireAuthorization = timer("trading.expire-authorization");
/** The seller has not shipped a few days after the sale. */
export const remindToShip = timer("trading.remind-to-ship");
/** The buyer has not rated a few days after shipping. */
export const remindToRate = timer("trading.remind-to-rate");
/** A party never rated within the window: the sale completes by itself. */
export const autoComplete = timer("trading.auto-complete");

/** Brings unfinished purchases and payments into agreement with the card provider; repeats itself. */
export const reconcilePurchasesJob = defineJob({
  name: "trading.reconcile-purchases",
  payload: z.object({
    everyMs: z
      .number()
      .int()
      .positive()
      .default(5 * 60 * 1000),
    staleMs: z
      .number()
      .int()
      .positive()
      .default(2 * 60 * 1000),
  }),
});
