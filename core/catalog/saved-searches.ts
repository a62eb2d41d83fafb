import { and, eq, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { itemSearch, items, notifications, savedSearches } from "#db/schema/index.ts";
import { defineJob, handleJob } from "../jobs/define-job.ts";
import { enqueueJob } from "../jobs/enqueue-job.ts";
import { sendNoticeMailJob } from "../notify/notice-mail.ts";
import { notify } from "../notify/notifications.ts";
import type { CoreContext } from "../shared/context.ts";
import { type SearchRow, searchRowMatches } from "./search-match.ts";
import type { TSearchQuery } from "./search-params.ts";
import { searchQueryFromParams } from "./search-query.ts";
import { shareOf, type TokenStats, tokenStats } from "./search-stats.ts";
import { keywordPlan } from "./search-text.ts";
import { searchTokens } from "./search-tokens.ts";
import { holdsReportInDate } from "./self-checked.ts";

/**
 * The tokens every listing a saved search matches must hold: its keyword's and its facts' (every
 * listing told about is public, so "public" itself is left out).
 */
export function savedSearchTokens(q: TSearchQuery): string[] {
  return [...keywordPlan(q.keyword).tokens, ...searchTokens(q).all.filter((t) => t !== "s:public")];
}

/**
 * The token a saved search is found by: the one fewest listings hold, by the search statistics;
 * without statistics the longest (word pairs and longer terms are rarer than single words).
 */
export function savedSearchKey(tokens: string[], stats: TokenStats | null): string | null {
  const rank = (t: string) => (stats ? shareOf(stats, t) : 0);
  return (
    [...tokens].sort((a, b) => rank(a) - rank(b) || b.length - a.length || a.localeCompare(b))[0] ?? null
  );
}

/** The listing's search row (and whether its report is in date now), or nothing for a listing not indexed. */
async function searchRowOf(
  ctx: Pick<CoreContext, "db" | "clock">,
  itemId: number,
): Promise<SearchRow | undefined> {
  const [row] = await ctx.db
    .select({
      grams: itemSearch.grams,
      body: itemSearch.body,
      price: itemSearch.price,
      batteryHealth: itemSearch.batteryHealth,
      checked: holdsReportInDate(itemSearch.itemId, ctx.clock.now()),
    })
    .from(itemSearch)
    .where(eq(itemSearch.itemId, itemId));
  return row;
}

/**
 * The saved searches of members other than the seller that a listing with these tokens may match:
 * those keyed on one of its tokens (an index probe each, however many searches are saved) and
 * holding no token it lacks, and those without tokens yet.
 */
async function candidatesFor(ctx: Pick<CoreContext, "db">, grams: string[], sellerId: number) {
  // The empty string stands for "no key": searches without tokens are checked against every listing.
  const held = sql`array[${sql.join(
    [...grams, ""].map((g) => sql`${g}`),
    sql`, `,
  )}]::text[]`;
  // A listing holds some 200 tokens; the planner, counting a share of the searches for each, would
  // rather read them all than probe the key index 200 times, which is far cheaper.
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return tx
      .select()
      .from(savedSearches)
      .where(
        and(
          sql`coalesce(${savedSearches.keyToken}, '') = any(${held})`,
          sql`(${savedSearches.tokens} is null or ${savedSearches.tokens} <@ ${held})`,
          ne(savedSearches.userId, sellerId),
        ),
      );
  });
}

/**
 * The saved searches a listing may match, before each is checked whole (phrases, ranges, choices).
 */
export async function savedSearchCandidates(
  ctx: Pick<CoreContext, "db" | "clock">,
  o: { itemId: number; sellerId: number },
) {
  const row = await searchRowOf(ctx, o.itemId);
  return row ? candidatesFor(ctx, row.grams, o.sellerId) : [];
}

/**
 * When a listing goes on sale, each member whose saved search matches it gets a notice, once, as
 * the search's alert says: in the app, in the app and by mail, or not at all. Runs as a job after
 * the listing is published (`notifySavedSearchesJob`), off the seller's request; members already
 * told about this listing are skipped, so a repeated run tells nobody twice.
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
  const matching = await matchingSavedSearches(ctx, { itemId: o.itemId, sellerId: item.sellerId });
  // A member with several matching searches hears once, the loudest way one of them asks for.
  const loudness = { mail: 0, app: 1, off: 2 } as const;
  matching.sort((a, b) => loudness[a.alert] - loudness[b.alert]);
  for (const s of matching) {
    if (notified.has(s.userId) || s.alert === "off") continue;
    notified.add(s.userId);
    count += 1;
    const notificationId = await notify(ctx, {
      userId: s.userId,
      kind: "saved_search",
      payload: { itemId: o.itemId, title: item.title, query: s.query, savedSearchId: s.id },
    });
    if (s.alert === "mail") {
      await enqueueJob(
        ctx,
        sendNoticeMailJob,
        { notificationId },
        { uniqueKey: `notice-mail:${notificationId}` },
      );
    }
  }
  return count;
}

/**
 * The saved searches (of members other than the seller) that a listing matches: the candidates
 * the index finds, each checked whole against the listing's search row in memory, so a listing
 * costs two statements however many searches are saved.
 */
export async function matchingSavedSearches(
  ctx: Pick<CoreContext, "db" | "clock">,
  o: { itemId: number; sellerId: number },
): Promise<(typeof savedSearches.$inferSelect)[]> {
  const row = await searchRowOf(ctx, o.itemId);
  if (!row) return [];
  const matching: (typeof savedSearches.$inferSelect)[] = [];
  // Many members save the same search ("iPhone 13"): each query is read and checked once.
  const checked = new Map<string, boolean>();
  for (const s of await candidatesFor(ctx, row.grams, o.sellerId)) {
    const known = checked.get(s.query);
    if (known !== undefined && s.tokens !== null) {
      if (known) matching.push(s);
      continue;
    }
    const q = searchQueryFromParams(new URLSearchParams(s.query));
    // Saved before searches had tokens: computed now, found by its key from then on.
    if (s.tokens === null) {
      const tokens = savedSearchTokens(q);
      await ctx.db
        .update(savedSearches)
        .set({ tokens, keyToken: savedSearchKey(tokens, await tokenStats(ctx)) })
        .where(eq(savedSearches.id, s.id));
    }
    const matches = searchRowMatches(q, row);
    checked.set(s.query, matches);
    if (matches) matching.push(s);
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
