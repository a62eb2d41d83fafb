import { randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { sandboxRecords } from "#db/schema/index.ts";
import type { Clock } from "../../shared/clock.ts";
import type { Yen } from "../../shared/codes.ts";
import { AppError } from "../../shared/errors.ts";
import { msg } from "../../shared/i18n/translate.ts";
import type { AtmCode, AtmCodeProvider, AtmCodeStatus } from "./payout-providers.ts";

const PROVIDER = "seven-sandbox";
const KIND = {
  /** One issued code, keyed by its id (`atm_…`). */
  code: "seven-sandbox.code",
  /** Our reference → the code's id: what makes `issue` safe to repeat. */
  ref: "seven-sandbox.ref",
  /** お受取番号 → the code's id: keeps every number unique and lets the ATM find it. */
  receipt: "seven-sandbox.receipt",
} as const;

/** ATMs hold notes only, so cash comes out in thousands of yen. */
const ATM_CASH_UNIT: Yen = 1000;
/** お受取番号: 10 digits; with the 4-digit 確認番号, one guess in 10^14 works. */
const ATM_RECEIPT_PATTERN = /^\d{10}$/;
const ATM_CONFIRMATION_PATTERN = /^\d{4}$/;

type SandboxDeps = { db: Db; clock: Clock; publicUrl: string; secret: string };
type CodeData = { reference: string; amount: Yen; code: string; confirmation: string; paidAt: string | null };
type CodeRow = typeof sandboxRecords.$inferSelect & { data: CodeData };

async function find<T>(db: Db, kind: string, reference: string) {
  const [row] = await db
    .select()
    .from(sandboxRecords)
    .where(and(eq(sandboxRecords.provider, kind), eq(sandboxRecords.reference, reference)))
    .limit(1);
  return row as (typeof sandboxRecords.$inferSelect & { data: T }) | undefined;
}

/** Expiry is read, not written: a code past its deadline is expired whether or not anyone looked. */
function statusOf(row: CodeRow, now: Date): AtmCodeStatus {
  if (row.state === "issued" && row.expiresAt && row.expiresAt <= now) return "expired";
  return row.state as AtmCodeStatus;
}

function toCode(row: CodeRow, now: Date): AtmCode {
  return {
    id: row.reference,
    reference: row.data.reference,
    amount: row.data.amount,
    code: row.data.code,
    confirmation: row.data.confirmation,
    status: statusOf(row, now),
    expiresAt: row.expiresAt!,
    paidAt: row.data.paidAt ? new Date(row.data.paidAt) : null,
  };
}

/** A number of `digits` digits from the system's cryptographic source, leading zeros kept. */
const digits = (n: number) =>
  randomInt(0, 10 ** n)
    .toString()
    .padStart(n, "0");

/**
 * The built-in stand-in for Seven Bank's ATM cash-out: it issues a single-use お受取番号 with a
 * 確認番号, valid until the deadline we give. Cash is "taken" on the sandbox ATM page
 * (`/sandbox/atm/`, see `redeemSandboxAtmCode`). State lives in `sandbox_records`, so it behaves the
 * same across restarts and servers.
 */
export function createSandboxAtm(deps: SandboxDeps): AtmCodeProvider {
  const { db, clock } = deps;

  async function load(id: string): Promise<AtmCode | null> {
    const row = await find<CodeData>(db, KIND.code, id);
    return row ? toCode(row, clock.now()) : null;
  }

  return {
    name: PROVIDER,
    kind: "sandbox",
    async issue(o) {
      if (!Number.isSafeInteger(o.amount) || o.amount <= 0 || o.amount % ATM_CASH_UNIT !== 0) {
        throw new AppError("VALIDATION", {
          fields: { amount: msg("payoutSandbox.errors.atmAmount", { unit: ATM_CASH_UNIT }) },
        });
      }
      const now = clock.now();
      if (o.expiresAt <= now) throw new Error("Seven sandbox: a code must expire in the future");
      const id = `atm_${randomBytes(12).toString("hex")}`;
      // One transaction: whoever repeats the same reference meanwhile waits for the whole code.
      const winner = await db.transaction(async (tx) => {
        const claimed = await tx
          .insert(sandboxRecords)
          .values({ provider: KIND.ref, reference: o.reference, state: "used", data: { id }, createdAt: now })
          .onConflictDoNothing()
          .returning();
        if (claimed.length === 0) return null;
        let code = "";
        for (let attempt = 0; !code; attempt++) {
          if (attempt === 10) throw new Error("Seven sandbox: no free receipt number");
          const candidate = digits(10);
          const taken = await tx
            .insert(sandboxRecords)
            .values({
              provider: KIND.receipt,
              reference: candidate,
              state: "used",
              data: { id },
              createdAt: now,
            })
            .onConflictDoNothing()
            .returning();
          if (taken.length > 0) code = candidate;
        }
        const data: CodeData = {
          reference: o.reference,
          amount: o.amount,
          code,
          confirmation: digits(4),
          paidAt: null,
        };
        await tx.insert(sandboxRecords).values({
          provider: KIND.code,
          reference: id,
          state: "issued",
          data,
          createdAt: now,
          updatedAt: now,
          expiresAt: o.expiresAt,
        });
        return id;
      });
      const codeId = winner ?? (await find<{ id: string }>(db, KIND.ref, o.reference))!.data.id;
      const code = (await load(codeId))!;
      if (code.amount !== o.amount) {
        throw new Error(`Seven sandbox: ${o.reference} was issued for ¥${code.amount}, not ¥${o.amount}`);
      }
      return code;
    },
    get: load,
    async cancel(id) {
      const now = clock.now();
      const row = await find<CodeData>(db, KIND.code, id);
      if (!row) throw new Error(`Seven sandbox: no code ${id}`);
      // Only a code still usable can be withdrawn; a paid, expired or cancelled one answers as it is.
      await db
        .update(sandboxRecords)
        .set({ state: "cancelled", updatedAt: now })
        .where(
          and(
            eq(sandboxRecords.provider, KIND.code),
            eq(sandboxRecords.reference, id),
            eq(sandboxRecords.state, "issued"),
            gt(sandboxRecords.expiresAt, now),
          ),
        );
      return (await load(id))!;
    },
  };
}

const WRONG_NUMBERS = msg("payoutSandbox.errors.atmWrongNumbers");
const REFUSED: Record<Exclude<AtmCodeStatus, "issued">, ReturnType<typeof msg>> = {
  paid: msg("payoutSandbox.errors.atmUsed"),
  expired: msg("payoutSandbox.errors.atmExpired"),
  cancelled: msg("payoutSandbox.errors.atmCancelled"),
};

function sameDigits(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/**
 * The code a person typed at the ATM, still usable at `at`. An unknown number and a wrong 確認番号
 * are refused alike, so the ATM never tells which codes exist; only with both numbers right does it
 * say the code is used, expired or cancelled. Field errors are named as the ATM page's fields.
 */
async function usableCode(db: Db, o: { code: string; confirmation: string }, at: Date): Promise<CodeRow> {
  const code = o.code.trim();
  const confirmation = o.confirmation.trim();
  const fields: Record<string, ReturnType<typeof msg>> = {};
  if (!ATM_RECEIPT_PATTERN.test(code)) fields.receipt = msg("payoutSandbox.errors.atmReceiptFormat");
  if (!ATM_CONFIRMATION_PATTERN.test(confirmation)) {
    fields.confirmation = msg("payoutSandbox.errors.atmConfirmationFormat");
  }
  if (Object.keys(fields).length > 0) throw new AppError("VALIDATION", { fields });
  const receipt = await find<{ id: string }>(db, KIND.receipt, code);
  const row = receipt && (await find<CodeData>(db, KIND.code, receipt.data.id));
  if (!row || !sameDigits(row.data.confirmation, confirmation)) {
    throw new AppError("VALIDATION", { message: WRONG_NUMBERS });
  }
  const status = statusOf(row, at);
  if (status !== "issued") throw new AppError("CONFLICT", { message: REFUSED[status] });
  return row;
}

/**
 * A person at the sandbox ATM types the お受取番号 and 確認番号: the cash comes out once, and the
 * code is paid.
 */
export async function redeemSandboxAtmCode(
  deps: { db: Db; clock: Clock },
  o: { code: string; confirmation: string; at?: Date },
): Promise<AtmCode> {
  const at = o.at ?? deps.clock.now();
  const row = await usableCode(deps.db, o, at);
  const paid = await deps.db
    .update(sandboxRecords)
    .set({ state: "paid", data: { ...row.data, paidAt: at.toISOString() }, updatedAt: at })
    .where(
      and(
        eq(sandboxRecords.provider, KIND.code),
        eq(sandboxRecords.reference, row.reference),
        eq(sandboxRecords.state, "issued"),
        gt(sandboxRecords.expiresAt, at),
      ),
    )
    .returning();
  if (paid.length === 0) {
    // Cancelled or taken by someone else between the read and the write.
    const now = (await find<CodeData>(deps.db, KIND.code, row.reference))!;
    const latest = statusOf(now, at);
    throw new AppError("CONFLICT", { message: REFUSED[latest === "issued" ? "paid" : latest] });
  }
  return toCode(paid[0] as CodeRow, at);
}

/**
 * The sandbox's other control: a person at the ATM lets a code run out without taking the cash (as
 * if its 24 hours had passed). Needs both numbers, like taking the cash; only an unused code can.
 */
export async function expireSandboxAtmCode(
  deps: { db: Db; clock: Clock },
  o: { code: string; confirmation: string },
): Promise<AtmCode> {
  const now = deps.clock.now();
  const row = await usableCode(deps.db, o, now);
  const [expired] = await deps.db
    .update(sandboxRecords)
    .set({ expiresAt: now, updatedAt: now })
    .where(
      and(
        eq(sandboxRecords.provider, KIND.code),
        eq(sandboxRecords.reference, row.reference),
        eq(sandboxRecords.state, "issued"),
      ),
    )
    .returning();
  return toCode((expired ?? row) as CodeRow, now);
}
