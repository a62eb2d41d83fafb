import { eq } from "drizzle-orm";
import { identityChecks } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { authorize, type RequestMeta } from "../staff/authorize.ts";
import { claimQueueItem } from "../staff/claim-queue-item.ts";
import type { Claim } from "../staff/claims.ts";
import { releaseQueueItem } from "../staff/release-queue-item.ts";

type Options = { actor: SessionUser | null; checkId: number; meta?: RequestMeta | undefined };

/**
 * An operator takes a check of the review queue. Of two taking it at once, one gets it and the
 * other CONFLICT naming who has it; taking what you hold already is harmless. A check no longer
 * under review cannot be taken.
 */
export async function claimIdentityReview(ctx: CoreContext, o: Options): Promise<Claim> {
  await authorize(ctx, o.actor, "identity:review");
  const [check] = await ctx.db
    .select({ status: identityChecks.status })
    .from(identityChecks)
    .where(eq(identityChecks.id, o.checkId));
  if (!check) throw new AppError("NOT_FOUND");
  if (check.status !== "review") {
    throw new AppError("CONFLICT", { message: msg("identityReview.errors.notInReview") });
  }
  return claimQueueItem(ctx, {
    actor: o.actor,
    queue: "identity",
    itemId: o.checkId,
    ...(o.meta ? { meta: o.meta } : {}),
  });
}

/** Lets go of a check (its holder, or anyone working the queue); audited. */
export async function releaseIdentityReview(ctx: CoreContext, o: Options): Promise<void> {
  await releaseQueueItem(ctx, {
    actor: o.actor,
    queue: "identity",
    itemId: o.checkId,
    ...(o.meta ? { meta: o.meta } : {}),
  });
}
