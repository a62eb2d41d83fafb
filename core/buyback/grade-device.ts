import { eq } from "drizzle-orm";
import { buybackGradings, buybackItems } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { parseInput } from "../shared/parse-input.ts";
import { tokyoNow } from "../shared/validation/tokyo-clock.ts";
import { diffFields, recordAudit } from "../staff/audit.ts";
import type { RequestMeta } from "../staff/authorize.ts";
import { clearClaim } from "../staff/claims.ts";
import { authorizeGrader } from "./grader.ts";
import { GRADING_LABELS, gradingSchema, type TGradingInput } from "./grading-input.ts";
import { makeOffer, type OfferOutcome } from "./make-offer.ts";
import { buybackNotice } from "./notice.ts";
import { diagnosticValue } from "./offer.ts";
import { BUYBACK_ITEM_MACHINE } from "./states.ts";

export type GradeOutcome = OfferOutcome & { gradingId: number; regrade: boolean };

/** Where grading is refused, by the state the device is in. */
const NOT_GRADABLE = {
  "10": msg("buybackOffice.grading.errors.notReceived"),
  "20": msg("buybackOffice.grading.errors.notReceived"),
  "50": BUYBACK_ITEM_MACHINE.messages.inState?.["50"] ?? BUYBACK_ITEM_MACHINE.messages.notNow,
  "60": msg("buybackOffice.grading.errors.endedNoGrade"),
} as const;

/**
 * A grader grades a received device (30) or regrades an offered one (40), in one database
 * transaction: the grade, failed checks, outside grade and every diagnostic field are written on
 * the device and kept as a grading row (a regrade keeps every earlier one), audited; then the best
 * live bid makes the offer (a regrade, which needs a reason, makes a new one with a new week) and
 * the member is told the amount. A device still activation-locked is refused: the member must
 * remove the lock first. With no bid, a first grading leaves the device graded in 30 with no offer;
 * a regrade with no bid for the new grade changes nothing.
 */
export async function gradeDevice(
  ctx: CoreContext,
  o: TGradingInput & { itemId: number; graderId: number; meta?: RequestMeta },
): Promise<GradeOutcome> {
  const input = parseInput(gradingSchema(tokyoNow(ctx.clock).date), o, GRADING_LABELS);
  return ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    const operator = await authorizeGrader(c, o.graderId);
    const [item] = await tx.select().from(buybackItems).where(eq(buybackItems.id, o.itemId)).for("update");
    if (!item) throw new AppError("NOT_FOUND");
    if (item.state !== "30" && item.state !== "40") {
      throw new AppError("CONFLICT", { message: NOT_GRADABLE[item.state] });
    }
    if (diagnosticValue(input.diagnostics, "activationLock") === "on") {
      throw new AppError("CONFLICT", {
        message: msg("buybackOffice.grading.errors.activationLocked"),
        fields: { "diagnostics.activationLock": msg("buybackOffice.grading.errors.activationLocked") },
      });
    }
    const regrade = item.state === "40";
    if (regrade && !input.reason) {
      throw new AppError("VALIDATION", {
        fields: { reason: msg("buybackOffice.grading.errors.regradeReason") },
      });
    }
    const now = ctx.clock.now();
    const graded = {
      grade: input.grade,
      ngConditions: input.ngConditions,
      externalGrade: input.externalGrade,
      diagnostics: input.diagnostics,
    };
    await tx
      .update(buybackItems)
      .set({ ...graded, gradedAt: now, gradedBy: operator.id, updatedAt: now })
      .where(eq(buybackItems.id, item.id));
    const [grading] = await tx
      .insert(buybackGradings)
      .values({ itemId: item.id, ...graded, gradedBy: operator.id, reason: input.reason, createdAt: now })
      .returning({ id: buybackGradings.id });
    await recordAudit(c, {
      operator,
      action: regrade ? "buyback:regrade" : "buyback:grade",
      target: { type: "buyback_item", id: item.id },
      changes: diffFields(
        {
          grade: item.grade,
          ngConditions: item.ngConditions,
          externalGrade: item.externalGrade,
          diagnostics: item.diagnostics,
        },
        graded,
      ),
      reason: input.reason,
      meta: o.meta,
    });
    const outcome = await makeOffer(c, {
      itemId: item.id,
      action: regrade ? "regrade" : "offer",
      graderId: operator.id,
      reason: input.reason,
    });
    if (outcome.offered) {
      await clearClaim(tx, "buyback", item.id);
      await buybackNotice(c, { itemId: item.id, event: "offered", amount: outcome.breakdown.amount });
    }
    return { ...outcome, gradingId: grading!.id, regrade };
  });
}
