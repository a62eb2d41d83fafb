import { readFileSync } from "node:fs";
import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import { findBank, findBranch } from "./bank-directory.ts";
import {
  readZenginTransferFile,
  writeZenginTransferFile,
  ZenginFileError,
  type ZenginTransfer,
  type ZenginTransferFileInput,
} from "./zengin-file.ts";

const GOLDEN = new URL("../../tests/fixtures/zengin/sogo-furikomi-2026-11-24.dat", import.meta.url);

// Kana written out here rather than looked up, so a new directory release cannot move the golden
// file; a separate test checks they are what the directory says.
const INPUT: ZenginTransferFileInput = {
  requester: {
    code: "1234567890",
    name: "カ）ツグ",
    bankCode: "0001",
    bankName: "ミズホ",
    branchCode: "001",
    branchName: "トウキヨウ",
    accountType: "1",
    accountNumber: "7654321",
  },
  transferDate: "2026-11-24",
  transfers: [
    {
      reference: 1,
      bankCode: "0005",
      bankKana: "ミツビシユ－エフジエイ",
      branchCode: "001",
      branchKana: "ホンテン",
      accountType: "1",
      accountNumber: "1234567",
      holderKana: "ヤマダ　タロウ",
      amount: 12_345,
    },
    {
      reference: 42,
      bankCode: "9900",
      bankKana: "ユウチヨ",
      branchCode: "018",
      branchKana: "ゼロイチハチ",
      accountType: "1",
      accountNumber: "123",
      holderKana: "ジョン・スミス",
      amount: 250,
    },
    {
      reference: 9_876_543_210,
      bankCode: "0033",
      bankKana: "ペイペイ",
      branchCode: "002",
      branchKana: "スズメ",
      accountType: "2",
      accountNumber: "7777777",
      holderKana: "キャノンマーケティングジャパン（カ）トウキョウシテンエイギョウブ",
      amount: 9_999_999_999,
    },
  ],
};

const line = (bytes: Uint8Array, index: number) =>
  iconv.decode(Buffer.from(bytes.subarray(index * 122, index * 122 + 120)), "Shift_JIS");

describe("writeZenginTransferFile", () => {
  it("writes the committed golden file byte for byte", () => {
    const golden = new Uint8Array(readFileSync(GOLDEN));
    expect(Buffer.from(writeZenginTransferFile(INPUT)).equals(golden)).toBe(true);
  });

  it("writes six 120-byte records, each followed by CR LF", () => {
    const bytes = writeZenginTransferFile(INPUT);
    expect(bytes.length).toBe(6 * 122);
    for (let index = 0; index < 6; index++) {
      expect([bytes[index * 122 + 120], bytes[index * 122 + 121]]).toEqual([0x0d, 0x0a]);
    }
    // Half-width kana are single Shift_JIS bytes: ﾐ is 0xD0.
    expect(bytes.indexOf(0xd0)).toBe(62);
  });

  it("puts every header field at its offset", () => {
    const header = line(writeZenginTransferFile(INPUT), 0);
    expect(header.slice(0, 1)).toBe("1"); // データ区分
    expect(header.slice(1, 3)).toBe("21"); // 種別コード 総合振込
    expect(header.slice(3, 4)).toBe("0"); // コード区分
    expect(header.slice(4, 14)).toBe("1234567890"); // 振込依頼人コード
    expect(header.slice(14, 54)).toBe("ｶ)ﾂｸﾞ".padEnd(40)); // 振込依頼人名
    expect(header.slice(54, 58)).toBe("1124"); // 振込指定日
    expect(header.slice(58, 62)).toBe("0001"); // 仕向銀行番号
    expect(header.slice(62, 77)).toBe("ﾐｽﾞﾎ".padEnd(15)); // 仕向銀行名
    expect(header.slice(77, 80)).toBe("001"); // 仕向支店番号
    expect(header.slice(80, 95)).toBe("ﾄｳｷﾖｳ".padEnd(15)); // 仕向支店名
    expect(header.slice(95, 96)).toBe("1"); // 預金種目
    expect(header.slice(96, 103)).toBe("7654321"); // 口座番号
    expect(header.slice(103, 120)).toBe(" ".repeat(17)); // ダミー
  });

  it("puts every data field at its offset, padding numbers and cutting long names", () => {
    const bytes = writeZenginTransferFile(INPUT);
    const first = line(bytes, 1);
    expect(first.slice(0, 1)).toBe("2"); // データ区分
    expect(first.slice(1, 5)).toBe("0005"); // 被仕向銀行番号
    expect(first.slice(5, 20)).toBe("ﾐﾂﾋﾞｼﾕ-ｴﾌｼﾞｴｲ".padEnd(15)); // 被仕向銀行名
    expect(first.slice(20, 23)).toBe("001"); // 被仕向支店番号
    expect(first.slice(23, 38)).toBe("ﾎﾝﾃﾝ".padEnd(15)); // 被仕向支店名
    expect(first.slice(38, 42)).toBe("0000"); // 手形交換所番号
    expect(first.slice(42, 43)).toBe("1"); // 預金種目
    expect(first.slice(43, 50)).toBe("1234567"); // 口座番号
    expect(first.slice(50, 80)).toBe("ﾔﾏﾀﾞ ﾀﾛｳ".padEnd(30)); // 受取人名
    expect(first.slice(80, 90)).toBe("0000012345"); // 振込金額
    expect(first.slice(90, 91)).toBe("0"); // 新規コード
    expect(first.slice(91, 101)).toBe("0000000001"); // 顧客コード1
    expect(first.slice(101, 111)).toBe("0000000000"); // 顧客コード2
    expect(first.slice(111, 112)).toBe("7"); // 振込指定区分 電信
    expect(first.slice(112, 113)).toBe(" "); // 識別表示
    expect(first.slice(113, 120)).toBe(" ".repeat(7)); // ダミー

    const second = line(bytes, 2);
    expect(second.slice(43, 50)).toBe("0000123");
    expect(second.slice(50, 80)).toBe("ｼﾞﾖﾝ.ｽﾐｽ".padEnd(30));

    const third = line(bytes, 3);
    expect(third.slice(42, 43)).toBe("2");
    expect(third.slice(50, 80)).toBe("ｷﾔﾉﾝﾏ-ｹﾃｲﾝｸﾞｼﾞﾔﾊﾟﾝ(ｶ)ﾄｳｷﾖｳｼﾃﾝｴ");
    expect(third.slice(80, 90)).toBe("9999999999");
    expect(third.slice(91, 101)).toBe("9876543210");
  });

  it("closes with a trailer of count and total and an end record", () => {
    const bytes = writeZenginTransferFile(INPUT);
    expect(line(bytes, 4)).toBe(`8000003010000012594${" ".repeat(101)}`);
    expect(line(bytes, 5)).toBe(`9${" ".repeat(119)}`);
  });

  it("uses the directory's kana for the banks and branches of the golden file", () => {
    const { requester, transfers } = INPUT;
    expect(findBank(requester.bankCode)?.kana).toBe("ﾐｽﾞﾎ");
    expect(findBranch(requester.bankCode, requester.branchCode)?.kana).toBe("ﾄｳｷﾖｳ");
    for (const transfer of transfers) {
      const written = readZenginTransferFile(writeZenginTransferFile({ ...INPUT, transfers: [transfer] }));
      expect(written.transfers[0]?.bankKana).toBe(findBank(transfer.bankCode)?.kana);
      expect(written.transfers[0]?.branchKana).toBe(findBranch(transfer.bankCode, transfer.branchCode)?.kana);
    }
  });

  const transfer = INPUT.transfers[0]!;
  const withTransfer = (change: Partial<ZenginTransfer>): ZenginTransferFileInput => ({
    ...INPUT,
    transfers: [{ ...transfer, ...change }],
  });

  it.each([
    ["transfers[0].holderKana", withTransfer({ holderKana: "山田　太郎" })],
    ["transfers[0].holderKana", withTransfer({ holderKana: "　" })],
    ["transfers[0].bankKana", withTransfer({ bankKana: "みずほ銀行" })],
    ["requester.name", { ...INPUT, requester: { ...INPUT.requester, name: "株式会社ツグ" } }],
    ["requester.code", { ...INPUT, requester: { ...INPUT.requester, code: "12345678901" } }],
    ["requester.bankCode", { ...INPUT, requester: { ...INPUT.requester, bankCode: "1" } }],
    ["transfers[0].branchCode", withTransfer({ branchCode: "0018" })],
    ["transfers[0].accountNumber", withTransfer({ accountNumber: "12345678" })],
    ["transfers[0].accountNumber", withTransfer({ accountNumber: "12-34" })],
    ["transfers[0].accountType", withTransfer({ accountType: "3" as "1" })],
    ["transfers[0].amount", withTransfer({ amount: 0 })],
    ["transfers[0].amount", withTransfer({ amount: 10.5 })],
    ["transfers[0].amount", withTransfer({ amount: 10_000_000_000 })],
    ["transfers[0].reference", withTransfer({ reference: 10_000_000_000 })],
    ["transfers[0].reference", withTransfer({ reference: -1 })],
    ["transferDate", { ...INPUT, transferDate: "2026-11-31" }],
    ["transfers", { ...INPUT, transfers: [] }],
    ["transfers", { ...INPUT, transfers: Array(101).fill({ ...transfer, amount: 9_999_999_999 }) }],
  ])("throws on a bad %s", (field, input) => {
    expect(() => writeZenginTransferFile(input as ZenginTransferFileInput)).toThrow(
      expect.objectContaining({ name: "ZenginFileError", field }),
    );
  });
});

describe("readZenginTransferFile", () => {
  it("reads back what was written, with half-width names and padded account numbers", () => {
    const file = readZenginTransferFile(new Uint8Array(readFileSync(GOLDEN)));
    expect(file.requester).toEqual({
      code: "1234567890",
      name: "ｶ)ﾂｸﾞ",
      bankCode: "0001",
      bankName: "ﾐｽﾞﾎ",
      branchCode: "001",
      branchName: "ﾄｳｷﾖｳ",
      accountType: "1",
      accountNumber: "7654321",
    });
    expect(file.transferMonthDay).toBe("1124");
    expect(file.count).toBe(3);
    expect(file.total).toBe(10_000_012_594);
    expect(file.transfers).toEqual([
      {
        reference: 1,
        bankCode: "0005",
        bankKana: "ﾐﾂﾋﾞｼﾕ-ｴﾌｼﾞｴｲ",
        branchCode: "001",
        branchKana: "ﾎﾝﾃﾝ",
        accountType: "1",
        accountNumber: "1234567",
        holderKana: "ﾔﾏﾀﾞ ﾀﾛｳ",
        amount: 12_345,
      },
      {
        reference: 42,
        bankCode: "9900",
        bankKana: "ﾕｳﾁﾖ",
        branchCode: "018",
        branchKana: "ｾﾞﾛｲﾁﾊﾁ",
        accountType: "1",
        accountNumber: "0000123",
        holderKana: "ｼﾞﾖﾝ.ｽﾐｽ",
        amount: 250,
      },
      {
        reference: 9_876_543_210,
        bankCode: "0033",
        bankKana: "ﾍﾟｲﾍﾟｲ",
        branchCode: "002",
        branchKana: "ｽｽﾞﾒ",
        accountType: "2",
        accountNumber: "7777777",
        holderKana: "ｷﾔﾉﾝﾏ-ｹﾃｲﾝｸﾞｼﾞﾔﾊﾟﾝ(ｶ)ﾄｳｷﾖｳｼﾃﾝｴ",
        amount: 9_999_999_999,
      },
    ]);
  });

  it("reads a file without line breaks, and blank unused numeric fields", () => {
    const bytes = writeZenginTransferFile(INPUT);
    const records = Array.from({ length: 6 }, (_, index) => bytes.subarray(index * 122, index * 122 + 120));
    const unbroken = Buffer.concat(records);
    expect(readZenginTransferFile(unbroken)).toEqual(readZenginTransferFile(bytes));
    const blank = Buffer.from(bytes);
    blank.write("    ", 122 + 38, "latin1"); // 手形交換所番号
    blank.write("          ", 122 + 101, "latin1"); // 顧客コード2
    expect(readZenginTransferFile(blank).transfers[0]).toEqual(readZenginTransferFile(bytes).transfers[0]);
  });

  it("rejects files that are cut, out of order, miscounted or not 総合振込", () => {
    const bytes = Buffer.from(writeZenginTransferFile(INPUT));
    const rejects = (broken: Uint8Array, field: string) =>
      expect(() => readZenginTransferFile(broken)).toThrow(expect.objectContaining({ field }));
    rejects(bytes.subarray(0, bytes.length - 10), "record 6");
    rejects(bytes.subarray(0, 4 * 122), "file");
    rejects(Buffer.concat([bytes.subarray(122, 244), bytes.subarray(0, 122), bytes.subarray(244)]), "file");
    const lf = Buffer.from(bytes);
    lf[120] = 0x0a;
    rejects(lf, "record 1");
    const miscounted = Buffer.from(bytes);
    miscounted.write("000002", 4 * 122 + 1, "latin1");
    rejects(miscounted, "trailer.count");
    const mistotalled = Buffer.from(bytes);
    mistotalled.write("010000012595", 4 * 122 + 7, "latin1");
    rejects(mistotalled, "trailer.total");
    const notSogo = Buffer.from(bytes);
    notSogo.write("11", 1, "latin1");
    rejects(notSogo, "header");
    const letterInAmount = Buffer.from(bytes);
    letterInAmount.write("A", 122 + 85, "latin1");
    rejects(letterInAmount, "transfers[0].amount");
  });

  it("throws ZenginFileError", () => {
    expect(() => readZenginTransferFile(new Uint8Array(10))).toThrow(ZenginFileError);
  });
});
