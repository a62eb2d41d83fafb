import { eq } from "drizzle-orm";
import { users } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { keyedHash, sameHash } from "../shared/secrets.ts";
import { recordAudit } from "./audit.ts";
import { authorize, type RequestMeta } from "./authorize.ts";
import { hasPermission } from "./permissions.ts";

/** How long one look at a member's pages lasts before the operator is back as themselves. */
const VIEW_AS_TTL_MS = 30 * 60 * 1000;

/** The member whose pages an operator is looking at, read-only, and who is looking. */
export type ViewingAs = { member: SessionUser; operator: { id: number; nickname: string }; expiresAt: Date };

function sign(secret: string, body: string): string {
  return keyedHash(secret, `view-as:${body}`);
}

async function memberAccount(ctx: Pick<CoreContext, "db">, memberId: number) {
  const [row] = await ctx.db
    .select({
      id: users.id,
      email: users.email,
      nickname: users.nickname,
      role: users.role,
      locale: users.locale,
    })
    .from(users)
    .where(eq(users.id, memberId));
  // Only members' and business buyers' pages; never another operator's.
  return row && row.role !== "operator" ? row : null;
}

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
  await recordAudit(ctx, {
    operator,
    action: "members:impersonate",
    target: { type: "user", id: member.id },
    changes: { viewingAs: [null, member.id] },
    meta: o.meta,
  });
  const body = `${operator.id}.${member.id}.${expiresAt.getTime()}`;
  return { ticket: `${body}.${sign(ctx.secret, body)}`, expiresAt };
}

/**
 * The member an operator's ticket names, if the ticket is theirs, unexpired and untampered, and
 * they still hold the permission; otherwise null (the operator is simply themselves again).
 */
export async function resolveViewAs(
  ctx: CoreContext,
  operator: SessionUser,
  ticket: string | undefined,
): Promise<ViewingAs | null> {
  if (!ticket || ticket.length > 200) return null;
  const m = /^(\d{1,15})\.(\d{1,15})\.(\d{1,15})\.([0-9a-f]{64})$/.exec(ticket);
  if (!m) return null;
  const [, operatorId, memberId, expires, mac] = m as unknown as [string, string, string, string, string];
  if (!sameHash(mac, sign(ctx.secret, `${operatorId}.${memberId}.${expires}`))) return null;
  if (Number(operatorId) !== operator.id || operator.role !== "operator") return null;
  if (!hasPermission(operator.staffRoles, "members:impersonate")) return null;
  const expiresAt = new Date(Number(expires));
  if (expiresAt.getTime() <= ctx.clock.now().getTime()) return null;
  const member = await memberAccount(ctx, Number(memberId));
  if (!member) return null;
  return {
    member: { ...member, sessionId: operator.sessionId, staffRoles: [] },
    operator: { id: operator.id, nickname: operator.nickname },
    expiresAt,
  };
}

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
