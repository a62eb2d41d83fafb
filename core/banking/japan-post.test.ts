import { describe, expect, it } from "vitest";
import { findBranch } from "./bank-directory.ts";
import { fromJapanPostAccount } from "./japan-post.ts";

describe("fromJapanPostAccount", () => {
  it("converts a savings 記号・番号 (記号 1…) to 9900 / 記号 2nd–3rd digits + 8 / 普通 / 番号 without its final 1", () => {
    expect(fromJapanPostAccount("10180", "12345671")).toEqual({
      ok: true,
      account: { bankCode: "9900", branchCode: "018", accountType: "1", accountNumber: "1234567" },
    });
    // Japan Post's own published example and a short 番号, zero-padded to 7 digits.
    expect(fromJapanPostAccount("10530", "12345671")).toMatchObject({
      account: { branchCode: "058", accountNumber: "1234567" },
    });
    expect(fromJapanPostAccount("17300", "1992761")).toMatchObject({
      account: { branchCode: "738", accountNumber: "0199276" },
    });
    expect(fromJapanPostAccount("14090", "21")).toMatchObject({
      account: { branchCode: "408", accountNumber: "0000002" },
    });
  });

  it("converts a 振替口座 (記号 0…) to 記号 2nd–3rd digits + 9 / 当座 / 番号 padded to 7 digits", () => {
    expect(fromJapanPostAccount("00120", "123456")).toEqual({
      ok: true,
      account: { bankCode: "9900", branchCode: "019", accountType: "2", accountNumber: "0123456" },
    });
    expect(fromJapanPostAccount("09500", "1234567")).toMatchObject({
      account: { branchCode: "959", accountNumber: "1234567" },
    });
  });

  it("gives branches the bank directory knows", () => {
    for (const [symbol, number] of [
      ["10180", "12345671"],
      ["17300", "19927651"],
      ["00120", "123456"],
    ] as const) {
      const result = fromJapanPostAccount(symbol, number);
      if (!result.ok) throw new Error(result.reason);
      expect(findBranch(result.account.bankCode, result.account.branchCode), symbol).not.toBeNull();
    }
  });

  it("accepts full-width digits and surrounding spaces", () => {
    expect(fromJapanPostAccount(" １０１８０ ", "１２３４５６７１")).toMatchObject({
      ok: true,
      account: { branchCode: "018", accountNumber: "1234567" },
    });
  });

  it.each([
    ["1018", "12345671", "invalid_symbol"],
    ["101800", "12345671", "invalid_symbol"],
    ["20180", "12345671", "invalid_symbol"],
    ["1018O", "12345671", "invalid_symbol"],
    ["10180", "123456781", "invalid_number"],
    ["10180", "1", "invalid_number"],
    ["10180", "1234-5671", "invalid_number"],
    ["10180", "", "invalid_number"],
    ["10180", "01", "invalid_number"],
    ["10180", "12345678", "number_must_end_in_1"],
    ["00120", "12345678", "invalid_number"],
    ["00120", "1-123456", "invalid_number"],
    ["00120", "000000", "invalid_number"],
  ])("記号 %s 番号 %s → %s", (symbol, number, reason) => {
    expect(fromJapanPostAccount(symbol, number)).toEqual({ ok: false, reason });
  });
});
