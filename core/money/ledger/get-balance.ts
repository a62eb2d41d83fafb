import { and, desc, eq, inArray, lt } from "drizzle-orm";
import { journalEntries, journalLines, ledgerAccounts } from "#db/schema/index.ts";
import type { Yen } from "../../shared/codes.ts";
import type { CoreContext } from "../../shared/context.ts";
import type { MemberAccountKind } from "./accounts.ts";

export type Balance = Record<MemberAccountKind, Yen>;

/** What a member holds in each of their accounts (zero for an account never used). */
export async function getBalance(ctx: Pick<CoreContext, "db">, o: { userId: number }): Promise<Balance> {
  const rows = await ctx.db
    .select({ kind: ledgerAccounts.kind, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.userId, o.userId));
  const balance: Balance = { payment: 0, escrow: 0, proceeds: 0, points: 0, free_points: 0 };
  for (const r of rows) balance[r.kind as MemberAccountKind] = r.balance;
  return balance;
}

export type BalanceMovement = {
  lineId: number;
  kind: string;
  account: MemberAccountKind;
  amount: Yen;
  refs: Record<string, number | string>;
  createdAt: Date;
};

/** A member's proceeds and points history, newest first, page by page (cursor: the last line id). */
export async function listBalanceHistory(
  ctx: Pick<CoreContext, "db">,
  o: { userId: number; before?: number | undefined; limit?: number },
): Promise<{ items: BalanceMovement[]; nextCursor: string | null }> {
  const limit = o.limit ?? 20;
  const rows = await ctx.db
    .select({
      lineId: journalLines.id,
      kind: journalEntries.kind,
      account: ledgerAccounts.kind,
      amount: journalLines.amount,
      refs: journalEntries.refs,
      createdAt: journalEntries.createdAt,
    })
    .from(journalLines)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, journalLines.accountId))
    .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
    .where(
      and(
        eq(ledgerAccounts.userId, o.userId),
        // Money passing through payment and escrow is shown on the purchase, not as balance.
        inArray(ledgerAccounts.kind, ["proceeds", "points"]),
        o.before ? lt(journalLines.id, o.before) : undefined,
      ),
    )
    .orderBy(desc(journalLines.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit) as BalanceMovement[];
  return { items: page, nextCursor: rows.length > limit ? String(page.at(-1)!.lineId) : null };
}
