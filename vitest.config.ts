import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

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
  },
});
