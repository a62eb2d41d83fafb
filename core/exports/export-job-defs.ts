import { z } from "zod";
import { defineJob } from "../jobs/define-job.ts";

/** Writes one export's CSV to the private blob store. Tried three times, with the queue's pauses between. */
export const writeExportJob = defineJob({
  name: "exports.write",
  payload: z.object({ id: z.number().int().positive() }),
  maxAttempts: 3,
});
