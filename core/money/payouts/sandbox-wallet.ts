import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { sandboxRecords } from "#db/schema/index.ts";
import type { Clock } from "../../shared/clock.ts";
import type { Yen } from "../../shared/codes.ts";
import { AppError } from "../../shared/errors.ts";
import { msg } from "../../shared/i18n/translate.ts";
import type { WalletProvider, WalletTransfer, WalletTransferStatus } from "./payout-providers.ts";

const PROVIDER = "kyash-sandbox";
const KIND = {
  /** One transfer, keyed by its id (`kyt_…`). */
  transfer: "kyash-sandbox.transfer",
  /** Our reference → the transfer's id: what makes `send` safe to repeat. */
  ref: "kyash-sandbox.ref",
} as const;

/**
 * Kyash publishes no payout API, so the sandbox's account ids are its own choice: 16 digits, the
 * shape of the number on a Kyash card. The last four digits pick the behaviour (`SANDBOX_KYASH_ACCOUNTS`).
 */
const KYASH_ACCOUNT_PATTERN = /^\d{16}$/;
export const SANDBOX_KYASH_ACCOUNTS = {
  ok: "4000000000001234",
  notFound: "4000000000000000",
  closed: "4000000000009999",
  limitExceeded: "4000000000008888",
} as const;
/** The largest transfer the sandbox takes at once. */
const KYASH_MAX_TRANSFER: Yen = 1_000_000;
/** How long the wallet takes to settle a transfer. */
export const KYASH_SETTLE_MS = 60 * 1000;

type SandboxDeps = { db: Db; clock: Clock; publicUrl: string; secret: string };
type TransferData = {
  reference: string;
  accountId: string;
  amount: Yen;
  /** What a pending transfer becomes once settled. */
  outcome: "paid" | "failed";
  failureCode: string | null;
  settlesAt: string;
};
type TransferRow = typeof sandboxRecords.$inferSelect & { data: TransferData };

async function find<T>(db: Db, kind: string, reference: string) {
  const [row] = await db
    .select()
    .from(sandboxRecords)
    .where(and(eq(sandboxRecords.provider, kind), eq(sandboxRecords.reference, reference)))
    .limit(1);
  return row as (typeof sandboxRecords.$inferSelect & { data: T }) | undefined;
}

function accountState(accountId: string): "ok" | "not_found" | "closed" {
  if (!KYASH_ACCOUNT_PATTERN.test(accountId) || accountId.endsWith("0000")) return "not_found";
  return accountId.endsWith("9999") ? "closed" : "ok";
}

/** Settling is read, not written: a transfer is paid a minute on, whether or not anyone looked. */
function toTransfer(row: TransferRow, now: Date): WalletTransfer {
  const settled = row.state !== "pending" || new Date(row.data.settlesAt) <= now;
  const status: WalletTransferStatus = settled ? row.data.outcome : "pending";
  return {
    id: row.reference,
    reference: row.data.reference,
    accountId: row.data.accountId,
    amount: row.data.amount,
    status,
    failureCode: status === "failed" ? row.data.failureCode : null,
  };
}

/**
 * The built-in stand-in for Kyash transfers. An unknown or closed account is refused on the spot;
 * any other transfer is pending for a minute, then paid, except to accounts ending in 8888, whose
 * monthly limit is reached (`limit_exceeded`). State lives in `sandbox_records`.
 */
export function createSandboxWallet(deps: SandboxDeps): WalletProvider {
  const { db, clock } = deps;

  async function load(id: string): Promise<WalletTransfer | null> {
    const row = await find<TransferData>(db, KIND.transfer, id);
    return row ? toTransfer(row, clock.now()) : null;
  }

  return {
    name: PROVIDER,
    kind: "sandbox",
    async checkAccount(accountId) {
      const state = accountState(accountId);
      return state === "ok" ? { ok: true } : { ok: false, code: state };
    },
    async send(o) {
      if (!Number.isSafeInteger(o.amount) || o.amount <= 0 || o.amount > KYASH_MAX_TRANSFER) {
        throw new AppError("VALIDATION", {
          fields: { amount: msg("payoutSandbox.errors.walletAmount", { max: KYASH_MAX_TRANSFER }) },
        });
      }
      const now = clock.now();
      const id = `kyt_${randomBytes(12).toString("hex")}`;
      const account = accountState(o.accountId);
      const refused = account === "ok" ? null : `account_${account}`;
      const limited = account === "ok" && o.accountId.endsWith("8888");
      const data: TransferData = {
        reference: o.reference,
        accountId: o.accountId,
        amount: o.amount,
        outcome: refused || limited ? "failed" : "paid",
        failureCode: refused ?? (limited ? "limit_exceeded" : null),
        settlesAt: new Date(now.getTime() + (refused ? 0 : KYASH_SETTLE_MS)).toISOString(),
      };
      // One transaction: whoever repeats the same reference meanwhile waits for the whole transfer.
      const won = await db.transaction(async (tx) => {
        const claimed = await tx
          .insert(sandboxRecords)
          .values({ provider: KIND.ref, reference: o.reference, state: "used", data: { id }, createdAt: now })
          .onConflictDoNothing()
          .returning();
        if (claimed.length === 0) return false;
        await tx.insert(sandboxRecords).values({
          provider: KIND.transfer,
          reference: id,
          state: refused ? "failed" : "pending",
          data,
          createdAt: now,
          updatedAt: now,
        });
        return true;
      });
      const transferId = won ? id : (await find<{ id: string }>(db, KIND.ref, o.reference))!.data.id;
      const transfer = (await load(transferId))!;
      if (transfer.accountId !== o.accountId || transfer.amount !== o.amount) {
        throw new Error(`Kyash sandbox: ${o.reference} was sent with other details`);
      }
      return transfer;
    },
    get: load,
  };
}
