import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { recordAudit } from "./audit.ts";
import { authorize, type RequestMeta } from "./authorize.ts";
import { memberAccount, sign } from "./view-as.ts";

/** How long one look at a member's pages lasts before the operator is back as themselves. */
const VIEW_AS_TTL_MS = 30 * 60 * 1000;

/** The member an operator is about to look at (for the page that asks first). */
export async function viewAsTarget(
  ctx: CoreContext,
  o: { actor: SessionUser | null; memberId: number },
): Promise<{ id: number; nickname: string }> {
  await authorize(ctx, o.actor, "members:impersonate");
  const member = await memberAccount(ctx, o.memberId);
  if (!member) throw new AppError("NOT_FOUND");
  return { id: member.id, nickname: member.nickname };
}

/**
 * An operator with `members:impersonate` starts looking at a member's pages as the member sees
 * them, read-only, for 30 minutes. Audited. The answer is a signed ticket the web door keeps in a
 * cookie beside the operator's own session.
 */
export async function startViewAs(
  ctx: CoreContext,
  o: { actor: SessionUser | null; memberId: number; meta?: RequestMeta },
): Promise<{ ticket: string; expiresAt: Date }> {
  const operator = await authorize(ctx, o.actor, "members:impersonate");
  const member = await memberAccount(ctx, o.memberId);
  if (!member) throw new AppError("NOT_FOUND");
  const expiresAt = new Date(ctx.clock.now().getTime() + VIEW_AS_TTL_MS);
  const started = await recordAudit(ctx, {
    operator,
    action: "members:impersonate",
    target: { type: "user", id: member.id },
    changes: { viewingAs: [null, member.id] },
    meta: o.meta,
  });
  // The start's audit entry names the ticket: ending it (a later entry) revokes exactly this one.
  const body = `${operator.id}.${member.id}.${expiresAt.getTime()}.${started}`;
  return { ticket: `${body}.${sign(ctx.secret, body)}`, expiresAt };
}
