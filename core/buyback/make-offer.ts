import { eq } from "drizzle-orm";
import { buybackItems } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { changeState } from "../state/change-state.ts";
import { bestBid, releaseBid, reserveBid } from "./bids.ts";
import { computeOffer, diagnosticValue, type OfferBreakdown, primaryNg } from "./offer.ts";
import { BUYBACK_RULES } from "./rules.ts";
import { BUYBACK_ITEM_MACHINE } from "./states.ts";

const DAY_MS = 24 * 3600 * 1000;

export type OfferOutcome =
  | { offered: true; breakdown: OfferBreakdown; bidId: number; companyId: number; expiresAt: Date }
  | { offered: false };

/**
 * Turns a graded device into an offer, in the caller's database transaction: the best live bid for
 * its model × grade × worst defect (ties to the earlier bid), one unit of that bid held for it, the
 * deductions, and a week to answer. After a regrade (40 → 40) the unit the old offer held is given
 * back first and a new week starts. No bid: a first grading leaves the device graded in 30 with no
 * offer (the grader may refuse it as "no bid"); a regrade is refused, and the old offer stands.
 */
export async function makeOffer(
  ctx: Pick<CoreContext, "db" | "clock">,
  o: { itemId: number; action: "offer" | "regrade"; graderId: number; reason?: string | null },
): Promise<OfferOutcome> {
  const [item] = await ctx.db.select().from(buybackItems).where(eq(buybackItems.id, o.itemId)).for("update");
  if (!item) throw new AppError("NOT_FOUND");
  if (!item.grade || !item.diagnostics)
    throw new AppError("CONFLICT", { message: msg("buyback.errors.notGraded") });
  const now = ctx.clock.now();
  if (o.action === "regrade" && item.offerBidId) await releaseBid(ctx.db, item.offerBidId);
  const tried: number[] = [];
  for (;;) {
    const bid = await bestBid(ctx.db, {
      modelId: item.modelId,
      grade: item.grade,
      ngCondition: primaryNg(item.ngConditions),
      now,
      exceptIds: tried,
    });
    if (!bid) {
      if (o.action === "regrade")
        throw new AppError("CONFLICT", { message: msg("buyback.errors.noBidForRegrade") });
      return { offered: false };
    }
    if (!(await reserveBid(ctx.db, bid.id, now))) {
      tried.push(bid.id);
      continue;
    }
    const breakdown = computeOffer(bid.price, {
      ngConditions: item.ngConditions,
      networkRestriction: diagnosticValue(item.diagnostics, "networkRestriction"),
      nonGenuineParts: diagnosticValue(item.diagnostics, "nonGenuineParts"),
    });
    const expiresAt = new Date(now.getTime() + BUYBACK_RULES.offerDays * DAY_MS);
    await changeState(ctx, {
      machine: BUYBACK_ITEM_MACHINE,
      table: buybackItems,
      id: item.id,
      from: item.state,
      action: o.action,
      actor: { role: "grader", id: o.graderId },
      reason: o.reason ?? null,
      set: {
        offerBidId: bid.id,
        offerCompanyId: bid.companyId,
        offerBid: breakdown.bid,
        offerDeductions: breakdown.deductions,
        offerAmount: breakdown.amount,
        offeredAt: now,
        offerExpiresAt: expiresAt,
      },
    });
    return { offered: true, breakdown, bidId: bid.id, companyId: bid.companyId, expiresAt };
  }
}
