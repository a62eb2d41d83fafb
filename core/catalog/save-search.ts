import { and, count, eq } from "drizzle-orm";
import { savedSearches } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { savedSearchKey, savedSearchTokens } from "./saved-searches.ts";
import { defaultSort, isEmptyQuery, searchParamsOf } from "./search-params.ts";
import { searchQueryFromParams } from "./search-query.ts";
import { tokenStats } from "./search-stats.ts";

const MAX_SAVED_SEARCHES = 30;

const LIMIT_REACHED = msg("listing.savedSearches.limitReached", { max: MAX_SAVED_SEARCHES });

const NOTHING_TO_SAVE = msg("listing.savedSearches.nothingToSave");

/** Saves the query of a search page (its URL parameters); saving the same query again is a no-op. */
export async function saveSearch(ctx: CoreContext, o: { actor: SessionUser; params: URLSearchParams }) {
  const q = searchQueryFromParams(o.params);
  if (isEmptyQuery(q)) throw new AppError("VALIDATION", { message: NOTHING_TO_SAVE });
  // The order is not part of what is saved: a notice is about a listing, not a page.
  const query = searchParamsOf({ ...q, sort: defaultSort(q) }).toString();
  const tokens = savedSearchTokens(q);
  const keyToken = savedSearchKey(tokens, await tokenStats(ctx));
  return ctx.db.transaction(async (tx) => {
    const [same] = await tx
      .select()
      .from(savedSearches)
      .where(and(eq(savedSearches.userId, o.actor.id), eq(savedSearches.query, query)))
      .limit(1);
    if (same) return same;
    const [n] = await tx
      .select({ n: count() })
      .from(savedSearches)
      .where(eq(savedSearches.userId, o.actor.id));
    if ((n?.n ?? 0) >= MAX_SAVED_SEARCHES) throw new AppError("CONFLICT", { message: LIMIT_REACHED });
    const [row] = await tx
      .insert(savedSearches)
      .values({ userId: o.actor.id, query, tokens, keyToken, createdAt: ctx.clock.now() })
      .returning();
    return row!;
  });
}
