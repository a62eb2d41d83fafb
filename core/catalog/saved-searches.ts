import { and, count, desc, eq, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { itemSearch, items, notifications, savedSearches } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import { defineJob, handleJob } from "../jobs/define-job.ts";
import { notify } from "../notify/notifications.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { searchRowMatches } from "./search-match.ts";
import {
  defaultSort,
  isEmptyQuery,
  searchParamsOf,
  searchQueryFromParams,
  type TSearchQuery,
} from "./search-query.ts";
import { keywordPlan } from "./search-text.ts";
import { searchTokens } from "./search-tokens.ts";

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
      .values({ userId: o.actor.id, query, tokens, createdAt: ctx.clock.now() })
      .returning();
    return row!;
  });
}

export async function listSavedSearches(ctx: Pick<CoreContext, "db">, userId: number) {
  return ctx.db
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(desc(savedSearches.id));
}

export async function deleteSavedSearch(ctx: CoreContext, o: { actor: SessionUser; id: number }) {
  const deleted = await ctx.db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, o.id), eq(savedSearches.userId, o.actor.id)))
    .returning({ id: savedSearches.id });
  if (deleted.length === 0) throw new AppError("NOT_FOUND");
}

/**
 * The tokens every listing a saved search matches must hold: its keyword's and its facts' (every
 * listing told about is public, so "public" itself is left out).
 */
export function savedSearchTokens(q: TSearchQuery): string[] {
  return [...keywordPlan(q.keyword).tokens, ...searchTokens(q).all.filter((t) => t !== "s:public")];
}

/**
 * The saved searches a listing may match: only those whose tokens the listing holds, found with one
 * GIN lookup however many searches are saved (and those not given tokens yet). Each is then
 * checked whole (phrases, ranges, choices) before anyone is told.
 */
export async function savedSearchCandidates(
  ctx: Pick<CoreContext, "db">,
  o: { itemId: number; sellerId: number },
) {
  return ctx.db
    .select()
    .from(savedSearches)
    .where(
      and(
        ne(savedSearches.userId, o.sellerId),
        sql`(${savedSearches.tokens} is null or ${savedSearches.tokens} <@ (select ${itemSearch.grams} from ${itemSearch} where ${itemSearch.itemId} = ${o.itemId}))`,
      ),
    );
}

/**
 * When a listing goes on sale, each member whose saved search matches it gets a notice, once. Runs
 * as a job after the listing is published (`notifySavedSearchesJob`), off the seller's request;
 * members already told about this listing are skipped, so a repeated run tells nobody twice.
 */
export async function notifySavedSearches(ctx: CoreContext, o: { itemId: number }): Promise<number> {
  const [item] = await ctx.db
    .select({ sellerId: items.sellerId, title: items.title, state: items.state })
    .from(items)
    .where(eq(items.id, o.itemId));
  if (item?.state !== "SALE") return 0;
  const told = await ctx.db
    .select({ userId: notifications.userId })
    .from(notifications)
    .where(
      and(
        eq(notifications.kind, "saved_search"),
        sql`${notifications.payload}->>'itemId' = ${String(o.itemId)}`,
      ),
    );
  const notified = new Set<number>(told.map((r) => r.userId));
  let count = 0;
  for (const s of await matchingSavedSearches(ctx, { itemId: o.itemId, sellerId: item.sellerId })) {
    if (notified.has(s.userId)) continue;
    notified.add(s.userId);
    count += 1;
    await notify(ctx, {
      userId: s.userId,
      kind: "saved_search",
      payload: { itemId: o.itemId, title: item.title, query: s.query, savedSearchId: s.id },
    });
  }
  return count;
}

/**
 * The saved searches (of members other than the seller) that a listing matches: the candidates
 * the index finds, each checked whole against the listing's search row in memory, so a listing
 * costs two statements however many searches are saved.
 */
export async function matchingSavedSearches(
  ctx: Pick<CoreContext, "db">,
  o: { itemId: number; sellerId: number },
): Promise<(typeof savedSearches.$inferSelect)[]> {
  const [row] = await ctx.db
    .select({
      grams: itemSearch.grams,
      body: itemSearch.body,
      price: itemSearch.price,
      batteryHealth: itemSearch.batteryHealth,
    })
    .from(itemSearch)
    .where(eq(itemSearch.itemId, o.itemId));
  if (!row) return [];
  const matching: (typeof savedSearches.$inferSelect)[] = [];
  for (const s of await savedSearchCandidates(ctx, o)) {
    const q = searchQueryFromParams(new URLSearchParams(s.query));
    // Saved before searches had tokens: computed now, found by the index from then on.
    if (s.tokens === null) {
      await ctx.db
        .update(savedSearches)
        .set({ tokens: savedSearchTokens(q) })
        .where(eq(savedSearches.id, s.id));
    }
    if (searchRowMatches(q, row)) matching.push(s);
  }
  return matching;
}

export const notifySavedSearchesJob = defineJob({
  name: "notify-saved-searches",
  payload: z.object({ itemId: z.number().int().positive() }),
});

export const notifySavedSearchesHandler = handleJob(notifySavedSearchesJob, async (ctx, p) => {
  await notifySavedSearches(ctx, p);
});
