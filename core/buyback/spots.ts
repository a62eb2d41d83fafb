import { asc, eq } from "drizzle-orm";
import { buybackSpots } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { msg } from "../shared/i18n/translate.ts";
import { authorize } from "../staff/authorize.ts";

export type BuybackSpot = typeof buybackSpots.$inferSelect;

export const SPOT_NOT_FOUND = msg("buybackOffice.spots.notFound");

/** Prefecture by prefecture (north to south, as the codes run), then in the operators' order. */
const SPOT_ORDER = [asc(buybackSpots.prefectureCode), asc(buybackSpots.position), asc(buybackSpots.id)];

/** The drop-off spots open to the public (`/buyback/spots/`): active ones only. */
export async function listActiveSpots(ctx: CoreContext): Promise<BuybackSpot[]> {
  return ctx.db
    .select()
    .from(buybackSpots)
    .where(eq(buybackSpots.active, true))
    .orderBy(...SPOT_ORDER);
}

/** Every spot, closed ones too, for the operators who keep them (`buyback:manage`). */
export async function listAllSpots(
  ctx: CoreContext,
  o: { actor: SessionUser | null },
): Promise<BuybackSpot[]> {
  await authorize(ctx, o.actor, "buyback:manage");
  return ctx.db
    .select()
    .from(buybackSpots)
    .orderBy(...SPOT_ORDER);
}
