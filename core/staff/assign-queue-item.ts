import { and, eq, isNull } from "drizzle-orm";
import { operatorRoles, queueClaims, users } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { recordAudit } from "./audit.ts";
import { authorize, type RequestMeta } from "./authorize.ts";
import { type Claim, claimOf } from "./claims.ts";
import { hasPermission } from "./permissions.ts";
import { QUEUES, type QueueName } from "./queues.ts";

/** Hands an item to another operator (or takes it over); needs the queue's permission, audited. */
export async function assignQueueItem(
  ctx: CoreContext,
  o: { actor: SessionUser | null; queue: QueueName; itemId: number; to: number; meta?: RequestMeta },
): Promise<Claim> {
  const operator = await authorize(ctx, o.actor, QUEUES[o.queue].permission);
  return ctx.db.transaction(async (tx) => {
    const [target] = await tx.select({ role: users.role }).from(users).where(eq(users.id, o.to));
    if (target?.role !== "operator") throw new AppError("NOT_FOUND");
    const theirs = await tx
      .select({ role: operatorRoles.role })
      .from(operatorRoles)
      .where(eq(operatorRoles.userId, o.to));
    if (
      !hasPermission(
        theirs.map((r) => r.role),
        QUEUES[o.queue].permission,
      )
    ) {
      throw new AppError("CONFLICT", { message: msg("backOffice.errors.cannotWorkQueue") });
    }
    const before = await claimOf(tx, o.queue, o.itemId);
    const now = ctx.clock.now();
    await tx
      .insert(queueClaims)
      .values({ queue: o.queue, itemId: o.itemId, operatorId: o.to, assignedBy: operator.id, claimedAt: now })
      .onConflictDoUpdate({
        target: [queueClaims.queue, queueClaims.itemId],
        set: { operatorId: o.to, assignedBy: operator.id, claimedAt: now },
      });
    await recordAudit(
      { db: tx, clock: ctx.clock },
      {
        operator,
        action: "queue:assign",
        target: { type: o.queue, id: o.itemId },
        changes: { claimedBy: [before?.operatorId ?? null, o.to] },
        meta: o.meta,
      },
    );
    return (await claimOf(tx, o.queue, o.itemId))!;
  });
}

/** The operators who may work a queue (their roles grant its permission): whom an item can be assigned to. */
export async function queueOperators(
  ctx: CoreContext,
  o: { actor: SessionUser | null; queue: QueueName },
): Promise<{ id: number; nickname: string }[]> {
  await authorize(ctx, o.actor, QUEUES[o.queue].permission);
  const rows = await ctx.db
    .select({ id: users.id, nickname: users.nickname, role: operatorRoles.role })
    .from(operatorRoles)
    .innerJoin(users, eq(users.id, operatorRoles.userId))
    .where(and(eq(users.role, "operator"), isNull(users.suspendedAt)))
    .orderBy(users.id);
  const may = new Map<number, string>();
  for (const r of rows) {
    if (hasPermission([r.role], QUEUES[o.queue].permission)) may.set(r.id, r.nickname);
  }
  return [...may].map(([id, nickname]) => ({ id, nickname }));
}
