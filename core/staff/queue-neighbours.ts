import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { authorize } from "./authorize.ts";
import { hasPermission } from "./permissions.ts";
import { QUEUES, type QueueName } from "./queues.ts";

/**
 * Where an item stands in its queue, oldest first as the queue is worked: the item before it and
 * after it, its place and how many wait. An item no longer waiting (dealt with already) has no
 * place: its "next" is the oldest item still waiting, so the operator goes on with the queue.
 */
export type QueueNeighbours = {
  queue: QueueName;
  previous: number | null;
  next: number | null;
  /** 1 for the oldest; null when the item is not waiting. */
  position: number | null;
  count: number;
};

/**
 * The neighbours of one item in a queue, for an operator who may work it (null for one who may
 * only look, whose page has no queue to move through).
 */
export async function queueNeighbours(
  ctx: CoreContext,
  o: { actor: SessionUser | null; queue: QueueName; id: number },
): Promise<QueueNeighbours | null> {
  const operator = await authorize(ctx, o.actor, "staff:access");
  if (!hasPermission(operator.roles, QUEUES[o.queue].permission)) return null;
  const { table, where, since, id } = QUEUES[o.queue].source();
  const [total] = await ctx.db.select({ n: count() }).from(table).where(where);
  const [current] = await ctx.db
    .select({ id })
    .from(table)
    .where(and(where, eq(id, o.id)))
    .limit(1);
  const waiting = Number(total?.n ?? 0);
  if (!current) {
    const [oldest] = await ctx.db
      .select({ id })
      .from(table)
      .where(where)
      .orderBy(asc(since), asc(id))
      .limit(1);
    return {
      queue: o.queue,
      previous: null,
      next: (oldest?.id as number | undefined) ?? null,
      position: null,
      count: waiting,
    };
  }
  // The queue's order is (since, id): compared as a pair, so items of the same instant keep an order.
  // The item's own instant is read in the database, at its full precision.
  const at = sql`(select ${since} from ${table} where ${id} = ${o.id})`;
  const before = sql`(${since}, ${id}) < (${at}, ${o.id})`;
  const after = sql`(${since}, ${id}) > (${at}, ${o.id})`;
  const [[previous], [next], [ahead]] = await Promise.all([
    ctx.db.select({ id }).from(table).where(and(where, before)).orderBy(desc(since), desc(id)).limit(1),
    ctx.db.select({ id }).from(table).where(and(where, after)).orderBy(asc(since), asc(id)).limit(1),
    ctx.db.select({ n: count() }).from(table).where(and(where, before)),
  ]);
  return {
    queue: o.queue,
    previous: (previous?.id as number | undefined) ?? null,
    next: (next?.id as number | undefined) ?? null,
    position: Number(ahead?.n ?? 0) + 1,
    count: waiting,
  };
}
