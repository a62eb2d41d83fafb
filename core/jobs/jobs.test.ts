import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { jobs } from "#db/schema/index.ts";
import { createTestCore, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import { defineJob, handleJob } from "./define-job.ts";
import { enqueueJob } from "./enqueue-job.ts";
import { createJobRunner, JOB_LEASE_MS, retryDelayMs } from "./job-runner.ts";

describe.each(ENGINES)("job queue on %s", (engine) => {
  let t: TestCore;
  const seen: string[] = [];
  let failuresLeft = 0;
  const echo = defineJob({
    name: "test.echo",
    payload: z.object({ word: z.string() }),
    maxAttempts: 3,
  });
  const echoHandler = handleJob(echo, async (_ctx, { word }) => {
    if (failuresLeft > 0) {
      failuresLeft -= 1;
      throw new Error(`not yet: ${word}`);
    }
    seen.push(word);
  });
  beforeAll(async () => {
    t = await createTestCore(engine);
  });
  afterAll(async () => {
    await t.close();
  });
  const runner = () => createJobRunner({ ctx: t.ctx, handlers: [echoHandler] });

  it("runs a job when it is due, by the injected clock", async () => {
    seen.length = 0;
    await enqueueJob(t.ctx, echo, { word: "later" }, { runAt: new Date(t.clock.now().getTime() + 60_000) });
    await enqueueJob(t.ctx, echo, { word: "now" });
    expect(await runner().runDue()).toBe(1);
    expect(seen).toEqual(["now"]);
    t.clock.advance(60_000);
    expect(await runner().runDue()).toBe(1);
    expect(seen).toEqual(["now", "later"]);
    expect(await runner().runDue()).toBe(0);
  });

  it("queues a unique key once", async () => {
    seen.length = 0;
    expect(await enqueueJob(t.ctx, echo, { word: "once" }, { uniqueKey: "echo:once" })).toBe(true);
    expect(await enqueueJob(t.ctx, echo, { word: "once" }, { uniqueKey: "echo:once" })).toBe(false);
    await runner().runDue();
    expect(await enqueueJob(t.ctx, echo, { word: "once" }, { uniqueKey: "echo:once" })).toBe(false);
    await runner().runDue();
    expect(seen).toEqual(["once"]);
  });

  it("retries with growing pauses, then leaves the job failed", async () => {
    seen.length = 0;
    failuresLeft = 5;
    await enqueueJob(t.ctx, echo, { word: "flaky" }, { uniqueKey: "echo:flaky" });
    expect(await runner().runDue()).toBe(1);
    const [afterOne] = await t.ctx.db.select().from(jobs).where(eq(jobs.uniqueKey, "echo:flaky"));
    expect(afterOne!.state).toBe("pending");
    expect(afterOne!.lastError).toBe("not yet: flaky");
    expect(afterOne!.runAt.getTime() - t.clock.now().getTime()).toBe(retryDelayMs(1));
    expect(await runner().runDue()).toBe(0);
    t.clock.advance(retryDelayMs(1));
    await runner().runDue();
    t.clock.advance(retryDelayMs(2));
    await runner().runDue();
    const [last] = await t.ctx.db.select().from(jobs).where(eq(jobs.uniqueKey, "echo:flaky"));
    expect(last!.state).toBe("failed");
    expect(last!.attempts).toBe(3);
    expect(seen).toEqual([]);
    failuresLeft = 0;
  });

  it("takes over a job whose server died while running it, once its lease has run out", async () => {
    seen.length = 0;
    await enqueueJob(t.ctx, echo, { word: "orphan" }, { uniqueKey: "echo:orphan" });
    // A server claimed it and died: the row says running, leased for five minutes.
    await t.ctx.db
      .update(jobs)
      .set({ state: "running", attempts: 1, lockedUntil: new Date(t.clock.now().getTime() + JOB_LEASE_MS) })
      .where(eq(jobs.uniqueKey, "echo:orphan"));
    expect(await runner().runDue()).toBe(0);
    t.clock.advance(JOB_LEASE_MS + 1);
    expect(await runner().runDue()).toBe(1);
    expect(seen).toEqual(["orphan"]);
  });

  it("frees the jobs an outage cut off as soon as the database is back, not when their lease ends", async () => {
    seen.length = 0;
    // The database goes away while the first job of a batch of three runs: its outcome cannot be
    // written, and the two behind it stay claimed.
    const away = { now: false };
    const db = new Proxy(t.ctx.db, {
      get(target, key, receiver) {
        if (key === "update" && away.now) {
          const refused = () => Promise.reject(new Error("connection terminated"));
          return () => ({ set: () => ({ where: refused }) });
        }
        return Reflect.get(target, key, receiver);
      },
    });
    const cut = handleJob(echo, async (_ctx, { word }) => {
      seen.push(word);
      if (word === "cut") away.now = true;
    });
    const outage = createJobRunner({ ctx: { ...t.ctx, db }, handlers: [cut] });
    for (const word of ["cut", "behind-1", "behind-2"]) {
      await enqueueJob(t.ctx, echo, { word }, { uniqueKey: `echo:${word}` });
    }
    await expect(outage.runDue()).rejects.toThrow("connection terminated");
    const during = await t.ctx.db.select().from(jobs).where(eq(jobs.name, "test.echo"));
    expect(during.filter((j) => j.uniqueKey?.startsWith("echo:behind")).map((j) => j.state)).toEqual([
      "running",
      "running",
    ]);
    // Back before any lease has run out (the clock does not move): the runner writes what it owes
    // first, then takes up the two it gave back.
    away.now = false;
    expect(await outage.runDue()).toBe(2);
    expect(seen).toEqual(["cut", "behind-1", "behind-2"]);
    const after = await t.ctx.db.select().from(jobs).where(eq(jobs.name, "test.echo"));
    const states = after.filter((j) => /^echo:(cut|behind)/.test(j.uniqueKey ?? ""));
    expect(states.map((j) => [j.uniqueKey, j.state, j.attempts])).toEqual([
      ["echo:cut", "done", 1],
      ["echo:behind-1", "done", 1],
      ["echo:behind-2", "done", 1],
    ]);
  });

  it("lets concurrent runners share the queue without running a job twice", async () => {
    seen.length = 0;
    for (let i = 0; i < 20; i++) await enqueueJob(t.ctx, echo, { word: `w${i}` });
    const counts = await Promise.all([runner().runDue({ batch: 3 }), runner().runDue({ batch: 3 })]);
    expect(counts[0]! + counts[1]!).toBe(20);
    expect(new Set(seen).size).toBe(20);
    expect(seen).toHaveLength(20);
  });
});
