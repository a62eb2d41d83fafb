import { and, eq } from "drizzle-orm";
import { journalEntries, journalLines, ledgerAccounts } from "#db/schema/index.ts";
import type { CoreContext } from "../../shared/context.ts";
import { AppError } from "../../shared/errors.ts";
import { msg } from "../../shared/i18n/translate.ts";
import { getBalance } from "../ledger/get-balance.ts";
import { checkTransferPoints } from "./transfer-points.ts";

/**
 * The confirm step of buying points with proceeds: the amount must be a whole number of yen the
 * member's proceeds cover. Moves nothing; answers the amount and the proceeds it comes from.
 */
export async function confirmTransferPoints(
  ctx: Pick<CoreContext, "db">,
  o: { userId: number; input: { amount?: unknown } },
): Promise<{ amount: number; proceeds: number; points: number }> {
  const { amount } = checkTransferPoints(o.input);
  const balance = await getBalance(ctx, { userId: o.userId });
  if (amount > balance.proceeds) {
    throw new AppError("CONFLICT", {
      fields: { amount: msg("balancePages.errors.moreThanProceeds", { proceeds: balance.proceeds }) },
    });
  }
  return { amount, proceeds: balance.proceeds, points: balance.points };
}

export type PointsPurchase = {
  entryId: number;
  /** Yen taken from the proceeds, and points received (the same number: 1 point per yen). */
  amount: number;
  at: Date;
  /** The balances now. */
  proceeds: number;
  points: number;
};

/**
 * One of the member's own points purchases from proceeds, with their balances now. Anyone else's
 * entry, or an entry of another kind, is NOT_FOUND.
 */
export async function getPointsPurchase(
  ctx: Pick<CoreContext, "db">,
  o: { userId: number; entryId: number },
): Promise<PointsPurchase> {
  const [row] = await ctx.db
    .select({ id: journalEntries.id, at: journalEntries.createdAt, amount: journalLines.amount })
    .from(journalEntries)
    .innerJoin(journalLines, eq(journalLines.entryId, journalEntries.id))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, journalLines.accountId))
    .where(
      and(
        eq(journalEntries.id, o.entryId),
        eq(journalEntries.kind, "points_purchase"),
        eq(ledgerAccounts.userId, o.userId),
        eq(ledgerAccounts.kind, "proceeds"),
      ),
    )
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND");
  const balance = await getBalance(ctx, { userId: o.userId });
  return {
    entryId: row.id,
    amount: -row.amount,
    at: row.at,
    proceeds: balance.proceeds,
    points: balance.points,
  };
}
