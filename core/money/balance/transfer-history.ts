import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import {
  items,
  journalEntries,
  journalLines,
  ledgerAccounts,
  payouts,
  topUps,
  transactions,
} from "#db/schema/index.ts";
import type { CoreContext } from "../../shared/context.ts";

/** The accounts the balance shows: proceeds, paid points, free points. */
const BALANCE_ACCOUNTS = ["proceeds", "points", "free_points"] as const;

export type HistoryEntry = {
  entryId: number;
  kind: string;
  at: Date;
  /** What the entry did to each balance account (only those it touched). */
  proceeds: number;
  points: number;
  freePoints: number;
  /** What caused it, with its current state and fee where it has them. */
  cause:
    | {
        type: "transaction";
        transactionId: number;
        itemId: number;
        title: string;
        state: string;
        fee: number;
        /** The courier's fee taken from the proceeds (送料込み with a courier label). */
        courierFee: number;
      }
    | { type: "top_up"; topUpId: number; method: string; state: string }
    | {
        type: "payout";
        payoutId: number;
        method: string;
        state: string;
        fee: number;
        amount: number;
        /** Made when proceeds reached their deadline, not asked for by the member. */
        automatic: boolean;
      }
    | { type: "other" };
};

/**
 * A member's balance history, newest first, one row per movement (a points purchase from proceeds
 * is one row with both sides), each with what caused it: the sale or purchase, the top-up, the
 * payout, an expiry. Paged by entry id (`before`: the last row's id).
 */
export async function listTransferHistory(
  ctx: Pick<CoreContext, "db">,
  o: { userId: number; before?: number | undefined; limit?: number },
): Promise<{ items: HistoryEntry[]; nextCursor: string | null }> {
  const limit = Math.min(o.limit ?? 20, 100);
  const rows = await ctx.db
    .select({
      entryId: journalEntries.id,
      kind: journalEntries.kind,
      refs: journalEntries.refs,
      at: journalEntries.createdAt,
      proceeds: sql<string>`sum(case when ${ledgerAccounts.kind} = 'proceeds' then ${journalLines.amount} else 0 end)`,
      points: sql<string>`sum(case when ${ledgerAccounts.kind} = 'points' then ${journalLines.amount} else 0 end)`,
      freePoints: sql<string>`sum(case when ${ledgerAccounts.kind} = 'free_points' then ${journalLines.amount} else 0 end)`,
    })
    .from(journalLines)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, journalLines.accountId))
    .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
    .where(
      and(
        eq(ledgerAccounts.userId, o.userId),
        inArray(ledgerAccounts.kind, [...BALANCE_ACCOUNTS]),
        o.before ? lt(journalEntries.id, o.before) : undefined,
      ),
    )
    .groupBy(journalEntries.id)
    .orderBy(desc(journalEntries.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const ids = (key: string) => [
    ...new Set(page.map((r) => Number(r.refs[key])).filter((n) => Number.isSafeInteger(n) && n > 0)),
  ];
  const [txRows, topUpRows, payoutRows] = await Promise.all([
    ids("transactionId").length
      ? ctx.db
          .select({
            id: transactions.id,
            itemId: transactions.itemId,
            state: transactions.state,
            fee: transactions.fee,
            title: items.title,
            // The courier's fee the sale paid, as the ledger recorded it (its own entry).
            courierFee: sql<string>`coalesce((select sum(${journalLines.amount}) from ${journalLines}
              join ${journalEntries} e on e.id = ${journalLines.entryId}
              join ${ledgerAccounts} a on a.id = ${journalLines.accountId}
              where e.idempotency_key = 'transaction:' || ${transactions.id} || ':courier'
                and a.kind = 'courier_payable'), 0)`,
          })
          .from(transactions)
          .innerJoin(items, eq(items.id, transactions.itemId))
          .where(inArray(transactions.id, ids("transactionId")))
      : [],
    ids("topUpId").length
      ? ctx.db
          .select({ id: topUps.id, method: topUps.method, state: topUps.state })
          .from(topUps)
          .where(and(eq(topUps.userId, o.userId), inArray(topUps.id, ids("topUpId"))))
      : [],
    ids("payoutId").length
      ? ctx.db
          .select({
            id: payouts.id,
            method: payouts.method,
            state: payouts.state,
            fee: payouts.fee,
            amount: payouts.amount,
            automatic: payouts.automatic,
          })
          .from(payouts)
          .where(and(eq(payouts.userId, o.userId), inArray(payouts.id, ids("payoutId"))))
      : [],
  ]);
  const out: HistoryEntry[] = page.map((r) => {
    const t = txRows.find((x) => x.id === Number(r.refs.transactionId));
    const u = topUpRows.find((x) => x.id === Number(r.refs.topUpId));
    const p = payoutRows.find((x) => x.id === Number(r.refs.payoutId));
    const cause: HistoryEntry["cause"] = t
      ? {
          type: "transaction",
          transactionId: t.id,
          itemId: t.itemId,
          title: t.title,
          state: t.state,
          fee: t.fee,
          courierFee: Number(t.courierFee),
        }
      : u
        ? { type: "top_up", topUpId: u.id, method: u.method, state: u.state }
        : p
          ? {
              type: "payout",
              payoutId: p.id,
              method: p.method,
              state: p.state,
              fee: p.fee,
              amount: p.amount,
              automatic: p.automatic,
            }
          : { type: "other" };
    return {
      entryId: r.entryId,
      kind: r.kind,
      at: r.at,
      proceeds: Number(r.proceeds),
      points: Number(r.points),
      freePoints: Number(r.freePoints),
      cause,
    };
  });
  return { items: out, nextCursor: rows.length > limit ? String(page.at(-1)!.entryId) : null };
}
