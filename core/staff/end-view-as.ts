import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { recordAudit } from "./audit.ts";
import { authorize, type RequestMeta } from "./authorize.ts";

/** The operator stops looking; audited. */
export async function endViewAs(
  ctx: CoreContext,
  o: { actor: SessionUser | null; memberId: number; meta?: RequestMeta },
): Promise<void> {
  const operator = await authorize(ctx, o.actor, "staff:access");
  await recordAudit(ctx, {
    operator,
    action: "members:impersonate",
    target: { type: "user", id: o.memberId },
    changes: { viewingAs: [o.memberId, null] },
    meta: o.meta,
  });
}
