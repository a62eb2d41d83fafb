import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "./client.ts";

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
