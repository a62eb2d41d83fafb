import { z } from "zod";
import { defineJob } from "../jobs/define-job.ts";
import type { TimerJob } from "../state/machine.ts";

const ZTimer = z.object({
  id: z.number().int().positive(),
  state: z.string(),
  since: z.number().int().positive(),
});

/** An offer or counter price nobody answered within 24 hours ends. */
export const expireOffer: TimerJob = defineJob({ name: "offers.expire", payload: ZTimer });
/** An agreed offer's buyer did not buy within 24 hours: the listing is on sale to everyone again. */
export const lapseReservation: TimerJob = defineJob({ name: "offers.lapse-reservation", payload: ZTimer });

/** Mails the seller of an offer received and the buyer of an offer agreed. */
export const sendOfferMail = defineJob({
  name: "offers.send-mail",
  payload: z.object({
    userId: z.number().int(),
    event: z.enum(["received", "accepted"]),
    title: z.string(),
    price: z.number().int(),
  }),
  maxAttempts: 10,
});
