import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CLIENT_DIR } from "../../scripts/build-if-needed.ts";

/**
 * A page's browser code that reaches server-only modules (a mailer, a CSV writer) through a shared
 * import carries their top-level Node code, and the page then fails to load when reached inside the
 * site. The built chunks must not use Node's globals unguarded.
 */
describe("the browser bundle", () => {
  it("uses no Node-only global (Buffer, process) outside a guard", () => {
    const assets = path.join(CLIENT_DIR, "assets");
    const offending: string[] = [];
    for (const file of readdirSync(assets).filter((f) => f.endsWith(".js"))) {
      const code = readFileSync(path.join(assets, file), "utf8");
      for (const m of code.matchAll(/\b(Buffer|process)\.[a-zA-Z]+/g)) {
        const before = code.slice(Math.max(0, m.index - 60), m.index);
        // Guarded: only reached where the global exists (or the browser's own, atob, is missing).
        if (/typeof (Buffer|process|atob)\b/.test(before)) continue;
        offending.push(`${file}: …${code.slice(Math.max(0, m.index - 40), m.index + 40)}…`);
      }
    }
    expect(offending).toEqual([]);
  });
});
