import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { queueClaims, users } from "#db/schema/index.ts";
import type { QueueName } from "./queues.ts";

export type Claim = { operatorId: number; nickname: string; claimedAt: Date; assignedBy: number | null };

/** Called when an item leaves its queue (answered, settled): its claim goes with it. */
export async function clearClaim(db: Db, queue: QueueName, itemId: number): Promise<void> {
  await db.delete(queueClaims).where(and(eq(queueClaims.queue, queue), eq(queueClaims.itemId, itemId)));
}

export async function claimOf(db: Db, queue: QueueName, itemId: number): Promise<Claim | null> {
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
