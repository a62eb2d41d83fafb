import { eq } from "drizzle-orm";
import { buybackItems } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { recordAudit } from "../staff/audit.ts";
import type { RequestMeta } from "../staff/authorize.ts";
import { authorizeGrader } from "./grader.ts";
import { buybackNotice } from "./notice.ts";

/**
 * A grader found the device still locked to the member's account (Find My, a Google account) and
 * asks the member to remove the lock. The first request starts the wait after which the device may
 * be refused as activation-locked; asking again reminds the member without restarting it. Audited.
 */
export async function requestUnlock(
  ctx: CoreContext,
  o: { itemId: number; graderId: number; meta?: RequestMeta },
): Promise<{ requestedAt: Date; reminder: boolean }> {
  return ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    const operator = await authorizeGrader(c, o.graderId);
    const [item] = await tx
      .select({ id: buybackItems.id, state: buybackItems.state, requestedAt: buybackItems.unlockRequestedAt })
      .from(buybackItems)
      .where(eq(buybackItems.id, o.itemId))
      .for("update");
    if (!item) throw new AppError("NOT_FOUND");
    if (item.state !== "30" && item.state !== "40") {
      throw new AppError("CONFLICT", { message: msg("buybackOffice.grading.errors.unlockNotNow") });
    }
    const now = ctx.clock.now();
    const requestedAt = item.requestedAt ?? now;
    if (!item.requestedAt) {
      await tx
        .update(buybackItems)
        .set({ unlockRequestedAt: now, updatedAt: now })
        .where(eq(buybackItems.id, item.id));
    }
    await recordAudit(c, {
      operator,
      action: "buyback:request-unlock",
      target: { type: "buyback_item", id: item.id },
      changes: item.requestedAt ? {} : { unlockRequestedAt: [null, now.toISOString()] },
      meta: o.meta,
    });
    await buybackNotice(c, { itemId: item.id, event: "unlock_requested" });
    return { requestedAt, reminder: item.requestedAt !== null };
  });
}
