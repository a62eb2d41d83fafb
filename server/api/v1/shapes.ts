import { z } from "zod";

/** Answer shapes several back-office resources share. */

export const ZPerson = z.strictObject({ id: z.int(), nickname: z.string() });

/** Who holds a queue's item (reports, transactions, identity checks, inquiries). */
export const ZClaim = z.strictObject({
  operatorId: z.int(),
  nickname: z.string(),
  claimedAt: z.iso.datetime(),
  assignedBy: z.int().nullable().describe("The lead who assigned it; null when the operator took it"),
});

/** A page of a back-office queue, 50 at a time. */
export const queuePage = <T extends z.ZodType, F extends z.ZodType>(row: T, filter: F) =>
  z.strictObject({
    rows: z.array(row),
    total: z.int(),
    page: z.int(),
    pages: z.int(),
    filter,
  });
