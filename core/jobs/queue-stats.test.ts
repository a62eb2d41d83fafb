import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { jobs } from "#db/schema/index.ts";
import { createTestCore, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import { JOB_BACKLOG_SECONDS, queueHealth, queueStatsQueries, readQueueStats } from "./queue-stats.ts";

type JobRow = typeof jobs.$inferInsert;

describe.each(ENGINES)("job queue depth on %s", (engine) => {
  let t: TestCore;
  beforeAll(async () => {
    t = await createTestCore(engine);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.ctx.db.delete(jobs);
  });

  const ago = (seconds: number) => new Date(t.clock.now().getTime() - seconds * 1000);
  const add = (rows: Partial<JobRow>[]) =>
    t.ctx.db.insert(jobs).values(rows.map((r) => ({ name: "test.a", runAt: t.clock.now(), ...r })));

  it("counts each kind's jobs by state and times the oldest ready one", async () => {
    await add([
      { name: "test.a", runAt: ago(90) },
      { name: "test.a", runAt: ago(30) },
      { name: "test.a", runAt: ago(-3600) },
      { name: "test.b", state: "running", runAt: ago(5), lockedUntil: ago(-300) },
      { name: "test.b", state: "done", runAt: ago(7200) },
      { name: "test.c", state: "failed", runAt: ago(7200), updatedAt: ago(7200), attempts: 8 },
    ]);
    const stats = await readQueueStats(t.ctx);
    expect(stats.kinds).toEqual([
      {
        kind: "test.a",
        ready: 2,
        scheduled: 1,
        running: 0,
        failed: 0,
        failedRecently: 0,
        retrying: 0,
        oldestReadySeconds: 90,
      },
      expect.objectContaining({ kind: "test.b", ready: 0, running: 1, oldestReadySeconds: 0 }),
      expect.objectContaining({ kind: "test.c", failed: 1, failedRecently: 0 }),
    ]);
    expect(stats).toMatchObject({ ready: 2, oldestReadySeconds: 90, failedRecently: 0, retrying: 0 });
    // A job that gave up two hours ago is history, not a queue that is failing now.
    expect(queueHealth(stats)).toBe("ok");
  });

  it("says backlog when a ready job waited too long, and failing when jobs keep failing", async () => {
    await add([{ runAt: ago(JOB_BACKLOG_SECONDS + 60) }]);
    expect(queueHealth(await readQueueStats(t.ctx))).toBe("backlog");

    await add([{ name: "test.b", runAt: ago(-60), attempts: 3, lastError: "smtp refused" }]);
    const retrying = await readQueueStats(t.ctx);
    expect(retrying.retrying).toBe(1);
    expect(queueHealth(retrying)).toBe("failing");

    await t.ctx.db.delete(jobs);
    await add([{ state: "failed", attempts: 8, lastError: "gave up", updatedAt: ago(600) }]);
    const failed = await readQueueStats(t.ctx);
    expect(failed).toMatchObject({ failedRecently: 1, ready: 0 });
    expect(queueHealth(failed)).toBe("failing");
  });

  it("reads only the partial indexes, however many finished jobs the table holds", async () => {
    await t.ctx.db.execute(sql`
      insert into jobs (name, state, run_at, updated_at)
      select 'test.done', 'done', now() - interval '1 day', now() - interval '1 day'
      from generate_series(1, 20000)`);
    await add([{ runAt: ago(10) }, { state: "failed", updatedAt: ago(10) }]);
    await t.ctx.db.execute(sql`analyze jobs`);
    const client = (
      t.ctx.db as unknown as { $client: { query(text: string, params: unknown[]): Promise<unknown> } }
    ).$client;
    const queries = queueStatsQueries(t.ctx.db, t.clock.now());
    for (const [name, query] of Object.entries(queries)) {
      const { sql: text, params } = query.toSQL();
      const result = (await client.query(`explain ${text}`, params)) as { rows: Record<string, string>[] };
      const plan = result.rows.map((r) => Object.values(r)[0]).join("\n");
      expect(plan, name).not.toMatch(/Seq Scan/);
      expect(plan, name).toMatch(name === "open" ? /jobs_due_idx/ : /jobs_failed_idx/);
    }
  });
});
