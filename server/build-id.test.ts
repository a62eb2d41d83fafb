import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BUILD_ID_FILE, buildIdOf, deployedBuildId, writeBuildId } from "./build-id.ts";

function clientDir(assets: string[]): string {
  const dir = mkdtempSync(path.join(tmpdir(), "tsugu-build-"));
  mkdirSync(path.join(dir, "assets"));
  for (const name of assets) writeFileSync(path.join(dir, "assets", name), "");
  return dir;
}

describe("a build's id", () => {
  it("follows the hashed names of the browser assets, whatever their order", () => {
    const id = buildIdOf(["entry.client-BBfUeueL.js", "app-BlVN8Mp6.css"]);
    expect(id).toMatch(/^[0-9a-f]{16}$/);
    expect(buildIdOf(["app-BlVN8Mp6.css", "entry.client-BBfUeueL.js"])).toBe(id);
    expect(buildIdOf(["entry.client-Xx0aaaaa.js", "app-BlVN8Mp6.css"])).not.toBe(id);
    expect(buildIdOf(["entry.client-BBfUeueL.js"])).not.toBe(id);
  });

  it("is written beside the assets and read back by the server, again once the file changes", async () => {
    const dir = clientDir(["root-AAAA.js", "home-BBBB.js"]);
    try {
      const written = writeBuildId(dir);
      let now = 0;
      const read = deployedBuildId(dir, { recheckMs: 2_000, now: () => now });
      expect(await read()).toBe(written);

      // A new deployment rewrites the file: the answer changes once the few seconds have passed.
      writeFileSync(path.join(dir, BUILD_ID_FILE), JSON.stringify({ id: "next-build" }));
      utimesSync(path.join(dir, BUILD_ID_FILE), new Date(), new Date(Date.now() + 5_000));
      now = 1_000;
      expect(await read()).toBe(written);
      now = 2_500;
      expect(await read()).toBe("next-build");

      rmSync(path.join(dir, BUILD_ID_FILE));
      now = 5_000;
      expect(await read()).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("is unknown without a readable file", async () => {
    const dir = clientDir([]);
    try {
      expect(await deployedBuildId(dir)()).toBeNull();
      writeFileSync(path.join(dir, BUILD_ID_FILE), "not json");
      expect(await deployedBuildId(dir)()).toBeNull();
      writeFileSync(path.join(dir, BUILD_ID_FILE), JSON.stringify({ id: "" }));
      expect(await deployedBuildId(dir)()).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
