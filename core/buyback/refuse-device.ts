import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "#db/client.ts";
import { buybackItems } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { parseInput } from "../shared/parse-input.ts";
import { maxLength, printSafeText, text } from "../shared/validation/index.ts";
import { tokyoNow } from "../shared/validation/tokyo-clock.ts";
import { recordAudit } from "../staff/audit.ts";
import type { RequestMeta } from "../staff/authorize.ts";
import { clearClaim } from "../staff/claims.ts";
import { bestBid } from "./bids.ts";
import { endBuyback, sendReturnParcel } from "./end-buyback.ts";
import { authorizeGrader } from "./grader.ts";
import { REFUSAL_NOTE_MAX, REFUSAL_REASONS, type RefusalReason } from "./grading-input.ts";
import { primaryNg } from "./offer.ts";
import { BUYBACK_RULES } from "./rules.ts";
import { BUYBACK_ITEM_MACHINE } from "./states.ts";

const DAY_MS = 24 * 3600 * 1000;

const ZRefusal = z.object({
  reason: z
    .string()
    .nullish()
    .refine((v) => (REFUSAL_REASONS as readonly string[]).includes(v ?? ""), {
      params: { message: msg("buybackOffice.grading.errors.refusalReason") },
    })
    .transform((v) => v as RefusalReason),
  note: text(maxLength(REFUSAL_NOTE_MAX), printSafeText()),
});

/** When an activation-locked device may be refused: the wait after the grader asked the member. */
export function unlockRefusableAt(unlockRequestedAt: Date): Date {
  return new Date(unlockRequestedAt.getTime() + BUYBACK_RULES.unlockWaitDays * DAY_MS);
}

type ItemRow = typeof buybackItems.$inferSelect;

/**
 * Whether the device may be refused for `reason` now: it is with us (30, 40); a locked device only
 * after the wait since the member was asked; "no bid" only for a graded device with no offer and
 * still no live bid. Checked before the return parcel is booked, and again under the row lock.
 */
async function checkRefusal(db: Db, item: ItemRow, reason: RefusalReason, now: Date): Promise<void> {
  if (item.state === "10" || item.state === "20") {
    throw new AppError("CONFLICT", { message: msg("buybackOffice.grading.errors.notReceived") });
  }
  if (item.state === "50" || item.state === "60") {
    throw new AppError("CONFLICT", {
      message: BUYBACK_ITEM_MACHINE.messages.inState?.[item.state] ?? BUYBACK_ITEM_MACHINE.messages.notNow,
    });
  }
  if (reason === "activation_locked") {
    if (!item.unlockRequestedAt) {
      throw new AppError("CONFLICT", { message: msg("buybackOffice.grading.errors.unlockNotAsked") });
    }
    const from = unlockRefusableAt(item.unlockRequestedAt);
    if (now < from) {
      throw new AppError("CONFLICT", {
        message: msg("buybackOffice.grading.errors.unlockWait", {
          days: BUYBACK_RULES.unlockWaitDays,
          date: tokyoNow(from).date,
        }),
      });
    }
  }
  if (reason === "no_bid") {
    if (item.state !== "30" || !item.grade) {
      throw new AppError("CONFLICT", {
        message: msg(
          item.state === "40"
            ? "buybackOffice.grading.errors.noBidButOffered"
            : "buybackOffice.grading.errors.noBidNotGraded",
        ),
      });
    }
    const bid = await bestBid(db, {
      modelId: item.modelId,
      grade: item.grade,
      ngCondition: primaryNg(item.ngConditions),
      now,
    });
    if (bid) throw new AppError("CONFLICT", { message: msg("buybackOffice.grading.errors.bidArrived") });
  }
}

/**
 * A grader refuses a received or offered device (30, 40 → 60), in one database transaction:
 * reported stolen or counterfeit (held for the police, never returned), still activation-locked
 * (only once the member has had `unlockWaitDays` since the grader asked them to remove it), or no
 * bid (a graded device nobody bids on, checked again now). The offer's bid unit goes back, a free
 * return parcel is booked unless the device is held, the member is told; audited. A refused device
 * is never graded again.
 */
export async function refuseDevice(
  ctx: CoreContext,
  o: { itemId: number; graderId: number; reason: string; note?: string | null; meta?: RequestMeta },
): Promise<void> {
  const input = parseInput(ZRefusal, o, {
    reason: msg("buybackOffice.grading.refuse.reason"),
    note: msg("buybackOffice.grading.refuse.note"),
  });
  // Asked first, so that nobody else learns anything about the device or books a parcel for it.
  await authorizeGrader(ctx, o.graderId);
  const ended = await ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    const operator = await authorizeGrader(c, o.graderId);
    const [item] = await tx.select().from(buybackItems).where(eq(buybackItems.id, o.itemId)).for("update");
    if (!item) throw new AppError("NOT_FOUND");
    await checkRefusal(tx, item, input.reason, ctx.clock.now());
    const end = await endBuyback(c, item, {
      action: "refuse",
      actor: { role: "grader", id: operator.id },
      reason: input.reason,
      note: input.note || null,
    });
    await clearClaim(tx, "buyback", item.id);
    await recordAudit(c, {
      operator,
      action: "buyback:refuse",
      target: { type: "buyback_item", id: item.id },
      changes: { state: [item.state, "60"], endReason: [null, input.reason] },
      reason: input.note || input.reason,
      meta: o.meta,
    });
    return end;
  });
  // The free return parcel is booked once the refusal has committed: never with the row locked.
  if (ended.returnParcel) await sendReturnParcel(ctx, o.itemId);
}
