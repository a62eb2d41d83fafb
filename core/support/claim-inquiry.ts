import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import type { RequestMeta } from "../staff/authorize.ts";
import { authorize } from "../staff/authorize.ts";
import { claimQueueItem } from "../staff/claim-queue-item.ts";
import type { Claim } from "../staff/claims.ts";
import { loadInquiry } from "./load-inquiry.ts";

/**
 * An operator takes an inquiry of the support queue. Of two operators claiming at once, one holds
 * it and the other is told who does (CONFLICT); an inquiry that does not exist is NOT_FOUND.
 */
export async function claimInquiry(
  ctx: CoreContext,
  o: { actor: SessionUser | null; inquiryId: number; meta?: RequestMeta | undefined },
): Promise<Claim> {
  await authorize(ctx, o.actor, "support:read");
  const inquiry = await loadInquiry(ctx.db, o.inquiryId);
  return claimQueueItem(ctx, {
    actor: o.actor,
    queue: "support",
    itemId: inquiry.id,
    ...(o.meta ? { meta: o.meta } : {}),
  });
}
