import { and, desc, eq, sql } from "drizzle-orm";
import { buybackItems, deviceModels, identityChecks, users } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { identityCheckNeeded } from "./identity-rule.ts";

export type ItemRow = typeof buybackItems.$inferSelect;

export const ERRORS = {
  notFound: msg("buyback.errors.notFound"),
  expired: msg("buyback.errors.offerExpired"),
  identity: msg("buyback.errors.identityRequired"),
  underAge: msg("buyback.errors.underAge"),
  adult: msg("buyback.errors.adultRequired"),
  notNow: msg("buyback.errors.notNow"),
};

/** The member's own device, locked; another member's is NOT_FOUND (never saying it exists). */
export async function lockOwnItem(
  ctx: Pick<CoreContext, "db">,
  itemId: number,
  userId: number,
): Promise<ItemRow> {
  const [item] = await ctx.db
    .select()
    .from(buybackItems)
    .where(and(eq(buybackItems.id, itemId), eq(buybackItems.userId, userId)))
    .for("update");
  if (!item) throw new AppError("NOT_FOUND", { message: ERRORS.notFound });
  return item;
}

export type Acceptance = {
  /** The Act requires an identity check for this sale. */
  identityNeeded: boolean;
  identityVerified: boolean;
  /** The latest verified check, whose facts go into the dealer ledger. */
  check: typeof identityChecks.$inferSelect | null;
  model: typeof deviceModels.$inferSelect;
};

export async function acceptanceOf(ctx: Pick<CoreContext, "db">, item: ItemRow): Promise<Acceptance> {
  const [model] = await ctx.db.select().from(deviceModels).where(eq(deviceModels.id, item.modelId));
  if (!model) throw new AppError("NOT_FOUND", { message: ERRORS.notFound });
  // What the member sells us together: this offer and what they already accepted in the same application.
  const [sold] = await ctx.db
    .select({ total: sql<number>`coalesce(sum(${buybackItems.offerAmount}), 0)::int` })
    .from(buybackItems)
    .where(and(eq(buybackItems.applicationId, item.applicationId), eq(buybackItems.state, "50")));
  const total = (sold?.total ?? 0) + (item.offerAmount ?? 0);
  const [check] = await ctx.db
    .select()
    .from(identityChecks)
    .where(and(eq(identityChecks.userId, item.userId), eq(identityChecks.status, "verified")))
    .orderBy(desc(identityChecks.completedAt))
    .limit(1);
  const [user] = await ctx.db
    .select({ verifiedAt: users.identityVerifiedAt })
    .from(users)
    .where(eq(users.id, item.userId));
  return {
    identityNeeded: identityCheckNeeded({ total, exception: model.dealerActException !== null }),
    identityVerified: Boolean(user?.verifiedAt),
    check: check ?? null,
    model,
  };
}
