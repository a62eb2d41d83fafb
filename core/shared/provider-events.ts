import { and, eq } from "drizzle-orm";
import { paymentEvents } from "#db/schema/index.ts";
import type { CoreContext } from "./context.ts";
import { AppError } from "./errors.ts";
import { msg } from "./i18n/translate.ts";

/**
 * Applies a provider's event once, for every webhook we receive (cards, vouchers, eKYC, text
 * message status). Its id is recorded first, so the same event delivered again (at the same moment
 * or later) is a replay: refused as UNAUTHORIZED and nothing changes. An application that fails
 * forgets the id, so the provider's retry applies it.
 */
export async function oncePerEvent<T>(
  ctx: Pick<CoreContext, "db" | "clock">,
  event: { provider: string; id: string; type: string },
  apply: () => Promise<T>,
): Promise<T> {
  const fresh = await ctx.db
    .insert(paymentEvents)
    .values({ provider: event.provider, eventId: event.id, type: event.type, receivedAt: ctx.clock.now() })
    .onConflictDoNothing()
    .returning();
  if (fresh.length === 0) {
    throw new AppError("UNAUTHORIZED", { message: msg("payments.errors.replayedEvent") });
  }
  try {
    return await apply();
  } catch (error) {
    await ctx.db
      .delete(paymentEvents)
      .where(and(eq(paymentEvents.provider, event.provider), eq(paymentEvents.eventId, event.id)));
    throw error;
  }
}
