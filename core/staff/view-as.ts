import { eq } from "drizzle-orm";
import { users } from "#db/schema/index.ts";
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
