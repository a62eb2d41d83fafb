import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { operatorRoles, queueClaims, users } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { recordAudit } from "./audit.ts";
import { authorize, type RequestMeta } from "./authorize.ts";
import { hasPermission } from "./permissions.ts";
import { QUEUES, type QueueName } from "./queues.ts";

export type Claim = { operatorId: number; nickname: string; claimedAt: Date; assignedBy: number | null };

/**
 * An operator takes an item of a queue. Of two operators claiming the same item at once, one row
 * is written and the other gets CONFLICT; claiming what you hold already is harmless.
 */
export async function claimQueueItem(
  ctx: CoreContext,
  o: { actor: SessionUser | null; queue: QueueName; itemId: number; meta?: RequestMeta },
): Promise<Claim> {
  const operator = await authorize(ctx, o.actor, QUEUES[o.queue].permission);
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const inserted = await tx
      .insert(queueClaims)
      .values({ queue: o.queue, itemId: o.itemId, operatorId: operator.id, claimedAt: now })
      .onConflictDoNothing()
      .returning();
    if (inserted.length === 0) {
      const held = await claimOf(tx, o.queue, o.itemId);
      if (held && held.operatorId === operator.id) return held;
      throw new AppError("CONFLICT", {
        message: msg("backOffice.errors.claimedByOther", { name: held?.nickname ?? "" }),
      });
    }
    await recordAudit(
      { db: tx, clock: ctx.clock },
      {
        operator,
        action: "queue:claim",
        target: { type: o.queue, id: o.itemId },
        changes: { claimedBy: [null, operator.id] },
        meta: o.meta,
      },
    );
    return (await claimOf(tx, o.queue, o.itemId))!;
  });
}

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

/** Lets go of an item (its holder, or anyone with the queue's permission); audited. */
export async function releaseQueueItem(
  ctx: CoreContext,
  o: { actor: SessionUser | null; queue: QueueName; itemId: number; meta?: RequestMeta },
): Promise<void> {
  const operator = await authorize(ctx, o.actor, QUEUES[o.queue].permission);
  await ctx.db.transaction(async (tx) => {
    const removed = await tx
      .delete(queueClaims)
      .where(and(eq(queueClaims.queue, o.queue), eq(queueClaims.itemId, o.itemId)))
      .returning({ operatorId: queueClaims.operatorId });
    if (removed.length === 0) return;
    await recordAudit(
      { db: tx, clock: ctx.clock },
      {
        operator,
        action: "queue:release",
        target: { type: o.queue, id: o.itemId },
        changes: { claimedBy: [removed[0]!.operatorId, null] },
        meta: o.meta,
      },
    );
  });
}

/** Called when an item leaves its queue (answered, settled): its claim goes with it. */
export async function clearClaim(db: Db, queue: QueueName, itemId: number): Promise<void> {
  await db.delete(queueClaims).where(and(eq(queueClaims.queue, queue), eq(queueClaims.itemId, itemId)));
}

async function claimOf(db: Db, queue: QueueName, itemId: number): Promise<Claim | null> {
  const [row] = await db
    .select({
      operatorId: queueClaims.operatorId,
      nickname: users.nickname,
      claimedAt: queueClaims.claimedAt,
      assignedBy: queueClaims.assignedBy,
    })
    .from(queueClaims)
    .innerJoin(users, eq(users.id, queueClaims.operatorId))
    .where(and(eq(queueClaims.queue, queue), eq(queueClaims.itemId, itemId)));
  return row ?? null;
}

/** The claims on a page of a queue's items, by item id. */
export async function claimsFor(db: Db, queue: QueueName, itemIds: number[]): Promise<Map<number, Claim>> {
  if (itemIds.length === 0) return new Map();
  const rows = await db
    .select({
      itemId: queueClaims.itemId,
      operatorId: queueClaims.operatorId,
      nickname: users.nickname,
      claimedAt: queueClaims.claimedAt,
      assignedBy: queueClaims.assignedBy,
    })
    .from(queueClaims)
    .innerJoin(users, eq(users.id, queueClaims.operatorId))
    .where(and(eq(queueClaims.queue, queue), inArray(queueClaims.itemId, itemIds)));
  return new Map(rows.map(({ itemId, ...claim }) => [itemId, claim]));
}
