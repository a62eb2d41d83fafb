import { and, eq, inArray } from "drizzle-orm";
import { payouts, topUps } from "#db/schema/index.ts";
import type { CoreContext } from "../../shared/context.ts";

/**
 * How the member's own payouts and top-ups named by balance notices were made (bank, seven,
 * kyash; cvs, payeasy, card), so each notice can lead to its page. Anyone else's are left out.
 */
export async function balanceNoticeMethods(
  ctx: Pick<CoreContext, "db">,
  o: { userId: number; payoutIds: number[]; topUpIds: number[] },
): Promise<{ payouts: Map<number, string>; topUps: Map<number, string> }> {
  const [payoutRows, topUpRows] = await Promise.all([
    o.payoutIds.length
      ? ctx.db
          .select({ id: payouts.id, method: payouts.method })
          .from(payouts)
          .where(and(eq(payouts.userId, o.userId), inArray(payouts.id, o.payoutIds)))
      : [],
    o.topUpIds.length
      ? ctx.db
          .select({ id: topUps.id, method: topUps.method })
          .from(topUps)
          .where(and(eq(topUps.userId, o.userId), inArray(topUps.id, o.topUpIds)))
      : [],
  ]);
  return {
    payouts: new Map(payoutRows.map((r) => [r.id, r.method])),
    topUps: new Map(topUpRows.map((r) => [r.id, r.method])),
  };
}
