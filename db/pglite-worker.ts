// The embedded database on a thread of its own (decision 032): PGlite runs here, and the server's
// thread reaches it through db/pglite-thread.ts with messages. Each message is one call on PGlite's
// own interface (query, exec, transaction, listen), so PGlite's locks order them exactly as they
// order calls made in the same thread.
//
// Writes first (decision 050): the calls that arrive wait here, in two lines, and PGlite is given
// one at a time, the next taken from the writes' line while it holds any, else from the other line
// (reads and work of normal priority, in the order they came). A transaction is one turn from its
// BEGIN to its COMMIT or ROLLBACK: its own statements go straight to it, and nothing else reaches
// PGlite until it has ended, exactly as PGlite's lock would have held them back.
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, type QueryOptions, type Results, type Transaction } from "@electric-sql/pglite";
import type { Reply, Request, WorkerStart } from "./pglite-thread.ts";

const port = parentPort!;
const start = workerData as WorkerStart;
// PostgreSQL settings go on PGlite's command line: they hold for this run and leave the folder's
// postgresql.conf as it is.
const settings = Object.entries(start.settings).flatMap(([name, value]) => ["-c", `${name}=${value}`]);
const pglite = await PGlite.create(start.dataDir, {
  startParams: [...PGlite.defaultStartParams, ...settings],
});

type Open = { tx: Transaction; end: (commit: boolean) => void; endedBy: number; endAsked: number };
/** Open transactions by id: PGlite's transaction, and how to end it once the server says so. */
const transactions = new Map<number, Open>();
const listeners = new Map<number, () => Promise<void>>();
let nextId = 1;

const reply = (message: Reply) => port.postMessage(message);
const since = (started: number) => performance.now() - started;

/** An error as plain data: PostgreSQL's fields (code, constraint, detail…) survive the copy. */
function plain(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields: Record<string, unknown> = { name: error.name, message: error.message, stack: error.stack };
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ["string", "number", "boolean"].includes(typeof value)) fields[key] = value;
  }
  return fields;
}

/** PGlite's options for a query, with the server's parsers left to the server: those types come back as text. */
function queryOptions(rowMode: "array" | "object" | undefined, textTypes: number[]): QueryOptions {
  const parsers = Object.fromEntries(textTypes.map((oid) => [oid, (value: string) => value]));
  return { ...(rowMode ? { rowMode } : {}), parsers };
}

const strip = (results: Results<unknown>) => ({
  rows: results.rows,
  affectedRows: results.affectedRows,
  fields: results.fields,
});

/** Thrown into PGlite's transaction callback when the server rolls back, so that PGlite rolls back. */
class RolledBack extends Error {}

/**
 * Begins a transaction that stays open, holding PGlite's lock, until an `end` message: the begin
 * request is answered with the transaction's id once BEGIN has run, the end request once COMMIT
 * or ROLLBACK has. Resolves once the transaction has ended, either way.
 */
function begin(id: number): Promise<void> {
  const started = performance.now();
  let open: Open | undefined;
  return pglite
    .transaction(
      (tx) =>
        new Promise<void>((resolve, reject) => {
          const txId = nextId++;
          open = {
            tx,
            end: (commit) => (commit ? resolve() : reject(new RolledBack())),
            endedBy: 0,
            endAsked: 0,
          };
          transactions.set(txId, open);
          reply({ id, ok: true, value: txId, ms: since(started) });
        }),
    )
    .then(
      () => undefined,
      (error: unknown) => (error instanceof RolledBack ? undefined : error),
    )
    .then((error) => {
      const to = open ? open.endedBy : id;
      const ms = since(open ? open.endAsked : started);
      reply(
        error === undefined
          ? { id: to, ok: true, value: null, ms }
          : { id: to, ok: false, error: plain(error), ms },
      );
    });
}

/** Runs one request; resolves once it is over (a transaction: once it has ended). */
async function handle(request: Request): Promise<void> {
  const { id } = request;
  const started = performance.now();
  try {
    switch (request.op) {
      case "query": {
        const on = request.tx === undefined ? pglite : transactions.get(request.tx)!.tx;
        const results = await on.query(
          request.sql,
          request.params,
          queryOptions(request.rowMode, request.textTypes),
        );
        return reply({ id, ok: true, value: strip(results), ms: since(started) });
      }
      case "exec": {
        const on = request.tx === undefined ? pglite : transactions.get(request.tx)!.tx;
        const results = await on.exec(request.sql, queryOptions(request.rowMode, request.textTypes));
        return reply({ id, ok: true, value: results.map(strip), ms: since(started) });
      }
      case "begin":
        return await begin(id);
      case "end": {
        const open = transactions.get(request.tx);
        if (!open) return reply({ id, ok: false, error: { message: "Transaction is closed" } });
        transactions.delete(request.tx);
        open.endedBy = id;
        open.endAsked = started;
        return open.end(request.commit);
      }
      case "listen": {
        const listenerId = nextId++;
        const stop = await pglite.listen(request.channel, (payload) =>
          port.postMessage({ notify: listenerId, payload } satisfies Reply),
        );
        listeners.set(listenerId, stop);
        return reply({ id, ok: true, value: listenerId });
      }
      case "unlisten": {
        await listeners.get(request.listener)?.();
        listeners.delete(request.listener);
        return reply({ id, ok: true, value: null });
      }
      case "close": {
        await pglite.close();
        reply({ id, ok: true, value: null });
        return port.close();
      }
    }
  } catch (error) {
    reply({ id, ok: false, error: plain(error), ms: since(started) });
  }
}

/**
 * The calls waiting for their turn: writes, and the rest (reads and normal work) in the order they
 * came. Each line is an array read from `head`, compacted now and then, so that taking the first
 * stays cheap however long the line grows.
 */
function line() {
  let waiting: Request[] = [];
  let head = 0;
  return {
    get length() {
      return waiting.length - head;
    },
    push(request: Request) {
      waiting.push(request);
    },
    shift(): Request | undefined {
      if (head === waiting.length) return undefined;
      const first = waiting[head++];
      if (head > 1024 && head * 2 > waiting.length) {
        waiting = waiting.slice(head);
        head = 0;
      }
      return first;
    },
  };
}
const writes = line();
const others = line();
let busy = false;

/**
 * Gives PGlite its next turn once the current one is over. The choice waits for the messages that
 * arrived meanwhile to be in line (`setImmediate` runs after them), so a write sent while a read
 * ran goes ahead of the reads that came before it.
 */
function next() {
  if (busy || writes.length + others.length === 0) return;
  busy = true;
  setImmediate(() => {
    const request = writes.shift() ?? others.shift()!;
    void handle(request).finally(() => {
      busy = false;
      next();
    });
  });
}

/** A statement of the open transaction, or its end: part of the turn under way, run at once. */
const ofOpenTransaction = (request: Request) =>
  request.op === "end" || ((request.op === "query" || request.op === "exec") && request.tx !== undefined);

port.on("message", (request: Request) => {
  if (ofOpenTransaction(request)) return void handle(request);
  if ("priority" in request && request.priority === "write") writes.push(request);
  else others.push(request);
  next();
});
reply({ id: 0, ok: true, value: null });
