import { and, desc, eq, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "#db/client.ts";
import { stateHistory } from "#db/schema/index.ts";
import { enqueueJob } from "../jobs/enqueue-job.ts";
import type { Clock } from "../shared/clock.ts";
import { AppError } from "../shared/errors.ts";
import { assertCreatable, type Machine, nextState } from "./machine.ts";

type Deps = { db: Db; clock: Clock };

/**
 * A table whose rows follow a machine: an `id`, the state column (`state`, or `status` where the
 * table names it so) and, when the table has one, an `updatedAt` column the change sets too.
 */
export type StatefulTable = PgTable & { id: PgColumn; updatedAt?: PgColumn } & (
    | { state: PgColumn }
    | { status: PgColumn }
  );

/** The name and the column of a table's state. */
function stateColumn(table: StatefulTable): { key: "state" | "status"; column: PgColumn } {
  return "state" in table ? { key: "state", column: table.state } : { key: "status", column: table.status };
}

export type Actor<R extends string> = { role: R; id?: number | null };

export type StateChange<S extends string> = { from: S; to: S; historyId: number };

/**
 * Moves one row of `table` by `action`, only from the state the machine allows and only if the
 * row is still in the state it was read in (`UPDATE … WHERE id = $1 AND state = $2`): of two
 * writers racing from the same state, exactly one wins and the other gets CONFLICT. Writes the
 * state history and schedules the new state's timers, in the caller's database transaction when
 * `ctx.db` is one (otherwise in one of its own). `set` adds columns to the same UPDATE.
 */
export async function changeState<S extends string, A extends string, R extends string>(
  ctx: Deps,
  o: {
    machine: Machine<S, A, R>;
    table: StatefulTable;
    id: number;
    action: A;
    actor: Actor<R>;
    /** The state the caller read (under a lock, ideally); read here when not given. */
    from?: S;
    /** Where a return from a hold goes. */
    heldFrom?: S | null;
    reason?: string | null;
    set?: Record<string, unknown>;
    /** Extra conditions the row must meet for the change (e.g. `item.sellerId = …`). */
    where?: SQL;
  },
): Promise<StateChange<S>> {
  const from = o.from ?? (await currentState(ctx.db, o.table, o.id));
  const to = nextState(o.machine, from, o.action, o.actor.role, o.heldFrom);
  const { key, column } = stateColumn(o.table);
  const run = async (db: Db) => {
    const now = ctx.clock.now();
    const updated = await db
      .update(o.table)
      .set({ ...o.set, [key]: to, ...(o.table.updatedAt ? { updatedAt: now } : {}) } as never)
      .where(and(eq(o.table.id, o.id), eq(column, from), o.where))
      .returning({ id: o.table.id });
    if (updated.length === 0) {
      throw new AppError("CONFLICT", {
        message: o.machine.messages.inState?.[from] ?? o.machine.messages.notNow,
      });
    }
    const historyId = await record({ db, clock: ctx.clock }, o.machine, {
      id: o.id,
      from,
      to,
      action: o.action,
      actor: o.actor,
      reason: o.reason ?? null,
    });
    return { from, to, historyId };
  };
  return inTransaction(ctx.db, run);
}

/**
 * Records a row just inserted in `state` (its creation must be declared in the machine) and
 * schedules that state's timers. Call in the database transaction of the insert.
 */
export async function recordCreation<S extends string, A extends string, R extends string>(
  ctx: Deps,
  o: { machine: Machine<S, A, R>; id: number; state: S; actor: Actor<R>; reason?: string | null },
): Promise<number> {
  assertCreatable(o.machine, o.state, o.actor.role);
  return record(ctx, o.machine, {
    id: o.id,
    from: null,
    to: o.state,
    action: "create",
    actor: o.actor,
    reason: o.reason ?? null,
  });
}

/**
 * Is the row still in the state a timer was set for, with no change since (`since`: the history
 * row of that entry)? A timer job that answers no does nothing.
 */
export async function stillInState(
  db: Db,
  machine: Machine,
  o: { id: number; state: string; since: number },
): Promise<boolean> {
  const [last] = await db
    .select({ id: stateHistory.id, to: stateHistory.toState })
    .from(stateHistory)
    .where(and(eq(stateHistory.machine, machine.name), eq(stateHistory.rowId, o.id)))
    .orderBy(desc(stateHistory.id))
    .limit(1);
  return last?.id === o.since && last.to === o.state;
}

/** The history of one row, oldest first: what the back office shows beside a transaction. */
export async function stateHistoryOf(db: Db, machine: Machine, id: number) {
  return db
    .select()
    .from(stateHistory)
    .where(and(eq(stateHistory.machine, machine.name), eq(stateHistory.rowId, id)))
    .orderBy(stateHistory.id);
}

async function currentState<S extends string>(db: Db, table: StatefulTable, id: number): Promise<S> {
  const [row] = await db
    .select({ state: stateColumn(table).column })
    .from(table as PgTable)
    .where(eq(table.id, id));
  if (!row) throw new AppError("NOT_FOUND");
  return row.state as S;
}

async function record<S extends string, R extends string>(
  ctx: Deps,
  machine: Machine<S, string, R>,
  o: { id: number; from: S | null; to: S; action: string; actor: Actor<R>; reason: string | null },
): Promise<number> {
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .insert(stateHistory)
    .values({
      machine: machine.name,
      rowId: o.id,
      fromState: o.from,
      toState: o.to,
      action: o.action,
      actorRole: o.actor.role,
      actorId: o.actor.id ?? null,
      reason: o.reason,
      at: now,
    })
    .returning({ id: stateHistory.id });
  const since = row!.id;
  for (const timer of machine.timers?.[o.to] ?? []) {
    await enqueueJob(
      ctx,
      timer.job,
      { id: o.id, state: o.to, since },
      {
        runAt: new Date(now.getTime() + timer.afterMs),
        uniqueKey: `${machine.name}:${o.id}:${since}:${timer.job.name}`,
      },
    );
  }
  return since;
}

/** Runs `fn` in the caller's database transaction, or in a new one when `db` is not one. */
async function inTransaction<T>(db: Db, fn: (db: Db) => Promise<T>): Promise<T> {
  // A drizzle transaction object has `rollback`; the plain database does not.
  if ("rollback" in db) return fn(db);
  return db.transaction((tx) => fn(tx as unknown as Db));
}
