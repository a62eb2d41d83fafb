import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Vitest's order (the slowest first when it has timings, else the largest files), but the seeded
 * purchase simulation first of all: a short file that runs for minutes, which a clean clone would
 * otherwise start last while the other worker sits idle.
 */
class SimulationFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const first = (spec: TestSpecification) => (spec.moduleId.includes("/tests/sim/") ? 0 : 1);
    return sorted
      .map((spec, index) => ({ spec, index }))
      .sort((a, b) => first(a.spec) - first(b.spec) || a.index - b.index)
      .map(({ spec }) => spec);
  }
}

export default defineConfig({
  test: {
    include: ["{core,db,server,app,tests/http,tests/core,tests/sim,scripts}/**/*.test.ts"],
    globalSetup: ["tests/helpers/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // A worker runs its files one after another in one process: the modules, PGlite's compiled
    // WebAssembly and the migrated template database are loaded once per worker, not once per file.
    // Test files share no state but what they close (every database, server and clock is their own).
    isolate: false,
    // One worker per core (Vitest's default is one fewer than the cores, which leaves one of two idle).
    maxWorkers: availableParallelism(),
    sequence: { sequencer: SimulationFirst },
  },
});
