import { and, eq, inArray } from "drizzle-orm";
import { payoutRuns, payouts } from "#db/schema/index.ts";
import type { CoreContext } from "../../shared/context.ts";
import { recordBankReturn } from "./record-bank-return.ts";

/** Reads the bank's returns for runs sent in the last two weeks and records each once. */
export async function syncBankReturns(ctx: CoreContext): Promise<number> {
  const since = new Date(ctx.clock.now().getTime() - 14 * 24 * 60 * 60 * 1000);
  const runs = await ctx.db
    .select({ id: payoutRuns.id, sentAt: payoutRuns.sentAt })
    .from(payoutRuns)
    .where(eq(payoutRuns.state, "SENT"));
  let recorded = 0;
  for (const run of runs) {
    if (!run.sentAt || run.sentAt < since) continue;
    const returns = await ctx.bank.returns(run.id);
    if (returns.length === 0) continue;
    const ids = returns.map((r) => Number(r.reference)).filter((id) => Number.isSafeInteger(id));
    const open = await ctx.db
      .select({ id: payouts.id })
      .from(payouts)
      .where(and(eq(payouts.runId, run.id), eq(payouts.state, "SENT"), inArray(payouts.id, ids)));
    for (const { id } of open) {
      const r = returns.find((x) => Number(x.reference) === id)!;
      await recordBankReturn(ctx, null, { payoutId: id, reason: r.reason });
      recorded += 1;
    }
  }
  return recorded;
}
