import { eq } from "drizzle-orm";
import { buybackSpots } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { parseInput } from "../shared/parse-input.ts";
import { diffFields, recordAudit } from "../staff/audit.ts";
import { authorize, type RequestMeta } from "../staff/authorize.ts";
import { SPOT_LABELS, ZSpotInput } from "./spot-fields.ts";
import { type BuybackSpot, SPOT_NOT_FOUND } from "./spots.ts";

const EDITABLE = [
  "name",
  "postalCode",
  "prefectureCode",
  "address",
  "hours",
  "closedDays",
  "phone",
  "note",
  "position",
] as const;

function editable(row: Pick<BuybackSpot, (typeof EDITABLE)[number]>) {
  return Object.fromEntries(EDITABLE.map((k) => [k, row[k]]));
}

/**
 * Adds a drop-off spot (`id` null) or rewrites one (`buyback:manage`). The input is checked field
 * by field; the audit entry holds each changed field before and after, in the change's transaction.
 */
export async function saveSpot(
  ctx: CoreContext,
  o: { actor: SessionUser | null; id: number | null; input: unknown; meta?: RequestMeta | undefined },
): Promise<BuybackSpot> {
  const operator = await authorize(ctx, o.actor, "buyback:manage");
  const input = parseInput(ZSpotInput, o.input, SPOT_LABELS);
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const audit = { db: tx, clock: ctx.clock };
    if (o.id === null) {
      const [row] = await tx
        .insert(buybackSpots)
        .values({ ...input, active: true, createdAt: now, updatedAt: now })
        .returning();
      await recordAudit(audit, {
        operator,
        action: "buyback:spot-create",
        target: { type: "buyback_spot", id: row!.id },
        changes: diffFields(null, editable(input)),
        meta: o.meta,
      });
      return row!;
    }
    const [before] = await tx.select().from(buybackSpots).where(eq(buybackSpots.id, o.id)).for("update");
    if (!before) throw new AppError("NOT_FOUND", { message: SPOT_NOT_FOUND });
    const changes = diffFields(editable(before), editable(input));
    if (Object.keys(changes).length === 0) return before;
    const [row] = await tx
      .update(buybackSpots)
      .set({ ...input, updatedAt: now })
      .where(eq(buybackSpots.id, o.id))
      .returning();
    await recordAudit(audit, {
      operator,
      action: "buyback:spot-update",
      target: { type: "buyback_spot", id: o.id },
      changes,
      meta: o.meta,
    });
    return row!;
  });
}
