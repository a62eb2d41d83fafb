import iconv from "iconv-lite";
import { isCalendarDate } from "../shared/validation/tokyo-clock.ts";
import { toZenginKana, ZenginCharacterError } from "./kana.ts";

// The 全銀協 総合振込 (bulk credit transfer) file every Japanese bank accepts: fixed 120-byte
// records in Shift_JIS, each followed by CR LF — one header, one data record per transfer, a
// trailer with the count and total, an end record. Numbers are right-aligned and zero-padded,
// text left-aligned and space-padded, in half-width kana, upper-case Latin and digits only.

/** 預金種目: 1 普通, 2 当座, 4 貯蓄, 9 その他. */
export type ZenginAccountType = "1" | "2" | "4" | "9";

/** Our own account the money leaves from, and the 振込依頼人コード the bank gave us. */
export type ZenginRequester = {
  /** 振込依頼人コード, up to 10 digits. */
  code: string;
  /** 依頼人名 in kana (full- or half-width); longer than 40 characters is cut. */
  name: string;
  bankCode: string;
  bankName: string;
  branchCode: string;
  branchName: string;
  accountType: ZenginAccountType;
  accountNumber: string;
};

export type ZenginTransfer = {
  /** Our payout id, written as 顧客コード1 so the bank's return report can be matched back. */
  reference: number;
  bankCode: string;
  bankKana: string;
  branchCode: string;
  branchKana: string;
  accountType: ZenginAccountType;
  /** Up to 7 digits; zero-padded. */
  accountNumber: string;
  /** 受取人名 in kana (full- or half-width); longer than 30 characters is cut. */
  holderKana: string;
  /** Yen, 1 to 9,999,999,999. */
  amount: number;
};

export type ZenginTransferFileInput = {
  requester: ZenginRequester;
  /** 振込指定日, a Tokyo banking day `YYYY-MM-DD` (only MMDD is written). */
  transferDate: string;
  transfers: readonly ZenginTransfer[];
};

/** A file read back. Names come out half-width, as written; the file carries no year. */
export type ZenginTransferFile = {
  requester: ZenginRequester;
  /** 振込指定日 as written, `MMDD`. */
  transferMonthDay: string;
  transfers: ZenginTransfer[];
  count: number;
  total: number;
};

/** Input that cannot be written, or bytes that are not a 総合振込 file; `field` says where. */
export class ZenginFileError extends Error {
  readonly field: string;
  constructor(field: string, problem: string) {
    super(`${field}: ${problem}`);
    this.name = "ZenginFileError";
    this.field = field;
  }
}

const RECORD_LENGTH = 120;
const CRLF = [0x0d, 0x0a];
const MAX_AMOUNT = 9_999_999_999;
const MAX_TOTAL = 999_999_999_999;
const MAX_COUNT = 999_999;
const ACCOUNT_TYPES: readonly string[] = ["1", "2", "4", "9"];

/** `N` numeric (right-aligned, zero-padded), `C` text (left-aligned, space-padded). */
type Field = readonly [name: string, kind: "N" | "C", width: number];

// The layouts, read left to right; each adds up to 120 (checked below).
const HEADER: readonly Field[] = [
  ["dataType", "N", 1], // データ区分 1
  ["typeCode", "N", 2], // 種別コード 21 総合振込
  ["codeDivision", "N", 1], // コード区分 0 (JIS/Shift_JIS)
  ["code", "N", 10], // 振込依頼人コード
  ["name", "C", 40], // 振込依頼人名
  ["transferMonthDay", "N", 4], // 振込指定日 MMDD
  ["bankCode", "N", 4], // 仕向銀行番号
  ["bankName", "C", 15], // 仕向銀行名
  ["branchCode", "N", 3], // 仕向支店番号
  ["branchName", "C", 15], // 仕向支店名
  ["accountType", "N", 1], // 預金種目 (依頼人)
  ["accountNumber", "N", 7], // 口座番号 (依頼人)
  ["dummy", "C", 17],
];
const DATA: readonly Field[] = [
  ["dataType", "N", 1], // データ区分 2
  ["bankCode", "N", 4], // 被仕向銀行番号
  ["bankKana", "C", 15], // 被仕向銀行名
  ["branchCode", "N", 3], // 被仕向支店番号
  ["branchKana", "C", 15], // 被仕向支店名
  ["clearingHouse", "N", 4], // 手形交換所番号 (unused: 0000)
  ["accountType", "N", 1], // 預金種目
  ["accountNumber", "N", 7], // 口座番号
  ["holderKana", "C", 30], // 受取人名
  ["amount", "N", 10], // 振込金額
  ["newCode", "N", 1], // 新規コード 0 (その他)
  ["reference", "N", 10], // 顧客コード1: our payout id
  ["customerCode2", "N", 10], // 顧客コード2 (unused: zeros)
  ["transferKind", "C", 1], // 振込指定区分 7 電信
  ["ediFlag", "C", 1], // 識別表示 (space: no EDI)
  ["dummy", "C", 7],
];
const TRAILER: readonly Field[] = [
  ["dataType", "N", 1], // データ区分 8
  ["count", "N", 6], // 合計件数
  ["total", "N", 12], // 合計金額
  ["dummy", "C", 101],
];
const END: readonly Field[] = [
  ["dataType", "N", 1], // データ区分 9
  ["dummy", "C", 119],
];

for (const layout of [HEADER, DATA, TRAILER, END]) {
  const width = layout.reduce((sum, [, , fieldWidth]) => sum + fieldWidth, 0);
  if (width !== RECORD_LENGTH) throw new Error(`A 全銀 layout adds up to ${width} bytes, not 120`);
}

/**
 * The 総合振込 file for one transfer date, as the Shift_JIS bytes to upload to the bank.
 *
 * @throws ZenginFileError on a malformed code, account number, date or amount, a character the
 * 全銀 set cannot carry, or no transfers at all.
 */
export function writeZenginTransferFile(o: ZenginTransferFileInput): Uint8Array {
  const { requester, transferDate, transfers } = o;
  if (!isCalendarDate(transferDate)) throw new ZenginFileError("transferDate", "not a YYYY-MM-DD date");
  if (transfers.length === 0) throw new ZenginFileError("transfers", "no transfers to write");
  if (transfers.length > MAX_COUNT) throw new ZenginFileError("transfers", `more than ${MAX_COUNT}`);
  checkCodes("requester", requester);
  const records = [
    record(HEADER, "requester", {
      ...requester,
      dataType: "1",
      typeCode: "21",
      codeDivision: "0",
      transferMonthDay: transferDate.slice(5, 7) + transferDate.slice(8, 10),
    }),
  ];
  let total = 0;
  transfers.forEach((transfer, index) => {
    const at = `transfers[${index}]`;
    checkCodes(at, transfer);
    if (!Number.isSafeInteger(transfer.amount) || transfer.amount < 1 || transfer.amount > MAX_AMOUNT) {
      throw new ZenginFileError(`${at}.amount`, `not a whole number of yen from 1 to ${MAX_AMOUNT}`);
    }
    if (!Number.isSafeInteger(transfer.reference) || transfer.reference < 0) {
      throw new ZenginFileError(`${at}.reference`, "not a non-negative whole number");
    }
    if (zenginText(transfer.holderKana, `${at}.holderKana`).trim() === "") {
      throw new ZenginFileError(`${at}.holderKana`, "empty");
    }
    total += transfer.amount;
    records.push(
      record(DATA, at, {
        ...transfer,
        dataType: "2",
        clearingHouse: "0",
        amount: String(transfer.amount),
        newCode: "0",
        reference: String(transfer.reference),
        customerCode2: "0",
        transferKind: "7",
        ediFlag: "",
      }),
    );
  });
  if (total > MAX_TOTAL) throw new ZenginFileError("transfers", `the total exceeds ${MAX_TOTAL} yen`);
  records.push(
    record(TRAILER, "trailer", { dataType: "8", count: String(transfers.length), total: String(total) }),
  );
  records.push(record(END, "end", { dataType: "9" }));

  const bytes = new Uint8Array(records.length * (RECORD_LENGTH + CRLF.length));
  records.forEach((line, index) => {
    const encoded = iconv.encode(line, "Shift_JIS");
    // Every allowed character is one byte in Shift_JIS; anything else would shift every field.
    if (encoded.length !== RECORD_LENGTH) throw new Error(`A 全銀 record encoded to ${encoded.length} bytes`);
    bytes.set(encoded, index * (RECORD_LENGTH + CRLF.length));
    bytes.set(CRLF, index * (RECORD_LENGTH + CRLF.length) + RECORD_LENGTH);
  });
  return bytes;
}

function checkCodes(
  at: string,
  account: { bankCode: string; branchCode: string; accountType: string; accountNumber: string },
) {
  if (!/^\d{4}$/.test(account.bankCode)) throw new ZenginFileError(`${at}.bankCode`, "not 4 digits");
  if (!/^\d{3}$/.test(account.branchCode)) throw new ZenginFileError(`${at}.branchCode`, "not 3 digits");
  if (!ACCOUNT_TYPES.includes(account.accountType)) {
    throw new ZenginFileError(`${at}.accountType`, "not 1, 2, 4 or 9");
  }
  if (!/^\d{1,7}$/.test(account.accountNumber)) {
    throw new ZenginFileError(`${at}.accountNumber`, "not 1 to 7 digits");
  }
}

/** One record as a 120-character string; `values` not named by the layout are ignored. */
function record(layout: readonly Field[], at: string, values: Record<string, unknown>): string {
  let line = "";
  for (const [name, kind, width] of layout) {
    const value = values[name] ?? "";
    if (typeof value !== "string") throw new ZenginFileError(`${at}.${name}`, "not a string");
    if (kind === "N") {
      if (!/^\d+$/.test(value) || value.length > width) {
        throw new ZenginFileError(`${at}.${name}`, `not 1 to ${width} digits`);
      }
      line += value.padStart(width, "0");
    } else {
      line += zenginText(value, `${at}.${name}`).slice(0, width).padEnd(width, " ");
    }
  }
  return line;
}

function zenginText(value: string, field: string): string {
  try {
    return toZenginKana(value);
  } catch (error) {
    if (error instanceof ZenginCharacterError) {
      throw new ZenginFileError(field, `"${error.character}" cannot be written in a 全銀 file`);
    }
    throw error;
  }
}

/**
 * Reads a 総合振込 file back (the tests, and the back office's preview of a run's file): records
 * of 120 bytes, each followed by CR LF or by nothing.
 *
 * @throws ZenginFileError when the bytes are not one header, data records, a trailer and an end
 * record, a numeric field holds something else, or the trailer's count or total disagrees.
 */
export function readZenginTransferFile(bytes: Uint8Array): ZenginTransferFile {
  const records = splitRecords(bytes);
  const kinds = records.map((line) => String.fromCharCode(line[0]!)).join("");
  if (!/^12*89$/.test(kinds)) {
    throw new ZenginFileError("file", `records ${kinds} are not a header, data, a trailer and an end`);
  }
  const header = fields(HEADER, records[0]!, "header");
  if (header.typeCode !== "21" || header.codeDivision !== "0") {
    throw new ZenginFileError(
      "header",
      `種別 ${header.typeCode} コード区分 ${header.codeDivision} is not 総合振込`,
    );
  }
  const transfers = records.slice(1, -2).map((line, index): ZenginTransfer => {
    const data = fields(DATA, line, `transfers[${index}]`);
    return {
      reference: Number(data.reference),
      bankCode: data.bankCode!,
      bankKana: data.bankKana!,
      branchCode: data.branchCode!,
      branchKana: data.branchKana!,
      accountType: accountTypeOf(data.accountType!, `transfers[${index}].accountType`),
      accountNumber: data.accountNumber!,
      holderKana: data.holderKana!,
      amount: Number(data.amount),
    };
  });
  const trailer = fields(TRAILER, records.at(-2)!, "trailer");
  const count = Number(trailer.count);
  const total = Number(trailer.total);
  if (count !== transfers.length) {
    throw new ZenginFileError("trailer.count", `${count}, but the file has ${transfers.length} transfers`);
  }
  const sum = transfers.reduce((running, transfer) => running + transfer.amount, 0);
  if (total !== sum)
    throw new ZenginFileError("trailer.total", `${total}, but the transfers add up to ${sum}`);
  return {
    requester: {
      code: header.code!,
      name: header.name!,
      bankCode: header.bankCode!,
      bankName: header.bankName!,
      branchCode: header.branchCode!,
      branchName: header.branchName!,
      accountType: accountTypeOf(header.accountType!, "header.accountType"),
      accountNumber: header.accountNumber!,
    },
    transferMonthDay: header.transferMonthDay!,
    transfers,
    count,
    total,
  };
}

function splitRecords(bytes: Uint8Array): Uint8Array[] {
  const records: Uint8Array[] = [];
  let at = 0;
  while (at < bytes.length) {
    if (at + RECORD_LENGTH > bytes.length) {
      throw new ZenginFileError(`record ${records.length + 1}`, "shorter than 120 bytes");
    }
    records.push(bytes.subarray(at, at + RECORD_LENGTH));
    at += RECORD_LENGTH;
    if (bytes[at] === 0x0d && bytes[at + 1] === 0x0a) at += 2;
    else if (bytes[at] === 0x0d || bytes[at] === 0x0a) {
      throw new ZenginFileError(`record ${records.length}`, "followed by a lone CR or LF, not CR LF");
    }
  }
  return records;
}

// Unused numeric fields are sometimes written as spaces rather than zeros.
const MAY_BE_BLANK = new Set(["clearingHouse", "customerCode2"]);

function fields(layout: readonly Field[], line: Uint8Array, at: string): Record<string, string> {
  const out: Record<string, string> = {};
  let offset = 0;
  for (const [name, kind, width] of layout) {
    const value = iconv.decode(Buffer.from(line.subarray(offset, offset + width)), "Shift_JIS");
    offset += width;
    if (kind === "C") {
      out[name] = value.trimEnd();
    } else if (/^\d+$/.test(value) || (MAY_BE_BLANK.has(name) && value.trim() === "")) {
      out[name] = value;
    } else {
      throw new ZenginFileError(`${at}.${name}`, `${JSON.stringify(value)} is not ${width} digits`);
    }
  }
  return out;
}

function accountTypeOf(value: string, field: string): ZenginAccountType {
  if (!ACCOUNT_TYPES.includes(value)) throw new ZenginFileError(field, `${value} is not 1, 2, 4 or 9`);
  return value as ZenginAccountType;
}
