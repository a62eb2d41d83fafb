import { count, eq } from "drizzle-orm";
import { buybackSpots } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";

/**
 * How a device reaches the grading centre, decided here once for every page that speaks of it: the
 * application's ways of sending (a kit with a prepaid label handed to the courier, or a pickup),
 * and whether the drop-off spots take devices in. A spot takes a device of an application made on
 * the web, chosen with `spotMethod` (no pickup is booked for it, and the kit's box need not be
 * used): the member gives the application's number at the counter, and the spot sends it on.
 */
export const BUYBACK_HANDOVER = {
  methods: ["kit", "pickup"],
  spotDropOff: true,
  spotMethod: "kit",
} as const;
export type BuybackShippingMethod = (typeof BUYBACK_HANDOVER.methods)[number];

/**
 * Whether a member can bring a device in now: the spots take devices, and at least one is open.
 * What the spots page and the application's shipping choice both say.
 */
export async function spotDropOff(
  ctx: Pick<CoreContext, "db">,
): Promise<{ open: boolean; spots: number; method: BuybackShippingMethod }> {
  const [row] = await ctx.db.select({ n: count() }).from(buybackSpots).where(eq(buybackSpots.active, true));
  const spots = Number(row?.n ?? 0);
  return { open: BUYBACK_HANDOVER.spotDropOff && spots > 0, spots, method: BUYBACK_HANDOVER.spotMethod };
}
