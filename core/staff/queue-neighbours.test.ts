import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { moneyAlerts } from "#db/schema/index.ts";
import { makeOperator } from "#tests/helpers/catalog.ts";
import { createTestCore, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import { queueNeighbours } from "./queue-neighbours.ts";

describe.each(ENGINES)("moving through a queue on %s", (engine) => {
  let t: TestCore;
  beforeAll(async () => {
    t = await createTestCore(engine);
  });
  afterAll(async () => {
    await t.close();
  });

  it("finds the item before and after one, oldest first, its place, and where to go on from one dealt with", async () => {
    const finance = await makeOperator(t.ctx, ["finance"]);
    const support = await makeOperator(t.ctx, ["support"]);
    // Two alerts raised in the same microsecond keep their order by id; a resolved one waits no more.
    const rows = await t.ctx.db
      .insert(moneyAlerts)
      .values([
        { kind: "late_top_up", dedupeKey: "q:3", createdAt: new Date("2026-11-20T10:00:00.000Z") },
        { kind: "late_top_up", dedupeKey: "q:1", createdAt: new Date("2026-11-20T08:00:00.000Z") },
        { kind: "late_top_up", dedupeKey: "q:2a", createdAt: new Date("2026-11-20T09:00:00.000Z") },
        { kind: "late_top_up", dedupeKey: "q:2b", createdAt: new Date("2026-11-20T09:00:00.000Z") },
        {
          kind: "late_top_up",
          dedupeKey: "q:done",
          createdAt: new Date("2026-11-20T07:00:00.000Z"),
          resolvedAt: new Date("2026-11-21T07:00:00.000Z"),
        },
      ])
      .returning({ id: moneyAlerts.id, key: moneyAlerts.dedupeKey });
    const idOf = (key: string) => rows.find((r) => r.key === key)!.id;
    const at = (key: string) =>
      queueNeighbours(t.ctx, { actor: finance, queue: "moneyAlerts", id: idOf(key) });

    expect(await at("q:1")).toEqual({
      queue: "moneyAlerts",
      previous: null,
      next: idOf("q:2a"),
      position: 1,
      count: 4,
    });
    expect(await at("q:2a")).toMatchObject({ previous: idOf("q:1"), next: idOf("q:2b"), position: 2 });
    expect(await at("q:2b")).toMatchObject({ previous: idOf("q:2a"), next: idOf("q:3"), position: 3 });
    expect(await at("q:3")).toMatchObject({ previous: idOf("q:2b"), next: null, position: 4 });
    // Dealt with already: no place, and "next" is the oldest still waiting.
    expect(await at("q:done")).toEqual({
      queue: "moneyAlerts",
      previous: null,
      next: idOf("q:1"),
      position: null,
      count: 4,
    });
    // An operator who does not work the queue has no queue to move through.
    expect(
      await queueNeighbours(t.ctx, { actor: support, queue: "moneyAlerts", id: idOf("q:1") }),
    ).toBeNull();
  });
});
