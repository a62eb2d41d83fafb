import { describe, expect, it } from "vitest";
import { streetAfterLookup, townChoices } from "./address-lookup.ts";

describe("the street after a postal-code lookup", () => {
  it("keeps a block number typed after the right town", () => {
    expect(streetAfterLookup("千代田1-1", ["千代田"])).toBe("千代田1-1");
    expect(streetAfterLookup("春日夢の森2", ["春日夢の森", "春日八幡"])).toBe("春日夢の森2");
  });

  it("puts in the one town of the code, replacing a street from elsewhere", () => {
    expect(streetAfterLookup("", ["千代田"])).toBe("千代田");
    expect(streetAfterLookup("銀座1-1", ["千代田", "千代田"])).toBe("千代田");
  });

  it("leaves the choice to the person when the code has several towns or none", () => {
    expect(streetAfterLookup("銀座1-1", ["春日夢の森", "春日八幡"])).toBe("");
    expect(streetAfterLookup("銀座1-1", [""])).toBe("");
    expect(townChoices(["春日夢の森", "春日八幡", "春日八幡"])).toEqual(["春日夢の森", "春日八幡"]);
    expect(townChoices(["千代田"])).toEqual([]);
    expect(townChoices([""])).toEqual([]);
  });
});
