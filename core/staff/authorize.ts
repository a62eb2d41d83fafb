import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { operatorRoles, users } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { hasPermission, type OperatorRole, type Permission } from "./permissions.ts";

/** An operator acting in the back office, with the roles they hold now. */
export type Operator = { id: number; roles: OperatorRole[] };

/** Where an operator's request came from, kept in the audit log beside what they did. */
export type RequestMeta = { requestId?: string | undefined; ip?: string | undefined };

/** The back-office roles an account holds now (none for members and business buyers). */
export async function rolesOf(db: Db, userId: number): Promise<OperatorRole[]> {
  const rows = await db
    .select({ role: operatorRoles.role })
    .from(operatorRoles)
    .innerJoin(users, eq(users.id, operatorRoles.userId))
    .where(eq(operatorRoles.userId, userId));
  return rows.map((r) => r.role).sort();
}

/**
 * The one check every operator use case starts with: the actor is an operator account, not
 * suspended, and one of the roles they hold now grants `permission`. Read from the database on
 * each call, so a role taken away stops working at once. Anyone else gets FORBIDDEN and nothing
 * changes.
 */
export async function authorize(
  ctx: { db: Db },
  actor: Pick<SessionUser, "id" | "role"> | null,
  permission: Permission,
): Promise<Operator> {
  if (!actor) throw new AppError("UNAUTHORIZED");
  if (actor.role !== "operator")
    throw new AppError("FORBIDDEN", { message: msg("backOffice.errors.staffOnly") });
  const roles = await rolesOf(ctx.db, actor.id);
  if (!hasPermission(roles, permission)) {
    throw new AppError("FORBIDDEN", { message: msg("backOffice.errors.noPermission", { permission }) });
  }
  return { id: actor.id, roles };
}
