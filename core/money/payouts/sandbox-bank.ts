import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { sandboxRecords } from "#db/schema/index.ts";
import type { Clock } from "../../shared/clock.ts";
import type { BankReturn, BankTransferProvider } from "./payout-providers.ts";

const PROVIDER = "bank-sandbox";
const KIND = { run: "bank-sandbox.run" } as const;

/** How long after a file is handed over the bank reports what it could not transfer. */
export const BANK_RETURNS_AFTER_MS = 60 * 60 * 1000;

/**
 * The returns the sandbox bank makes, by the last four digits of the 7-digit 口座番号 (the code and
 * reason are the bank's own words, as on a 振込不能 notice).
 */
const SANDBOX_BANK_RETURNS = {
  "9999": { code: "1", reason: "口座なし" },
  "8888": { code: "2", reason: "名義相違" },
} as const satisfies Record<string, Omit<BankReturn, "reference">>;

type SandboxDeps = { db: Db; clock: Clock; publicUrl: string; secret: string };
type RunData = { sha256: string; references: string[]; returns: BankReturn[] };

// 全銀 総合振込: fixed 120-byte records (CR LF after each, or none), digits in ASCII.
const RECORD = 120;
const ACCOUNT = { at: 43, length: 7 };
const AMOUNT = { at: 80, length: 10 };
const CUSTOMER_CODE = { at: 91, length: 10 };
const TRAILER_COUNT = { at: 1, length: 6 };
const TRAILER_TOTAL = { at: 7, length: 12 };

function digitsAt(record: Uint8Array, field: { at: number; length: number }, what: string): string {
  const text = String.fromCharCode(...record.subarray(field.at, field.at + field.length));
  if (!/^\d+$/.test(text))
    throw new Error(`Bank sandbox: the ${what} is not a number: ${JSON.stringify(text)}`);
  return text;
}

/** The file's 120-byte records; a file a bank would not read is refused, as the bank would. */
function recordsOf(file: Uint8Array): Uint8Array[] {
  let bytes = file;
  if (bytes.at(-1) === 0x1a) bytes = bytes.subarray(0, -1); // an EOF mark some banks add
  const crlf = bytes[RECORD] === 0x0d && bytes[RECORD + 1] === 0x0a;
  const stride = crlf ? RECORD + 2 : RECORD;
  if (bytes.length === 0 || bytes.length % stride !== 0) {
    throw new Error(`Bank sandbox: ${bytes.length} bytes are not whole ${RECORD}-byte records`);
  }
  const records: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; at += stride) {
    if (crlf && (bytes[at + RECORD] !== 0x0d || bytes[at + RECORD + 1] !== 0x0a)) {
      throw new Error(`Bank sandbox: record ${records.length + 1} does not end in CR LF`);
    }
    records.push(bytes.subarray(at, at + RECORD));
  }
  const kinds = records.map((r) => String.fromCharCode(r[0]!)).join("");
  if (!/^12*89$/.test(kinds)) {
    throw new Error(`Bank sandbox: records must be header, data, trailer, end; got ${kinds}`);
  }
  return records;
}

/** Reads the data records and checks them against the trailer, as the bank does before paying. */
function transfersOf(file: Uint8Array): { account: string; reference: string }[] {
  const records = recordsOf(file);
  const data = records.filter((r) => r[0] === 0x32);
  const trailer = records.at(-2)!;
  let total = 0;
  const transfers = data.map((record) => {
    total += Number(digitsAt(record, AMOUNT, "amount"));
    return {
      account: digitsAt(record, ACCOUNT, "account number"),
      // 顧客コード1 carries the payout id, zero-padded.
      reference: String(Number(digitsAt(record, CUSTOMER_CODE, "customer code"))),
    };
  });
  if (Number(digitsAt(trailer, TRAILER_COUNT, "trailer count")) !== data.length) {
    throw new Error("Bank sandbox: the trailer's count does not match the data records");
  }
  if (Number(digitsAt(trailer, TRAILER_TOTAL, "trailer total")) !== total) {
    throw new Error("Bank sandbox: the trailer's total does not match the data records");
  }
  return transfers;
}

/**
 * The built-in stand-in for the bank that carries our 全銀 files. `submit` reads the file as the bank
 * would (records, trailer totals) and decides the returns from the account numbers; an hour later
 * `returns` reports them. Every other transfer of the run is done. State lives in `sandbox_records`.
 */
export function createSandboxBank(deps: SandboxDeps): BankTransferProvider {
  const { db, clock } = deps;

  async function findRun(runId: number) {
    const [row] = await db
      .select()
      .from(sandboxRecords)
      .where(and(eq(sandboxRecords.provider, KIND.run), eq(sandboxRecords.reference, String(runId))))
      .limit(1);
    return row as (typeof sandboxRecords.$inferSelect & { data: RunData }) | undefined;
  }

  return {
    name: PROVIDER,
    kind: "sandbox",
    async submit(o) {
      const sha256 = createHash("sha256").update(o.file).digest("hex");
      const transfers = transfersOf(o.file);
      const inFile = new Set(transfers.map((t) => t.reference));
      const missing = o.references.filter((r) => !inFile.has(r));
      if (missing.length > 0) {
        throw new Error(`Bank sandbox: references not in the file: ${missing.join(", ")}`);
      }
      const listed = new Set(o.references);
      const returns: BankReturn[] = [];
      for (const t of transfers) {
        const outcome = SANDBOX_BANK_RETURNS[t.account.slice(-4) as keyof typeof SANDBOX_BANK_RETURNS];
        if (outcome && listed.has(t.reference)) returns.push({ reference: t.reference, ...outcome });
      }
      const data: RunData = { sha256, references: o.references, returns };
      const now = clock.now();
      const inserted = await db
        .insert(sandboxRecords)
        .values({
          provider: KIND.run,
          reference: String(o.runId),
          state: "submitted",
          data,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning();
      // Handing the same file over again changes nothing; another file under the same run is a mistake.
      if (inserted.length === 0 && (await findRun(o.runId))?.data.sha256 !== sha256) {
        throw new Error(`Bank sandbox: run ${o.runId} was submitted with another file`);
      }
    },
    async returns(runId) {
      const row = await findRun(runId);
      if (!row) return [];
      if (clock.now().getTime() < row.createdAt.getTime() + BANK_RETURNS_AFTER_MS) return [];
      return row.data.returns;
    },
  };
}
