import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["{core,db,server,app,tests/http,tests/core,tests/sim,scripts}/**/*.test.ts"],
    globalSetup: ["tests/helpers/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
