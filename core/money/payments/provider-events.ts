import { and, eq } from "drizzle-orm";
import { paymentEvents } from "#db/schema/index.ts";
import type { CoreContext } from "../../shared/context.ts";

/**
 * Applies a provider's event once: its id is recorded first, so a repeated delivery (at the same
 * moment or later) answers null and changes nothing; an application that fails forgets the id, so
 * the provider's retry applies it.
 */
export async function oncePerEvent<T>(
  ctx: Pick<CoreContext, "db" | "clock">,
  event: { provider: string; id: string; type: string },
  apply: () => Promise<T>,
): Promise<T | null> {
  const fresh = await ctx.db
    .insert(paymentEvents)
    .values({ provider: event.provider, eventId: event.id, type: event.type, receivedAt: ctx.clock.now() })
    .onConflictDoNothing()
    .returning();
  if (fresh.length === 0) return null;
  try {
    return await apply();
  } catch (error) {
    await ctx.db
      .delete(paymentEvents)
      .where(and(eq(paymentEvents.provider, event.provider), eq(paymentEvents.eventId, event.id)));
    throw error;
  }
}
