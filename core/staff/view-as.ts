import { and, eq, gt, sql } from "drizzle-orm";
import { auditLog, users } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { keyedHash, sameHash } from "../shared/secrets.ts";
import { hasPermission } from "./permissions.ts";

/** The member whose pages an operator is looking at, read-only, and who is looking. */
export type ViewingAs = { member: SessionUser; operator: { id: number; nickname: string }; expiresAt: Date };

export function sign(secret: string, body: string): string {
  return keyedHash(secret, `view-as:${body}`);
}

export async function memberAccount(ctx: Pick<CoreContext, "db">, memberId: number) {
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
  const m = /^(\d{1,15})\.(\d{1,15})\.(\d{1,15})\.(\d{1,15})\.([0-9a-f]{64})$/.exec(ticket);
  if (!m) return null;
  const [, operatorId, memberId, expires, started, mac] = m as unknown as string[] as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  if (!sameHash(mac, sign(ctx.secret, `${operatorId}.${memberId}.${expires}.${started}`))) return null;
  if (Number(operatorId) !== operator.id || operator.role !== "operator") return null;
  if (!hasPermission(operator.staffRoles, "members:impersonate")) return null;
  const expiresAt = new Date(Number(expires));
  if (expiresAt.getTime() <= ctx.clock.now().getTime()) return null;
  if (await endedSince(ctx, { operatorId: Number(operatorId), memberId, startedEntry: Number(started) })) {
    return null;
  }
  const member = await memberAccount(ctx, Number(memberId));
  if (!member) return null;
  return {
    member: { ...member, sessionId: operator.sessionId, staffRoles: [] },
    operator: { id: operator.id, nickname: operator.nickname },
    expiresAt,
  };
}

/**
 * Whether the operator ended this look (an audit entry after the one that started it): an ended
 * ticket is revoked on the server, not only dropped from the browser.
 */
async function endedSince(
  ctx: Pick<CoreContext, "db">,
  o: { operatorId: number; memberId: string; startedEntry: number },
): Promise<boolean> {
  const [ended] = await ctx.db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.targetType, "user"),
        eq(auditLog.targetId, o.memberId),
        eq(auditLog.action, "members:impersonate"),
        eq(auditLog.actorId, o.operatorId),
        gt(auditLog.id, o.startedEntry),
        sql`${auditLog.changes} -> 'viewingAs' ->> 1 is null`,
      ),
    )
    .limit(1);
  return ended !== undefined;
}
