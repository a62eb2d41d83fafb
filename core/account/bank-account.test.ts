import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { bankAccounts } from "#db/schema/index.ts";
import { createMember } from "#tests/helpers/account.ts";
import { createTestCore, failure, said, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import { ZENGIN_DATA_VERSION } from "../banking/bank-directory.ts";
import { bankDestination } from "../money/payouts/bank-destination.ts";
import { bankDisplayName, popularBanks, suggestBanks, suggestBranches } from "./bank-search.ts";
import { getBankAccount } from "./get-bank-account.ts";
import { saveBankAccount } from "./save-bank-account.ts";

const ACCOUNT = {
  bankCode: "0005",
  branchCode: "001",
  accountType: "1",
  accountNumber: "1234567",
  holderName: "ヤマダ　ハナコ",
};

describe("bank names and suggestions from the Zengin directory", () => {
  it("names banks as members know them", () => {
    expect(bankDisplayName({ code: "0001", name: "みずほ" })).toBe("みずほ銀行");
    expect(bankDisplayName({ code: "0005", name: "三菱ＵＦＪ" })).toBe("三菱UFJ銀行");
    expect(bankDisplayName({ code: "0033", name: "ＰａｙＰａｙ" })).toBe("PayPay銀行");
    expect(bankDisplayName({ code: "9900", name: "ゆうちょ" })).toBe("ゆうちょ銀行");
    expect(bankDisplayName({ code: "1001", name: "北海道信金" })).toBe("北海道信金");
    expect(bankDisplayName({ code: "0401", name: "シティバンク、エヌ・エイ" })).toBe(
      "シティバンク、エヌ・エイ",
    );
  });

  it("finds banks by kanji, katakana, hiragana, romaji or code, at most 20", () => {
    for (const query of ["みずほ", "ミズホ", "ﾐｽﾞﾎ", "mizuho", "みずほ銀行", "0001"]) {
      expect(suggestBanks(query)[0], query).toEqual({ code: "0001", name: "みずほ銀行", reading: "みずほ" });
    }
    expect(suggestBanks("三菱UFJ")[0]?.code).toBe("0005");
    expect(suggestBanks("ゆうちょ")[0]?.name).toBe("ゆうちょ銀行");
    expect(suggestBanks("信金").length).toBe(20);
    expect(suggestBanks("")).toEqual([]);
    expect(suggestBanks("   ")).toEqual([]);
  });

  it("finds a bank's branches, at most 20", () => {
    expect(suggestBranches("0001", "とうきょう")[0]).toMatchObject({ code: "001", name: "東京営業部" });
    expect(suggestBranches("0036", "ジャズ")[0]).toMatchObject({ code: "201", name: "ジャズ" });
    expect(suggestBranches("0005", "1").length).toBe(20);
    expect(suggestBranches("9999", "本店")).toEqual([]);
  });

  it("refuses queries that cannot be a name, and a malformed bank code, as bad requests", () => {
    for (const query of ["あ".repeat(51), "a\u0000b", "\ufffd", "x\u007f"]) {
      expect(() => suggestBanks(query), JSON.stringify(query)).toThrow(
        expect.objectContaining({ code: "BAD_REQUEST" }),
      );
    }
    expect(() => suggestBranches("", "本店")).toThrow(expect.objectContaining({ code: "BAD_REQUEST" }));
    expect(() => suggestBranches("01", "本店")).toThrow(expect.objectContaining({ code: "BAD_REQUEST" }));
    expect(suggestBanks("あ".repeat(50))).toEqual([]);
    expect(suggestBanks("みず\tほ\n")[0]?.code).toBe("0001");
  });

  it("offers the popular banks as quick picks", () => {
    expect(popularBanks().map((b) => b.name)).toEqual([
      "三菱UFJ銀行",
      "三井住友銀行",
      "みずほ銀行",
      "ゆうちょ銀行",
      "楽天銀行",
      "PayPay銀行",
      "りそな銀行",
      "ドコモSMTBネット銀行",
    ]);
  });
});

describe.each(ENGINES)("saving a payout account on %s", (engine) => {
  let t: TestCore;
  beforeEach(async () => {
    t = await createTestCore(engine);
  });
  afterEach(async () => {
    await t.close();
  });

  async function row(userId: number) {
    const [found] = await t.ctx.db.select().from(bankAccounts).where(eq(bankAccounts.userId, userId));
    return found;
  }

  it("takes the bank's and branch's names and kana from the directory, with its version", async () => {
    const member = await createMember(t);
    const saved = await saveBankAccount(t.ctx, {
      userId: member.id,
      input: { ...ACCOUNT, bankCode: "０００５", bankName: "適当銀行", branchName: "どこか" },
    });
    expect(saved).toMatchObject({
      bankCode: "0005",
      bankName: "三菱UFJ銀行",
      branchCode: "001",
      branchName: "本店",
    });
    expect(await row(member.id)).toMatchObject({
      bankKana: "ﾐﾂﾋﾞｼﾕ-ｴﾌｼﾞｴｲ",
      branchKana: "ﾎﾝﾃﾝ",
      zenginVersion: ZENGIN_DATA_VERSION,
    });
    // What a payout copies from the account has the same names and the holder in 全銀 kana.
    expect(await bankDestination(t.ctx, member.id)).toMatchObject({
      bankName: "三菱UFJ銀行",
      holderKana: "ﾔﾏﾀﾞ ﾊﾅｺ",
    });
  });

  it("refuses a bank code or a branch code the directory does not know, saving nothing", async () => {
    const member = await createMember(t);
    const bank = await failure(
      saveBankAccount(t.ctx, { userId: member.id, input: { ...ACCOUNT, bankCode: "0002" } }),
    );
    expect(bank.code).toBe("VALIDATION");
    expect(said(bank).fields.bankCode).toEqual({
      ja: "この金融機関コードの金融機関は見つかりません。候補から選ぶか、コードをご確認ください",
      en: "No bank has this bank code. Pick a suggestion or check the code",
    });
    const branch = await failure(
      saveBankAccount(t.ctx, {
        userId: member.id,
        input: { ...ACCOUNT, branchCode: "999", holderName: "山田" },
      }),
    );
    expect(said(branch).fields.branchCode).toEqual({
      ja: "三菱UFJ銀行に、この支店コードの支店は見つかりません",
      en: "三菱UFJ銀行 has no branch with this branch code",
    });
    // Every message at once: the holder name's too.
    expect(said(branch).fields.holderName?.ja).toBe(
      "全角カタカナ・英数字・括弧・全角スペースで入力してください",
    );
    expect(await row(member.id)).toBeUndefined();
  });

  it("keeps the holder name in the katakana the member knows, converting what it can and refusing kanji", async () => {
    const member = await createMember(t);
    for (const holderName of ["山田　花子", "ヤマダ@ハナコ"]) {
      const e = await failure(
        saveBankAccount(t.ctx, { userId: member.id, input: { ...ACCOUNT, holderName } }),
      );
      expect(said(e).fields.holderName, holderName).toEqual({
        ja: "全角カタカナ・英数字・括弧・全角スペースで入力してください",
        en: "Enter full-width katakana, letters, digits, parentheses and full-width spaces",
      });
    }
    expect(await row(member.id)).toBeUndefined();
    // Half-width kana as bank apps show it, spaces of any kind, lower-case full-width letters.
    const saved = await saveBankAccount(t.ctx, {
      userId: member.id,
      input: { ...ACCOUNT, holderName: "  ｷｬﾉﾝ   ﾊﾟｰﾄﾅｰｽﾞ（ｶ ｔｓｕｇｕ " },
    });
    expect(saved.holderName).toBe("キャノン　パートナーズ（カ　ＴＳＵＧＵ");
    expect((await bankDestination(t.ctx, member.id)).holderKana).toBe("ｷﾔﾉﾝ ﾊﾟ-ﾄﾅ-ｽﾞ(ｶ TSUGU");
    // Hiragana (an IME left in hiragana) and ASCII letters are converted rather than refused.
    for (const [typed, kept] of [
      ["やまだ　はなこ", "ヤマダ　ハナコ"],
      ["Yamada Hanako", "ＹＡＭＡＤＡ　ＨＡＮＡＫＯ"],
    ] as const) {
      const again = await saveBankAccount(t.ctx, {
        userId: member.id,
        input: { ...ACCOUNT, holderName: typed },
      });
      expect(again.holderName, typed).toBe(kept);
    }
  });

  it("stores a ゆうちょ 記号・番号 in the Zengin form", async () => {
    const member = await createMember(t);
    const savings = await saveBankAccount(t.ctx, {
      userId: member.id,
      input: {
        holderName: "ユウチョ　タロウ",
        japanPostSymbol: "１０１８０",
        japanPostNumber: "12345671",
        bankCode: "0001",
      },
    });
    expect(savings).toMatchObject({
      bankCode: "9900",
      bankName: "ゆうちょ銀行",
      branchCode: "018",
      branchName: "〇一八",
      accountType: "1",
      accountNumberMasked: "****567",
    });
    expect(await row(member.id)).toMatchObject({
      accountNumber: "1234567",
      bankKana: "ﾕｳﾁﾖ",
      branchKana: "ｾﾞﾛｲﾁﾊﾁ",
      zenginVersion: ZENGIN_DATA_VERSION,
    });
    const transfer = await saveBankAccount(t.ctx, {
      userId: member.id,
      input: { holderName: "ユウチョ　タロウ", japanPostSymbol: "00120", japanPostNumber: "123456" },
    });
    expect(transfer).toMatchObject({ branchCode: "019", accountType: "2", accountNumberMasked: "****456" });
    // The Zengin form itself is accepted for ゆうちょ too.
    const direct = await saveBankAccount(t.ctx, {
      userId: member.id,
      input: { ...ACCOUNT, bankCode: "9900", branchCode: "018", accountNumber: "7654321" },
    });
    expect(direct).toMatchObject({
      bankName: "ゆうちょ銀行",
      branchName: "〇一八",
      accountNumberMasked: "****321",
    });
  });

  it("refuses a wrong 記号・番号 with a message beside each, saving nothing", async () => {
    const member = await createMember(t);
    const cases = [
      [{ japanPostSymbol: "", japanPostNumber: "" }, "japanPostSymbol", "記号を入力してください"],
      [
        { japanPostSymbol: "20180", japanPostNumber: "12345671" },
        "japanPostSymbol",
        "記号は「0」または「1」で始まる5桁の数字で入力してください",
      ],
      [
        { japanPostSymbol: "10180", japanPostNumber: "123456789" },
        "japanPostNumber",
        "番号は8桁以内の数字で入力してください",
      ],
      [
        { japanPostSymbol: "10180", japanPostNumber: "12345678" },
        "japanPostNumber",
        "番号の末尾は「1」です。通帳に記載の番号をご確認ください",
      ],
      [
        { japanPostSymbol: "11580", japanPostNumber: "12345671" },
        "japanPostSymbol",
        "この記号の店は見つかりません。通帳に記載の記号をご確認ください",
      ],
    ] as const;
    for (const [input, field, ja] of cases) {
      const e = await failure(
        saveBankAccount(t.ctx, { userId: member.id, input: { holderName: "ヤマダ", ...input } }),
      );
      expect(said(e).fields[field]?.ja, JSON.stringify(input)).toBe(ja);
    }
    const missing = await failure(
      saveBankAccount(t.ctx, { userId: member.id, input: { japanPostSymbol: "10180", japanPostNumber: "" } }),
    );
    expect(said(missing).fields.japanPostNumber?.en).toBe("Number is required");
    expect(said(missing).fields.holderName?.en).toBe("Account holder (katakana) is required");
    expect(await getBankAccount(t.ctx, member.id)).toBeNull();
  });

  it("survives malformed input with messages, never a crash", async () => {
    const member = await createMember(t);
    const e = await failure(
      saveBankAccount(t.ctx, {
        userId: member.id,
        input: {
          bankCode: "\u0000",
          branchCode: "9".repeat(5000),
          accountType: "abc",
          accountNumber: "１２３",
          holderName: "ヤ".repeat(31),
        } as never,
      }),
    );
    expect(Object.keys(said(e).fields).sort()).toEqual([
      "accountNumber",
      "accountType",
      "bankCode",
      "branchCode",
      "holderName",
    ]);
    const empty = await failure(saveBankAccount(t.ctx, { userId: member.id, input: {} }));
    expect(said(empty).fields.bankCode?.ja).toBe("金融機関コードを入力してください");
  });
});
