import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestCore, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import { expectLedgerInvariants } from "#tests/helpers/ledger.ts";
import { simulatePurchase } from "./purchase-simulation.ts";

/** `SIM_RUNS` and `SIM_SEED` replay or widen the search; a failing seed is printed with its steps. */
const RUNS = Number(process.env.SIM_RUNS ?? 1000);
const FIRST_SEED = Number(process.env.SIM_SEED ?? 1);

/**
 * The steps run one at a time, so the engine changes nothing the simulation checks: PostgreSQL when
 * the suite has one (it does the same work in half the CPU of the embedded engine's WebAssembly),
 * else PGlite. Every core test runs on both engines.
 */
const ENGINE = ENGINES.at(-1)!;

describe(`purchase simulation (${ENGINE})`, () => {
  let t: TestCore;
  beforeAll(async () => {
    t = await createTestCore(ENGINE, "2026-11-22T05:00:00Z");
  });
  afterAll(async () => {
    await t.close();
  });

  it(`keeps every invariant over ${RUNS} seeded runs with a crash in each`, {
    timeout: 1_800_000,
  }, async () => {
    const failures: string[] = [];
    for (let seed = FIRST_SEED; seed < FIRST_SEED + RUNS; seed++) {
      const { violations, steps } = await simulatePurchase(t.ctx, t.clock, seed);
      if (violations.length)
        failures.push(`seed ${seed}: ${violations.join("; ")}\n  steps: ${steps.join(" → ")}`);
      if (failures.length >= 5) break;
    }
    expect(failures).toEqual([]);
    await expectLedgerInvariants(t.ctx.db);
  });
});
