import { count, desc, eq } from "drizzle-orm";
import { reviews, users } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";

/** How many ratings of each kind a member received (the item page's seller, the profile). */
export async function reviewCounts(
  ctx: Pick<CoreContext, "db">,
  o: { userId: number },
): Promise<Record<"good" | "normal" | "bad", number>> {
  const rows = await ctx.db
    .select({ rating: reviews.rating, n: count() })
    .from(reviews)
    .where(eq(reviews.revieweeId, o.userId))
    .groupBy(reviews.rating);
  const counts = { good: 0, normal: 0, bad: 0 };
  for (const r of rows) counts[r.rating as keyof typeof counts] += r.n;
  return counts;
}

/** Ratings a member received, newest first, with counts per rating (for `/users/{id}/reviews/`). */
export async function listReviews(
  ctx: Pick<CoreContext, "db">,
  o: { userId: number; limit?: number },
): Promise<{
  counts: Record<"good" | "normal" | "bad", number>;
  items: { rating: string; comment: string; role: string; reviewer: string; createdAt: Date }[];
}> {
  const rows = await ctx.db
    .select({
      rating: reviews.rating,
      comment: reviews.comment,
      role: reviews.role,
      reviewer: users.nickname,
      createdAt: reviews.createdAt,
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.reviewerId))
    .where(eq(reviews.revieweeId, o.userId))
    .orderBy(desc(reviews.id));
  const counts = { good: 0, normal: 0, bad: 0 };
  for (const r of rows) counts[r.rating as keyof typeof counts] += 1;
  return { counts, items: rows.slice(0, o.limit ?? 50) };
}
