import { and, asc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { operatorRoles, users } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { parseInput } from "../shared/parse-input.ts";
import { recordAudit } from "./audit.ts";
import { authorize, type RequestMeta } from "./authorize.ts";
import { OPERATOR_ROLES, type OperatorRole } from "./permissions.ts";

export type OperatorSummary = { id: number; email: string; nickname: string; roles: OperatorRole[] };

/** Every operator account with the roles it holds, for the roles page. */
export async function listOperators(
  ctx: CoreContext,
  o: { actor: SessionUser | null },
): Promise<OperatorSummary[]> {
  await authorize(ctx, o.actor, "roles:assign");
  const accounts = await ctx.db
    .select({ id: users.id, email: users.email, nickname: users.nickname })
    .from(users)
    .where(eq(users.role, "operator"))
    .orderBy(asc(users.id));
  const held = accounts.length
    ? await ctx.db
        .select({ userId: operatorRoles.userId, role: operatorRoles.role })
        .from(operatorRoles)
        .where(
          inArray(
            operatorRoles.userId,
            accounts.map((a) => a.id),
          ),
        )
    : [];
  return accounts.map((a) => ({
    ...a,
    roles: held
      .filter((h) => h.userId === a.id)
      .map((h) => h.role)
      .sort(),
  }));
}

const setRolesInput = z.object({
  userId: z.number().int().positive(),
  roles: z.array(z.enum(OPERATOR_ROLES)).max(OPERATOR_ROLES.length),
  reason: z.string().trim().max(500).optional(),
});

/**
 * An admin sets the roles an operator account holds. The change and its before/after go to the
 * audit log in the same transaction. An admin cannot take the admin role from themselves, so the
 * back office is never left without one by accident.
 */
export async function setOperatorRoles(
  ctx: CoreContext,
  o: { actor: SessionUser | null; input: unknown; meta?: RequestMeta },
): Promise<{ roles: OperatorRole[] }> {
  const operator = await authorize(ctx, o.actor, "roles:assign");
  const input = parseInput(setRolesInput, o.input, {
    userId: msg("backOffice.fields.operator"),
    roles: msg("backOffice.fields.roles"),
    reason: msg("backOffice.fields.reason"),
  });
  const next = [...new Set(input.roles)].sort();
  if (input.userId === operator.id && !next.includes("admin")) {
    throw new AppError("CONFLICT", { message: msg("backOffice.errors.keepOwnAdmin") });
  }
  return ctx.db.transaction(async (tx) => {
    const [account] = await tx
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(eq(users.id, input.userId))
      .for("update");
    if (account?.role !== "operator") throw new AppError("NOT_FOUND");
    const before = (
      await tx
        .select({ role: operatorRoles.role })
        .from(operatorRoles)
        .where(eq(operatorRoles.userId, account.id))
    )
      .map((r) => r.role)
      .sort();
    const removed = before.filter((r) => !next.includes(r));
    const added = next.filter((r) => !before.includes(r));
    if (removed.length) {
      await tx
        .delete(operatorRoles)
        .where(and(eq(operatorRoles.userId, account.id), inArray(operatorRoles.role, removed)));
    }
    if (added.length) {
      await tx.insert(operatorRoles).values(
        added.map((role) => ({
          userId: account.id,
          role,
          grantedBy: operator.id,
          grantedAt: ctx.clock.now(),
        })),
      );
    }
    if (removed.length || added.length) {
      await recordAudit(
        { db: tx, clock: ctx.clock },
        {
          operator,
          action: "roles:assign",
          target: { type: "user", id: account.id },
          changes: { roles: [before, next] },
          reason: input.reason || null,
          meta: o.meta,
        },
      );
    }
    return { roles: next };
  });
}
