import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { bankAccounts, users } from "#db/schema/index.ts";
import { createMember } from "#tests/helpers/account.ts";
import { createTestCore, failure, said, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import { getAddress } from "./get-address.ts";
import { getBankAccount } from "./get-bank-account.ts";
import { saveAddress } from "./save-address.ts";
import { saveBankAccount } from "./save-bank-account.ts";
import { completeSellerSetup, needsSellerSetup } from "./seller-setup.ts";

const ADDRESS = {
  familyName: "山田",
  givenName: "花子",
  familyNameKana: "ヤマダ",
  givenNameKana: "ハナコ",
  postalCode: "100-0001",
  prefectureCode: "13",
  city: "千代田区",
  street: "千代田1-1",
  building: "",
  phone: "03-1234-5678",
};

const BANK = {
  bankCode: "0001",
  bankName: "みずほ銀行",
  branchCode: "001",
  branchName: "東京営業部",
  accountType: "1",
  accountNumber: "1234567",
  holderName: "ヤマダ ハナコ",
};

describe.each(ENGINES)("account settings on %s", (engine) => {
  let t: TestCore;
  beforeEach(async () => {
    t = await createTestCore(engine);
  });
  afterEach(async () => {
    await t.close();
  });

  it("saves an address, normalising what people type, and replaces it on the next save", async () => {
    const member = await createMember(t);
    expect(await getAddress(t.ctx, member.id)).toBeNull();
    const saved = await saveAddress(t.ctx, {
      userId: member.id,
      input: {
        ...ADDRESS,
        postalCode: "１００－０００１",
        phone: "０３－１２３４－５６７８",
        familyName: " 山田 ",
      },
    });
    expect(saved).toMatchObject({ familyName: "山田", postalCode: "1000001", phone: "0312345678" });
    await saveAddress(t.ctx, {
      userId: member.id,
      input: { ...ADDRESS, street: "千代田2-2", building: "ツグハイツ101" },
    });
    const again = await getAddress(t.ctx, member.id);
    expect(again).toMatchObject({ street: "千代田2-2", building: "ツグハイツ101", prefectureCode: "13" });
  });

  it("refuses a wrong address with a message beside each field, in both languages", async () => {
    const member = await createMember(t);
    const e = await failure(
      saveAddress(t.ctx, {
        userId: member.id,
        input: {
          ...ADDRESS,
          familyName: "",
          familyNameKana: "山田",
          givenNameKana: "Hanako",
          postalCode: "123456",
          prefectureCode: "48",
          phone: "03-1234",
        },
      }),
    );
    expect(e.code).toBe("VALIDATION");
    expect(said(e).fields.familyName).toEqual({ ja: "姓を入力してください", en: "Family name is required" });
    expect(said(e).fields.familyNameKana).toEqual({
      ja: "全角カタカナで入力してください",
      en: "Enter full-width katakana",
    });
    expect(said(e).fields.givenNameKana?.en).toBe("Enter full-width katakana");
    expect(said(e).fields.postalCode).toEqual({ ja: "7桁の数字で入力してください", en: "Enter 7 digits" });
    expect(said(e).fields.prefectureCode).toEqual({
      ja: "都道府県が正しくありません",
      en: "Prefecture is not valid",
    });
    expect(said(e).fields.phone).toEqual({
      ja: "10桁または11桁の数字で入力してください",
      en: "Enter 10 or 11 digits",
    });
    expect(said(e).fields.building).toBeUndefined();
    expect(await getAddress(t.ctx, member.id)).toBeNull();
    const missing = await failure(saveAddress(t.ctx, { userId: member.id, input: {} as never }));
    expect(said(missing).fields.postalCode?.ja).toBe("郵便番号を入力してください");
    // A choice left empty asks to choose.
    expect(said(missing).fields.prefectureCode).toEqual({
      ja: "都道府県を選択してください",
      en: "Please select an option for Prefecture",
    });
    const label = await failure(
      saveAddress(t.ctx, { userId: member.id, input: { ...ADDRESS, street: "千代田①-Ⅱ" } }),
    );
    expect(said(label).fields.street?.ja).toBe("使用できない文字が含まれています");
  });

  it("saves a payout account and never answers the full account number", async () => {
    const member = await createMember(t);
    const saved = await saveBankAccount(t.ctx, { userId: member.id, input: BANK });
    expect(saved).toMatchObject({ bankCode: "0001", accountType: "1", accountNumberMasked: "****567" });
    // An ASCII space between family and given name becomes the full-width space banks use.
    expect(saved.holderName).toBe("ヤマダ\u3000ハナコ");
    expect(JSON.stringify(await getBankAccount(t.ctx, member.id))).not.toContain("1234567");
    const [row] = await t.ctx.db.select().from(bankAccounts).where(eq(bankAccounts.userId, member.id));
    expect(row!.accountNumber).toBe("1234567");
  });

  it("keeps the saved account number when it is left blank, and requires it the first time", async () => {
    const member = await createMember(t);
    const first = await failure(
      saveBankAccount(t.ctx, { userId: member.id, input: { ...BANK, accountNumber: "" } }),
    );
    expect(said(first).fields.accountNumber).toEqual({
      ja: "口座番号を入力してください",
      en: "Account number is required",
    });
    await saveBankAccount(t.ctx, { userId: member.id, input: BANK });
    const changed = await saveBankAccount(t.ctx, {
      userId: member.id,
      input: { ...BANK, accountNumber: "", branchCode: "１１０", accountType: "2" },
    });
    expect(changed).toMatchObject({ branchCode: "110", accountType: "2", accountNumberMasked: "****567" });
  });

  it("refuses a wrong payout account with the rules' messages", async () => {
    const member = await createMember(t);
    const e = await failure(
      saveBankAccount(t.ctx, {
        userId: member.id,
        input: {
          ...BANK,
          bankCode: "12",
          branchCode: "12a",
          accountType: "3",
          accountNumber: "12345678",
          holderName: "山田　花子",
        },
      }),
    );
    expect(said(e).fields.bankCode).toEqual({
      ja: "金融機関コードは4桁の数字で入力してください",
      en: "Bank code must be 4 digits",
    });
    expect(said(e).fields.branchCode?.ja).toBe("支店コードは3桁の数字で入力してください");
    expect(said(e).fields.accountType?.en).toBe("Account type is not valid");
    expect(said(e).fields.accountNumber?.en).toBe("Account number must be 7 digits");
    expect(said(e).fields.holderName).toEqual({
      ja: "全角カタカナ・英数字・括弧・全角スペースで入力してください",
      en: "Enter full-width katakana, letters, digits, parentheses and full-width spaces",
    });
    expect(await getBankAccount(t.ctx, member.id)).toBeNull();
  });

  it("sends a first-time seller through setup once an address and an account are saved", async () => {
    const member = await createMember(t);
    expect(await needsSellerSetup(t.ctx, member.id)).toBe(true);
    expect(await completeSellerSetup(t.ctx, member.id)).toEqual({ missing: "address" });
    await saveAddress(t.ctx, { userId: member.id, input: ADDRESS });
    expect(await completeSellerSetup(t.ctx, member.id)).toEqual({ missing: "bank-account" });
    expect(await needsSellerSetup(t.ctx, member.id)).toBe(true);
    await saveBankAccount(t.ctx, { userId: member.id, input: BANK });
    const setupAt = t.clock.now();
    const done = await completeSellerSetup(t.ctx, member.id);
    expect(done).toEqual({ completedAt: setupAt });
    expect(await needsSellerSetup(t.ctx, member.id)).toBe(false);
    // Completing again keeps the first date.
    t.clock.advance(60_000);
    expect(await completeSellerSetup(t.ctx, member.id)).toEqual(done);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, member.id));
    expect(row!.sellerSetupAt).toEqual(setupAt);
    // Someone else's setup is their own.
    expect(await needsSellerSetup(t.ctx, (await createMember(t)).id)).toBe(true);
  });
});
