import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { ZenginCode } from "zengin-code";
import {
  findBank,
  findBranch,
  searchBanks,
  searchBranches,
  ZENGIN_DATA_VERSION,
  type ZenginEntry,
} from "./bank-directory.ts";
import { isZenginKana } from "./kana.ts";

const codes = (entries: ZenginEntry[]) => entries.map((entry) => entry.code);

describe("findBank / findBranch", () => {
  it("finds a bank and a branch by code, with the 全銀 half-width kana", () => {
    expect(findBank("0001")).toEqual({ code: "0001", name: "みずほ", kana: "ﾐｽﾞﾎ", hira: "みずほ" });
    expect(findBank("0005")?.kana).toBe("ﾐﾂﾋﾞｼﾕ-ｴﾌｼﾞｴｲ");
    expect(findBranch("0001", "001")).toEqual({
      code: "001",
      name: "東京営業部",
      kana: "ﾄｳｷﾖｳ",
      hira: "とうきよう",
    });
    expect(findBranch("9900", "018")?.kana).toBe("ｾﾞﾛｲﾁﾊﾁ");
  });

  it("answers null for unknown or malformed codes", () => {
    expect(findBank("0002")).toBeNull();
    expect(findBank("1")).toBeNull();
    expect(findBank("00001")).toBeNull();
    expect(findBranch("0001", "000")).toBeNull();
    expect(findBranch("0001", "1")).toBeNull();
    expect(findBranch("0002", "001")).toBeNull();
  });

  it("has a 全銀 kana for every bank and branch of the directory", () => {
    const data = createRequire(import.meta.url)("zengin-code") as ZenginCode;
    let branches = 0;
    for (const bank of Object.values(data)) {
      expect(isZenginKana(findBank(bank.code)!.kana), bank.kana).toBe(true);
      for (const branch of Object.values(bank.branches)) {
        branches++;
        expect(isZenginKana(findBranch(bank.code, branch.code)!.kana), branch.kana).toBe(true);
      }
    }
    expect(branches).toBeGreaterThan(20_000);
  });

  it("names the data version", () => {
    expect(ZENGIN_DATA_VERSION).toMatch(/^\d+\.\d+\.\d+-p\d{8}$/);
  });
});

describe("searchBanks", () => {
  it.each(["みずほ", "ミズホ", "ﾐｽﾞﾎ", "mizuho", "Mizuho", "みずほ銀行", "ミズホギンコウ", " みずほ "])(
    "%s finds みずほ first",
    (query) => {
      expect(searchBanks(query)[0]?.code).toBe("0001");
    },
  );

  it("finds by code prefix, in code order", () => {
    expect(codes(searchBanks("0001"))).toEqual(["0001"]);
    expect(codes(searchBanks("０００１"))).toEqual(["0001"]);
    expect(codes(searchBanks("000", 3))).toEqual(["0001", "0005", "0009"]);
    expect(searchBanks("00001")).toEqual([]);
  });

  it("reads small kana as the directory stores them, large", () => {
    expect(searchBanks("ゆうちょ")[0]?.code).toBe("9900");
    expect(searchBanks("ユウチョ銀行")[0]?.code).toBe("9900");
  });

  it("matches full-width and half-width letters and spelled-out credit associations", () => {
    expect(searchBanks("三菱UFJ")[0]?.code).toBe("0005");
    expect(searchBanks("三菱ＵＦＪ銀行")[0]?.code).toBe("0005");
    expect(searchBanks("paypay")[0]?.code).toBe("0033");
    expect(searchBanks("北海道信用金庫")[0]?.code).toBe("1001");
  });

  it("puts exact matches before prefixes and prefixes before other matches", () => {
    const found = codes(searchBanks("りそな"));
    expect(found[0]).toBe("0010"); // りそな
    expect(found).toContain("0017"); // 埼玉りそな, a match inside the name
    expect(found.indexOf("0010")).toBeLessThan(found.indexOf("0017"));
    const tokyo = searchBanks("とうきょう");
    const firstInside = tokyo.findIndex((bank) => !bank.hira.startsWith("とうきよう"));
    expect(firstInside).toBeGreaterThan(0);
    expect(tokyo.slice(firstInside).every((bank) => !bank.hira.startsWith("とうきよう"))).toBe(true);
  });

  it("respects the limit and finds nothing for an empty or meaningless query", () => {
    expect(searchBanks("信金", 5)).toHaveLength(5);
    expect(searchBanks("信金").length).toBe(20);
    expect(searchBanks("")).toEqual([]);
    expect(searchBanks("銀行")).toEqual([]);
    expect(searchBanks("存在しない銀行")).toEqual([]);
  });
});

describe("searchBranches", () => {
  it("finds a bank's branches by name, reading, romaji or code", () => {
    expect(searchBranches("0001", "東京営業部")[0]?.code).toBe("001");
    expect(searchBranches("0001", "とうきょう")[0]?.code).toBe("001");
    expect(searchBranches("0001", "toukiyou")[0]?.code).toBe("001");
    expect(codes(searchBranches("0001", "001"))).toEqual(["001"]);
    expect(searchBranches("0001", "丸の内支店").map((branch) => branch.name)).toEqual(["丸の内中央"]);
    expect(searchBranches("0001", "まるのうち支店").map((branch) => branch.name)).toEqual([
      "丸之内",
      "丸の内中央",
    ]);
  });

  it("finds ゆうちょ branches by their 3-digit code", () => {
    expect(searchBranches("9900", "018")[0]).toMatchObject({ code: "018", kana: "ｾﾞﾛｲﾁﾊﾁ" });
  });

  it("answers [] for an unknown bank and respects the limit", () => {
    expect(searchBranches("0002", "東京")).toEqual([]);
    expect(searchBranches("x", "東京")).toEqual([]);
    expect(searchBranches("0001", "0", 7)).toHaveLength(7);
    expect(searchBranches("0001", "")).toEqual([]);
  });
});

describe("loading", () => {
  it("reads the bank data on the first lookup, not when the module is imported", () => {
    const module = fileURLToPath(new URL("./bank-directory.ts", import.meta.url));
    const script = `
      import { createRequire } from "node:module";
      const loaded = () => Object.keys(createRequire(import.meta.url).cache).some((path) => path.endsWith("zengin-data.js"));
      const directory = await import(${JSON.stringify(module)});
      const before = loaded();
      directory.findBank("0001");
      console.log(JSON.stringify({ before, after: loaded(), version: directory.ZENGIN_DATA_VERSION }));
    `;
    const output = execFileSync(process.execPath, ["--input-type=module", "-e", script], {
      encoding: "utf8",
    });
    expect(JSON.parse(output)).toEqual({ before: false, after: true, version: ZENGIN_DATA_VERSION });
  });
});
