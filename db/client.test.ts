import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, ENGINES, type TestDatabase } from "#tests/helpers/db.ts";
import { type Database, isDatabaseUnreachable, openDatabase } from "./client.ts";
import { withPriority } from "./priority.ts";

// Writes first on PostgreSQL (decision 050): connections kept for writes, reads cut off at a timeout.
describe.skipIf(!ENGINES.includes("postgres"))("PostgreSQL's pools for writes and reads", () => {
  let test: TestDatabase;
  let database: Database;
  const run = async (query: ReturnType<typeof sql>) =>
    ((await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  const read = <T>(work: () => Promise<T>) => withPriority("read", work);
  const write = <T>(work: () => Promise<T>) => withPriority("write", work);

  beforeAll(async () => {
    test = await createTestDatabase("postgres");
    // 5 connections: 2 kept for writes, 3 for reads, whose statements stop after a second (well past
    // the test's own reads, however busy the machine running it).
    database = await openDatabase({ url: test.url!, poolSize: 5, readTimeoutMs: 1000 });
  });
  afterAll(async () => {
    await database?.close();
    await test?.close();
  });

  it("shows both pools' counts, a third of the connections kept for writes (at least 2)", async () => {
    await read(() => run(sql`select 1`));
    await write(() => run(sql`select 1`));
    expect(database.pool()).toEqual({
      writes: { total: 1, idle: 1, waiting: 0, max: 2 },
      reads: { total: 1, idle: 1, waiting: 0, max: 3 },
    });
  });

  it("answers a write while every read connection is busy and reads wait for one", async () => {
    const order: string[] = [];
    const slowReads = Array.from({ length: 5 }, () =>
      read(() => run(sql`select pg_sleep(0.4)`)).then(() => order.push("read")),
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(database.pool()?.reads).toMatchObject({ total: 3, idle: 0, waiting: 2 });
    expect(await write(() => run(sql`select 1 as n`))).toEqual([{ n: 1 }]);
    order.push("write");
    await Promise.all(slowReads);
    expect(order).toEqual(["write", "read", "read", "read", "read", "read"]);
  });

  it("cuts a read off at the read timeout, as an outage is answered (never a write or normal work)", async () => {
    const error = await read(() => run(sql`select pg_sleep(2)`)).catch((e: unknown) => e);
    expect((error as { cause?: { code?: string } }).cause?.code).toBe("57014");
    expect(isDatabaseUnreachable(error)).toBe(true);
    await expect(write(() => run(sql`select pg_sleep(1.2)`))).resolves.toBeDefined();
    await expect(run(sql`select pg_sleep(1.2)`)).resolves.toBeDefined();
  });

  it("lends a write a reads' connection when its own are all busy, without the reads' timeout", async () => {
    // Both writes' connections busy for a while: the third write takes a free reads' connection.
    const busy = Array.from({ length: 2 }, () => write(() => run(sql`select pg_sleep(0.6)`)));
    await new Promise((r) => setTimeout(r, 100));
    expect(database.pool()?.writes).toMatchObject({ total: 2, idle: 0 });
    const [lent] = await write(() =>
      run(sql`select current_setting('statement_timeout') as timeout, pg_sleep(0.4)::text as slept`),
    );
    expect(lent).toMatchObject({ timeout: "0" });
    await Promise.all(busy);
    // Given back with the reads' timeout: every reads' connection cuts a long read off again.
    const reads = await Promise.all(
      Array.from({ length: 3 }, () =>
        read(() => run(sql`select current_setting('statement_timeout') as timeout`)),
      ),
    );
    expect(reads.map(([r]) => r)).toEqual(Array(3).fill({ timeout: "1s" }));
  });

  it("lets a write wait for a connection past the 5 s after which a read is answered as an outage", async () => {
    // Every connection busy for 6 s, as a crowd of writes on one row's lock holds them (the reads'
    // past their own statement timeout, lifted for the test).
    const sleepOnReads = () =>
      read(() =>
        database.db.transaction(async (tx) => {
          await tx.execute(sql`set local statement_timeout = 0`);
          await tx.execute(sql`select pg_sleep(6)`);
        }),
      );
    const busy = [
      ...Array.from({ length: 2 }, () => write(() => run(sql`select pg_sleep(6)`))),
      ...Array.from({ length: 3 }, sleepOnReads),
    ];
    await new Promise((r) => setTimeout(r, 200));
    const waitingRead = read(() => run(sql`select 1 as n`)).catch((e: unknown) => e);
    const waitingWrite = write(() => run(sql`select 1 as n`));
    const refused = await waitingRead;
    expect(isDatabaseUnreachable(refused)).toBe(true);
    expect(await waitingWrite).toEqual([{ n: 1 }]);
    await Promise.all(busy);
  }, 30_000);

  it("runs a transaction wholly on the pool of the work that began it", async () => {
    const settings = (priority: "read" | "write") =>
      withPriority(priority, () =>
        database.db.transaction(async (tx) => {
          const rows: unknown[] = [];
          for (let i = 0; i < 3; i++) {
            const r = await tx.execute(
              sql`select pg_backend_pid() as pid, current_setting('statement_timeout') as timeout`,
            );
            rows.push((r as unknown as { rows: unknown[] }).rows[0]);
          }
          return rows;
        }),
      );
    const [first, ...rest] = await settings("read");
    expect(first).toMatchObject({ timeout: "1s" });
    expect(rest).toEqual([first, first]);
    const [w, ...more] = await settings("write");
    expect(w).toMatchObject({ timeout: "0" });
    expect(more).toEqual([w, w]);
  });
});
