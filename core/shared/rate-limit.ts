import { eq, lt, sql } from "drizzle-orm";
import { rateLimits } from "#db/schema/index.ts";
import type { CoreContext } from "./context.ts";
import { AppError } from "./errors.ts";

export type Limit = { key: string; max: number; windowSeconds: number };

/**
 * Counts one attempt against each limit (a fixed window per key, shared by all servers through the
 * database) and refuses with RATE_LIMITED once any of them is over.
 */
export async function consumeRateLimits(ctx: CoreContext, limits: Limit[]): Promise<void> {
  const now = ctx.clock.now();
  for (const limit of limits) {
    const cutoff = new Date(now.getTime() - limit.windowSeconds * 1000).toISOString();
    const expired = sql`${rateLimits.windowStart} <= ${cutoff}::timestamptz`;
    const [row] = await ctx.db
      .insert(rateLimits)
      .values({ key: limit.key, windowStart: now, count: 1 })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
          windowStart: sql`case when ${expired} then ${now.toISOString()}::timestamptz else ${rateLimits.windowStart} end`,
        },
      })
      .returning();
    if (row && row.count > limit.max) {
      const retryAfterSeconds = Math.max(
        1,
        Math.ceil((row.windowStart.getTime() + limit.windowSeconds * 1000 - now.getTime()) / 1000),
      );
      throw new AppError("RATE_LIMITED", { retryAfterSeconds });
    }
  }
}

/** How many attempts `key` has counted in its current window (0 once the window is over). */
export async function countInWindow(ctx: CoreContext, key: string, windowSeconds: number): Promise<number> {
  const [row] = await ctx.db.select().from(rateLimits).where(eq(rateLimits.key, key)).limit(1);
  if (!row) return 0;
  const open = row.windowStart.getTime() + windowSeconds * 1000 > ctx.clock.now().getTime();
  return open ? row.count : 0;
}

/**
 * The longest window a limit counts over is a day (and a used bot check token needs remembering
 * for two minutes): a row whose window began over two days ago has nothing left to count.
 */
const KEEP_RATE_LIMITS_MS = 2 * 24 * 60 * 60 * 1000;

/** Deletes the rate-limit rows that no window reaches any more; answers how many went. */
export async function forgetOldRateLimits(ctx: Pick<CoreContext, "db" | "clock">): Promise<number> {
  const before = new Date(ctx.clock.now().getTime() - KEEP_RATE_LIMITS_MS);
  const gone = await ctx.db
    .delete(rateLimits)
    .where(lt(rateLimits.windowStart, before))
    .returning({ key: rateLimits.key });
  return gone.length;
}
