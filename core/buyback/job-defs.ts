import { z } from "zod";
import { defineJob } from "../jobs/define-job.ts";
import type { TimerJob } from "../state/machine.ts";

const ZTimer = z.object({
  id: z.number().int().positive(),
  state: z.string(),
  since: z.number().int().positive(),
});

const timer = (name: string): TimerJob => defineJob({ name, payload: ZTimer });

/** The member never sent the device in: the application lapses. */
export const cancelUnshipped = timer("buyback.cancel-unshipped");
/** A day before the offer ends, the member is reminded to accept or decline. */
export const remindOffer = timer("buyback.remind-offer");
/** Seven days passed without an answer: the offer lapses and the device goes back (never silent acceptance). */
export const expireOffer = timer("buyback.expire-offer");
