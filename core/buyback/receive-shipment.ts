import { and, asc, eq, inArray } from "drizzle-orm";
import { buybackApplications, buybackItems } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { recordAudit } from "../staff/audit.ts";
import type { RequestMeta } from "../staff/authorize.ts";
import { changeState } from "../state/change-state.ts";
import { authorizeGrader } from "./grader.ts";
import { buybackNotice } from "./notice.ts";
import { BUYBACK_ITEM_MACHINE } from "./states.ts";

/**
 * A member's parcel arrived: every device of the application still waiting for it or on its way
 * (10, 20) is received into grading (30), in one database transaction, the application notes when,
 * and the member is told for each device. Audited. Nothing left to receive is a CONFLICT.
 */
export async function receiveShipment(
  ctx: CoreContext,
  o: { applicationId: number; graderId: number; meta?: RequestMeta },
): Promise<{ received: number[] }> {
  return ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    const operator = await authorizeGrader(c, o.graderId);
    const [application] = await tx
      .select()
      .from(buybackApplications)
      .where(eq(buybackApplications.id, o.applicationId))
      .for("update");
    if (!application) throw new AppError("NOT_FOUND");
    const devices = await tx
      .select({ id: buybackItems.id, state: buybackItems.state })
      .from(buybackItems)
      .where(and(eq(buybackItems.applicationId, application.id), inArray(buybackItems.state, ["10", "20"])))
      .orderBy(asc(buybackItems.id))
      .for("update");
    if (devices.length === 0) {
      throw new AppError("CONFLICT", { message: msg("buybackOffice.grading.errors.nothingToReceive") });
    }
    const now = ctx.clock.now();
    for (const device of devices) {
      await changeState(c, {
        machine: BUYBACK_ITEM_MACHINE,
        table: buybackItems,
        id: device.id,
        from: device.state,
        action: "receive",
        actor: { role: "grader", id: operator.id },
      });
    }
    const receivedAt = application.receivedAt ?? now;
    await tx
      .update(buybackApplications)
      .set({ receivedAt, updatedAt: now })
      .where(eq(buybackApplications.id, application.id));
    await recordAudit(c, {
      operator,
      action: "buyback:receive",
      target: { type: "buyback_application", id: application.id },
      changes: {
        receivedAt: [application.receivedAt?.toISOString() ?? null, receivedAt.toISOString()],
        devices: [devices.map((d) => `${d.id}:${d.state}`), devices.map((d) => `${d.id}:30`)],
      },
      meta: o.meta,
    });
    for (const device of devices) await buybackNotice(c, { itemId: device.id, event: "received" });
    return { received: devices.map((d) => d.id) };
  });
}
