import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { journalEntries } from "#db/schema/index.ts";
import type { CoreContext } from "../../shared/context.ts";
import { parseInput } from "../../shared/parse-input.ts";
import { memberAccount } from "../ledger/accounts.ts";
import { BALANCE_FIELD_LABELS, ZTransferPoints } from "./fields.ts";
import { debitProceeds } from "./proceeds.ts";

/** The ledger key of one points purchase: the same member and request key post once. */
function pointsPurchaseKey(userId: number, requestKey: string): string {
  return `points-purchase:${userId}:${requestKey.slice(0, 64)}`;
}

/** Checks the form without moving anything (the confirm step). */
export function checkTransferPoints(input: { amount?: unknown }): { amount: number } {
  return parseInput(ZTransferPoints, input, BALANCE_FIELD_LABELS);
}

/**
 * Buys paid points with proceeds, 1 point per yen and without a fee: the proceeds leave (oldest
 * first) and the points can be spent at once. Points cannot be turned back into proceeds. The same
 * `requestKey` buys once (a repeated confirm answers `repeated`); either way the answer names the
 * journal entry that bought them.
 */
export async function transferToPoints(
  ctx: CoreContext,
  o: { userId: number; input: { amount?: unknown }; requestKey: string },
): Promise<{ amount: number; repeated: boolean; entryId: number }> {
  const { amount } = checkTransferPoints(o.input);
  const uses = await ctx.db.transaction((tx) =>
    debitProceeds(
      { db: tx as unknown as Db, clock: ctx.clock },
      {
        idempotencyKey: pointsPurchaseKey(o.userId, o.requestKey),
        kind: "points_purchase",
        refs: { requestKey: o.requestKey.slice(0, 64) },
        userId: o.userId,
        amount,
        lines: [
          { account: memberAccount(o.userId, "proceeds"), amount: -amount },
          { account: memberAccount(o.userId, "points"), amount },
        ],
      },
    ),
  );
  const entryId = await findPointsPurchase(ctx, { userId: o.userId, requestKey: o.requestKey });
  return { amount, repeated: uses === null, entryId: entryId! };
}

/** The journal entry of the member's points purchase made with `requestKey`, if it was made. */
export async function findPointsPurchase(
  ctx: Pick<CoreContext, "db">,
  o: { userId: number; requestKey: string },
): Promise<number | null> {
  const [row] = await ctx.db
    .select({ id: journalEntries.id })
    .from(journalEntries)
    .where(eq(journalEntries.idempotencyKey, pointsPurchaseKey(o.userId, o.requestKey)))
    .limit(1);
  return row?.id ?? null;
}
