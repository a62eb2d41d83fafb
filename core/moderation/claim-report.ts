import { eq } from "drizzle-orm";
import { reports } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { authorize, type RequestMeta } from "../staff/authorize.ts";
import { claimQueueItem } from "../staff/claim-queue-item.ts";
import type { Claim } from "../staff/claims.ts";
import { releaseQueueItem } from "../staff/release-queue-item.ts";

type Options = { actor: SessionUser | null; reportId: number; meta?: RequestMeta | undefined };

/**
 * An operator takes an open report of the queue. Of two operators taking it at once, one gets it
 * and the other CONFLICT with who has it; taking what you hold already is harmless.
 */
export async function claimReport(ctx: CoreContext, o: Options): Promise<Claim> {
  await authorize(ctx, o.actor, "reports:read");
  const [report] = await ctx.db
    .select({ state: reports.state })
    .from(reports)
    .where(eq(reports.id, o.reportId));
  if (!report) throw new AppError("NOT_FOUND");
  if (report.state !== "OPEN")
    throw new AppError("CONFLICT", { message: msg("moderation.errors.reportClosed") });
  return claimQueueItem(ctx, {
    actor: o.actor,
    queue: "reports",
    itemId: o.reportId,
    ...(o.meta ? { meta: o.meta } : {}),
  });
}

/** Lets go of a report (its holder, or anyone working the queue). */
export async function releaseReport(ctx: CoreContext, o: Options): Promise<void> {
  await releaseQueueItem(ctx, {
    actor: o.actor,
    queue: "reports",
    itemId: o.reportId,
    ...(o.meta ? { meta: o.meta } : {}),
  });
}
