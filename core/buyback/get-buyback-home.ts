import { and, asc, count, desc, eq, inArray, sum } from "drizzle-orm";
import { type BuybackItemState, buybackItems } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { rows, toRow } from "./member-buybacks.ts";

const IN_PROGRESS: BuybackItemState[] = ["10", "20", "30"];

const DONE: BuybackItemState[] = ["50", "60"];

const HOME_DONE_LIMIT = 5;

/**
 * The member's buyback home (`/buyback/mypage/`): offers waiting for an answer first (the nearest
 * deadline first), then devices on their way or being graded, then the latest finished ones, and
 * what the buyback has paid them so far.
 */
export async function memberBuybackHome(ctx: Pick<CoreContext, "db">, userId: number) {
  const own = eq(buybackItems.userId, userId);
  const [needsAnswer, inProgress, done, [totals]] = await Promise.all([
    rows(ctx)
      .where(and(own, eq(buybackItems.state, "40")))
      .orderBy(asc(buybackItems.offerExpiresAt), asc(buybackItems.id)),
    rows(ctx)
      .where(and(own, inArray(buybackItems.state, IN_PROGRESS)))
      .orderBy(desc(buybackItems.id)),
    rows(ctx)
      .where(and(own, inArray(buybackItems.state, DONE)))
      .orderBy(desc(buybackItems.updatedAt), desc(buybackItems.id))
      .limit(HOME_DONE_LIMIT),
    ctx.db
      .select({
        bought: count(),
        amount: sum(buybackItems.offerAmount).mapWith(Number),
      })
      .from(buybackItems)
      .where(and(own, eq(buybackItems.state, "50"))),
  ]);
  return {
    needsAnswer: needsAnswer.map(toRow),
    inProgress: inProgress.map(toRow),
    done: done.map(toRow),
    totals: { bought: totals?.bought ?? 0, amount: totals?.amount ?? 0 },
  };
}
