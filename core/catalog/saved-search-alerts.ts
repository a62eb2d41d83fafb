import { and, eq } from "drizzle-orm";
import { SAVED_SEARCH_ALERTS, savedSearches } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";

const UNKNOWN_ALERT = msg("listing.savedSearches.unknownAlert");

/** Sets how a member's saved search tells them of new listings: in the app, by mail too, or not at all. */
export async function setSavedSearchAlert(
  ctx: Pick<CoreContext, "db">,
  o: { actor: SessionUser; id: number; alert: string },
): Promise<void> {
  const alert = SAVED_SEARCH_ALERTS.find((a) => a === o.alert);
  if (!alert) throw new AppError("VALIDATION", { message: UNKNOWN_ALERT, fields: { alert: UNKNOWN_ALERT } });
  const updated = await ctx.db
    .update(savedSearches)
    .set({ alert })
    .where(and(eq(savedSearches.id, o.id), eq(savedSearches.userId, o.actor.id)))
    .returning({ id: savedSearches.id });
  if (updated.length === 0) throw new AppError("NOT_FOUND");
}

/**
 * The member opens one of their saved searches: listings published until now are no longer new.
 * Returns its query, to open the search with.
 */
export async function markSavedSearchSeen(
  ctx: Pick<CoreContext, "db" | "clock">,
  o: { actor: SessionUser; id: number },
): Promise<string> {
  const [row] = await ctx.db
    .update(savedSearches)
    .set({ seenAt: ctx.clock.now() })
    .where(and(eq(savedSearches.id, o.id), eq(savedSearches.userId, o.actor.id)))
    .returning({ query: savedSearches.query });
  if (!row) throw new AppError("NOT_FOUND");
  return row.query;
}
