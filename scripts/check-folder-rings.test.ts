import { describe, expect, it } from "vitest";
import { describeRings, findFolderRings, folderOf, type Import } from "./check-folder-rings.ts";

describe("folder rings", () => {
  it("collapses a module to its folder of core/, and to its layer inside core/money/", () => {
    expect(folderOf("core/account/to-do.ts")).toBe("core/account");
    expect(folderOf("core/money/payouts/approve-payout.ts")).toBe("core/money/payouts");
    expect(folderOf("core/money/top-ups/x/y.ts")).toBe("core/money/top-ups");
    expect(folderOf("core/shared/i18n/messages/ja.ts")).toBe("core/shared");
    expect(folderOf("db/schema/index.ts")).toBeUndefined();
    expect(folderOf("node_modules/zod/index.js")).toBeUndefined();
  });

  it("finds a ring of folders made by different files, with one example import per edge", () => {
    const imports: Import[] = [
      { from: "core/a/one.ts", to: "core/b/two.ts" },
      { from: "core/a/one.ts", to: "core/b/three.ts" },
      { from: "core/b/three.ts", to: "core/c/four.ts" },
      { from: "core/c/four.ts", to: "core/a/five.ts" },
      { from: "core/c/four.ts", to: "core/shared/errors.ts" },
      { from: "core/a/one.ts", to: "db/schema/index.ts" },
    ];
    const rings = findFolderRings(imports);
    expect(rings).toEqual([
      {
        folders: ["core/a", "core/b", "core/c"],
        edges: [
          { from: "core/a", to: "core/b", example: imports[0] },
          { from: "core/b", to: "core/c", example: imports[2] },
          { from: "core/c", to: "core/a", example: imports[3] },
        ],
      },
    ]);
    expect(describeRings(rings)).toContain("core/c → core/a  (core/c/four.ts imports core/a/five.ts)");
  });

  it("finds two separate rings, one of them between money layers", () => {
    const rings = findFolderRings([
      { from: "core/money/balance/a.ts", to: "core/money/payouts/b.ts" },
      { from: "core/money/payouts/b.ts", to: "core/money/balance/c.ts" },
      { from: "core/x/a.ts", to: "core/y/b.ts" },
      { from: "core/y/b.ts", to: "core/x/c.ts" },
    ]);
    expect(rings.map((r) => r.folders)).toEqual([
      ["core/money/balance", "core/money/payouts"],
      ["core/x", "core/y"],
    ]);
  });

  it("passes a graph with no ring: layers, imports within a folder, and type-only imports back", () => {
    expect(
      findFolderRings([
        { from: "core/money/payouts/a.ts", to: "core/money/balance/b.ts" },
        { from: "core/money/balance/b.ts", to: "core/money/ledger/c.ts" },
        { from: "core/money/ledger/c.ts", to: "core/money/ledger/d.ts" },
        { from: "core/money/ledger/d.ts", to: "core/money/payouts/e.ts", typeOnly: true },
        { from: "core/money/ledger/d.ts", to: "core/shared/errors.ts" },
      ]),
    ).toEqual([]);
  });
});
