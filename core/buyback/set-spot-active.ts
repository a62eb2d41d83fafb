import { eq } from "drizzle-orm";
import { buybackSpots } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { recordAudit } from "../staff/audit.ts";
import { authorize, type RequestMeta } from "../staff/authorize.ts";
import { type BuybackSpot, SPOT_NOT_FOUND } from "./spots.ts";

/**
 * Closes a drop-off spot to the public (it stays on record, so it can be opened again) or opens
 * it again (`buyback:manage`, audited). Asking for the state it is in changes nothing.
 */
export async function setSpotActive(
  ctx: CoreContext,
  o: { actor: SessionUser | null; id: number; active: boolean; meta?: RequestMeta | undefined },
): Promise<BuybackSpot> {
  const operator = await authorize(ctx, o.actor, "buyback:manage");
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(buybackSpots).where(eq(buybackSpots.id, o.id)).for("update");
    if (!before) throw new AppError("NOT_FOUND", { message: SPOT_NOT_FOUND });
    if (before.active === o.active) return before;
    const [row] = await tx
      .update(buybackSpots)
      .set({ active: o.active, updatedAt: ctx.clock.now() })
      .where(eq(buybackSpots.id, o.id))
      .returning();
    await recordAudit(
      { db: tx, clock: ctx.clock },
      {
        operator,
        action: o.active ? "buyback:spot-open" : "buyback:spot-close",
        target: { type: "buyback_spot", id: o.id },
        changes: { active: [before.active, o.active] },
        meta: o.meta,
      },
    );
    return row!;
  });
}
