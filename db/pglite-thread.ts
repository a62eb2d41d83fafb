import { Worker } from "node:worker_threads";
import type { PGlite, QueryOptions, Results, Transaction } from "@electric-sql/pglite";
import { currentPriority, currentTiming, type Priority } from "./priority.ts";

/**
 * The embedded database on a thread of its own (decision 032): PGlite runs in a worker thread
 * (db/pglite-worker.ts), so its SQL, which is WebAssembly and keeps a thread busy while it runs,
 * no longer takes turns with page rendering on the server's thread. This is the part of PGlite's
 * interface that drizzle-orm/pglite and the server use (query, exec, transaction, listen, close),
 * each call passed to the worker as a message.
 *
 * Each call carries the priority of the work that made it (db/priority.ts, decision 050): the
 * database thread runs writes ahead of the reads waiting for their turn, and a transaction from
 * its BEGIN to its end as one turn. Each answer says how long its statement ran, so the caller's
 * time is split between waiting for the database and running SQL.
 */
export type WorkerStart = { dataDir: string; settings: Record<string, string> };

type QueryRequest = {
  sql: string;
  params?: unknown[];
  rowMode?: "array" | "object";
  textTypes: number[];
  tx?: number;
};
export type Request = { id: number; priority?: Priority } & (
  | ({ op: "query" } & QueryRequest)
  | ({ op: "exec" } & QueryRequest)
  | { op: "begin" }
  | { op: "end"; tx: number; commit: boolean }
  | { op: "listen"; channel: string }
  | { op: "unlisten"; listener: number }
  | { op: "close" }
);
export type Reply =
  /** `ms`: how long the statement ran on the database thread, once its turn came. */
  | { id: number; ok: true; value: unknown; ms?: number }
  | { id: number; ok: false; error: Record<string, unknown>; ms?: number }
  | { notify: number; payload: string };

type Parsers = NonNullable<QueryOptions["parsers"]>;
type WithoutId<R> = R extends unknown ? Omit<R, "id"> : never;

/** The thread's PGlite, as drizzle-orm/pglite and db/client.ts use it. */
export type PgliteThread = Pick<PGlite, "query" | "exec" | "transaction" | "listen" | "close"> & {
  /** The worker thread's id, as `process.memoryUsage` and diagnostics name it. */
  readonly threadId: number;
};

/**
 * Starts PGlite on `dataDir` in a worker thread, with PostgreSQL `settings` (name → value) for this
 * run; resolves once the database is open.
 */
export async function openPgliteThread(
  dataDir: string,
  settings: Record<string, string> = {},
): Promise<PgliteThread> {
  const worker = new Worker(new URL("./pglite-worker.ts", import.meta.url), {
    workerData: { dataDir, settings } satisfies WorkerStart,
  });
  type Pending = {
    resolve: (value: unknown) => void;
    reject: (error: Error) => void;
    timing?: { sent: number; add(waitMs: number, sqlMs: number): void };
  };
  const pending = new Map<number, Pending>();
  const notified = new Map<number, (payload: string) => void>();
  let nextId = 1;
  let stopped: Error | undefined;

  const opened = Promise.withResolvers<void>();
  pending.set(0, { resolve: () => opened.resolve(), reject: opened.reject });
  worker.on("message", (message: Reply) => {
    if ("notify" in message) return notified.get(message.notify)?.(message.payload);
    const call = pending.get(message.id);
    pending.delete(message.id);
    if (call?.timing && message.ms !== undefined) {
      const total = performance.now() - call.timing.sent;
      call.timing.add(Math.max(0, total - message.ms), message.ms);
    }
    if (message.ok) call?.resolve(message.value);
    else call?.reject(Object.assign(new Error(String(message.error.message)), message.error));
  });
  const stop = (error: Error) => {
    stopped ??= error;
    for (const call of pending.values()) call.reject(stopped);
    pending.clear();
  };
  // A failure in the database thread ends the process, as it would if PGlite ran in this thread:
  // a server without its database answers nothing right, and whoever runs it starts it again.
  worker.on("error", (error) => {
    stop(error);
    throw error;
  });
  worker.on("exit", (code) => stop(new Error(`The database thread stopped (exit code ${code})`)));

  const call = <T>(request: WithoutId<Request>) => {
    if (stopped) return Promise.reject(stopped);
    const id = nextId++;
    const priority = currentPriority();
    const timing = currentTiming();
    return new Promise<T>((resolve, reject) => {
      pending.set(id, {
        resolve: resolve as (value: unknown) => void,
        reject,
        ...(timing && {
          timing: {
            sent: performance.now(),
            add(waitMs: number, sqlMs: number) {
              timing.waitMs += waitMs;
              timing.sqlMs += sqlMs;
            },
          },
        }),
      });
      worker.postMessage({ ...request, id, ...(priority && { priority }) });
    });
  };

  const query = async <T>(
    tx: number | undefined,
    sql: string,
    params?: unknown[],
    options?: QueryOptions,
  ) => {
    const parsers = options?.parsers ?? {};
    const results = await call<Results<T>>({
      op: "query",
      sql,
      params,
      rowMode: options?.rowMode,
      textTypes: Object.keys(parsers).map(Number),
      tx,
    });
    return parse(results, parsers);
  };
  const exec = async (tx: number | undefined, sql: string, options?: QueryOptions) => {
    const parsers = options?.parsers ?? {};
    const results = await call<Results[]>({
      op: "exec",
      sql,
      rowMode: options?.rowMode,
      textTypes: Object.keys(parsers).map(Number),
      tx,
    });
    return results.map((r) => parse(r, parsers));
  };

  await opened.promise;
  const thread: PgliteThread = {
    threadId: worker.threadId,
    query: (sql, params, options) => query(undefined, sql, params, options),
    exec: (sql, options) => exec(undefined, sql, options),
    async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
      const id = await call<number>({ op: "begin" });
      let closed = false;
      const open = () => {
        if (closed) throw new Error("Transaction is closed");
      };
      const end = (commit: boolean) => {
        closed = true;
        return call<null>({ op: "end", tx: id, commit });
      };
      const tx: Transaction = {
        query: async (sql, params, options) => {
          open();
          return query(id, sql, params, options);
        },
        sql: () => Promise.reject(new Error("sql`` is not offered on the database thread")),
        exec: async (sql, options) => {
          open();
          return exec(id, sql, options);
        },
        rollback: async () => {
          open();
          await end(false);
        },
        listen: () =>
          Promise.reject(new Error("listen in a transaction is not offered on the database thread")),
        get closed() {
          return closed;
        },
      };
      let result: T;
      try {
        result = await callback(tx);
      } catch (error) {
        if (!closed) await end(false);
        throw error;
      }
      if (!closed) await end(true);
      return result;
    },
    async listen(channel, callback) {
      const listener = await call<number>({ op: "listen", channel });
      notified.set(listener, callback);
      return async () => {
        notified.delete(listener);
        await call<null>({ op: "unlisten", listener });
      };
    },
    async close() {
      if (stopped) return;
      await call<null>({ op: "close" });
      await worker.terminate();
    },
  };
  return thread;
}

/** Applies the caller's parsers to the columns the worker left as text. */
function parse<T>(results: Results<T>, parsers: Parsers): Results<T> {
  const columns = results.fields
    .map((field, key) => ({ key, name: field.name, parser: parsers[field.dataTypeID] }))
    .filter((c) => c.parser !== undefined);
  if (columns.length === 0) return results;
  for (const row of results.rows as Record<string | number, unknown>[]) {
    for (const c of columns) {
      const key = Array.isArray(row) ? c.key : c.name;
      const value = row[key];
      if (typeof value === "string") row[key] = c.parser!(value);
    }
  }
  return results;
}
