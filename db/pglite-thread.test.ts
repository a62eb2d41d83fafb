import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "./client.ts";
import { withPriority } from "./priority.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// The server's PGlite runs on a thread of its own (decision 032); the core's tests use PGlite in
// their own thread. These check that the thread keeps what the core relies on.
describe("PGlite on its own thread", () => {
  let database: Database;
  const run = async (query: ReturnType<typeof sql>) =>
    ((await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

  beforeAll(async () => {
    database = await openDatabase({ dataDir: "memory://", thread: true });
    await database.migrate();
    await run(sql`create table thread_t (x int primary key)`);
  });
  afterAll(() => database.close());

  it("answers with the rows and types drizzle reads, timestamps left as text", async () => {
    const [row] = await run(
      sql`select timestamptz '2026-01-02 03:04:05+00' as t, 1::int4 as i, '{"a":1}'::jsonb as j, array[1,2] as a`,
    );
    expect(row).toEqual({ t: "2026-01-02 03:04:05+00", i: 1, j: { a: 1 }, a: [1, 2] });
  });

  it("keeps PostgreSQL's error code and constraint, which the core maps", async () => {
    await run(sql`insert into thread_t values (1)`);
    const error = await run(sql`insert into thread_t values (1)`).catch((e: unknown) => e);
    expect((error as { cause?: { code?: string; constraint?: string } }).cause).toMatchObject({
      code: "23505",
      constraint: "thread_t_pkey",
    });
  });

  it("commits a transaction, rolls one back on an error, and rolls back to a savepoint", async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into thread_t values (2)`);
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into thread_t values (3)`);
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    await database.db.transaction(async (tx) => {
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into thread_t values (4)`);
          throw new Error("not this one");
        })
        .catch(() => {});
      await tx.execute(sql`insert into thread_t values (5)`);
    });
    expect(await run(sql`select array_agg(x order by x) as xs from thread_t`)).toEqual([{ xs: [1, 2, 5] }]);
  });

  it("holds other statements back until an open transaction ends, as PGlite does in one thread", async () => {
    const order: string[] = [];
    const inTransaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into thread_t values (6)`);
      await new Promise((r) => setTimeout(r, 50));
      order.push("transaction");
    });
    await new Promise((r) => setTimeout(r, 10));
    const outside = run(sql`select count(*)::int as n from thread_t where x = 6`).then((rows) => {
      order.push("outside");
      return rows;
    });
    await inTransaction;
    expect(await outside).toEqual([{ n: 1 }]);
    expect(order).toEqual(["transaction", "outside"]);
  });

  /**
   * Holds the database thread with an open transaction until `release` is called, so that what is
   * sent meanwhile waits in line; resolves once the transaction is open.
   */
  async function holdThread() {
    const opened = Promise.withResolvers<void>();
    const held = Promise.withResolvers<void>();
    const done = database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      opened.resolve();
      await held.promise;
    });
    await opened.promise;
    return {
      async release() {
        // Everything sent before has reached the thread by then: messages keep their order.
        await sleep(20);
        held.resolve();
        await done;
      },
    };
  }

  it("runs a write queued behind reads before them, and the rest in the order they came", async () => {
    const order: string[] = [];
    const holding = await holdThread();
    const reads = Array.from({ length: 8 }, (_, i) =>
      withPriority("read", () => run(sql`select ${i}::int as n`)).then(() => order.push(`read ${i}`)),
    );
    const normal = run(sql`select 'normal' as n`).then(() => order.push("normal"));
    const write = withPriority("write", () => run(sql`insert into thread_t values (100)`)).then(() =>
      order.push("write"),
    );
    await holding.release();
    await Promise.all([...reads, normal, write]);
    expect(order).toEqual(["write", ...Array.from({ length: 8 }, (_, i) => `read ${i}`), "normal"]);
  });

  it("lets a transaction begun go on to its end before a write that came meanwhile", async () => {
    const order: string[] = [];
    const opened = Promise.withResolvers<void>();
    const held = Promise.withResolvers<void>();
    const reading = withPriority("read", () =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into thread_t values (200)`);
        opened.resolve();
        await held.promise;
        await tx.execute(sql`insert into thread_t values (201)`);
        order.push("read transaction");
      }),
    );
    await opened.promise;
    const write = withPriority("write", () =>
      run(sql`select array_agg(x order by x) as xs from thread_t where x between 200 and 299`),
    ).then((rows) => {
      order.push("write");
      return rows;
    });
    await sleep(20);
    held.resolve();
    await reading;
    // The write saw the transaction whole, committed: never half of it, never in the middle of it.
    expect(await write).toEqual([{ xs: [200, 201] }]);
    expect(order).toEqual(["read transaction", "write"]);
  });

  it("keeps transactions atomic and apart, writes' first, whatever their priorities", async () => {
    await run(sql`create table thread_log (seq serial primary key, who text not null)`);
    const holding = await holdThread();
    const transaction = (who: string, priority: "read" | "write", fail = false) =>
      withPriority(priority, () =>
        database.db.transaction(async (tx) => {
          for (let i = 0; i < 3; i++) {
            await tx.execute(sql`insert into thread_log (who) values (${who})`);
            // Time for anything else to slip in between the statements, were it let.
            await sleep(5);
          }
          if (fail) throw new Error("undone");
        }),
      );
    const reader = transaction("read", "read");
    const undone = transaction("undone", "write", true).catch((e: Error) => e.message);
    const writer = transaction("write", "write");
    const outside = withPriority("write", () => run(sql`select count(*)::int as n from thread_log`));
    await holding.release();
    await reader;
    await writer;
    expect(await undone).toBe("undone");
    // The writes' line in the order they came: the transaction that was undone, the other write,
    // then the count (after both, so it sees the one committed), and the read's transaction last.
    expect(await outside).toEqual([{ n: 3 }]);
    const rows = await run(sql`select who from thread_log order by seq`);
    expect(rows.map((r) => r.who)).toEqual(["write", "write", "write", "read", "read", "read"]);
  });

  it("passes on notifications to a listener until it stops listening", async () => {
    const heard: string[] = [];
    const stop = await database.listen("thread_channel", (payload) => heard.push(payload));
    await run(sql`notify thread_channel, 'first'`);
    await expect.poll(() => heard).toEqual(["first"]);
    await stop();
    await run(sql`notify thread_channel, 'second'`);
    await new Promise((r) => setTimeout(r, 50));
    expect(heard).toEqual(["first"]);
  });
});
