import { createHmac, randomInt } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "#db/client.ts";
import { sandboxRecords } from "#db/schema/index.ts";
import { defineJob, handleJob, type JobHandler } from "../../jobs/define-job.ts";
import { enqueueJob } from "../../jobs/enqueue-job.ts";
import type { Clock } from "../../shared/clock.ts";
import { AppError } from "../../shared/errors.ts";
import { msg } from "../../shared/i18n/translate.ts";
import {
  checkVoucherAmount,
  checkVoucherStore,
  KOMOJU_STORES,
  komojuExpiry,
  komojuSignature,
  parseKomojuEvent,
  signatureMatches,
} from "./komoju-vouchers.ts";
import type {
  Voucher,
  VoucherCodes,
  VoucherGateway,
  VoucherMethod,
  VoucherStatus,
} from "./voucher-gateway.ts";

/** The provider's name: its webhook is `/webhooks/voucher-sandbox`. */
const SANDBOX_VOUCHERS_PROVIDER = "voucher-sandbox";
/** Named as KOMOJU names it, since the sandbox signs its events the same way. */
export const SANDBOX_VOUCHER_SIGNATURE_HEADER = "x-komoju-signature";

const KIND = {
  voucher: "sandbox-voucher.voucher",
  ref: "sandbox-voucher.ref",
} as const;

type SandboxDeps = { db: Db; clock: Clock; publicUrl: string; secret: string };
type Deps = Pick<SandboxDeps, "db" | "clock" | "publicUrl">;

type VoucherData = {
  method: VoucherMethod;
  store: string | null;
  amount: number;
  reference: string;
  /** The payer's codes, without the instructions page (its address follows the site's). */
  codes: Omit<VoucherCodes, "instructionsUrl">;
  paidAt: string | null;
};
type VoucherRow = typeof sandboxRecords.$inferSelect & { data: VoucherData };

/** A payment id as KOMOJU writes them: 25 lower-case letters and digits. */
const ID_PATTERN = /^[0-9a-z]{25}$/;
const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz";
const newId = () => Array.from({ length: 25 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join("");

/**
 * The sandbox's collecting agent: the 収納機関番号 a Pay-easy ATM asks for first. A real one is
 * assigned to the agent and the same on every voucher; 99999 is plainly not one of them.
 */
const SANDBOX_INSTITUTION_NUMBER = "99999";
/** FamilyMart's 第1番号 is the collecting company's code, the same on every slip: a made-up one. */
const SANDBOX_FAMIPORT_COMPANY_CODE = "99810";

/**
 * Codes shaped like the ones the payer types in, so pages and mails are tried with realistic
 * lengths (none of them pays anything anywhere):
 * - Lawson, Ministop (Loppi) and Seicomart (at the till): a 6-digit お支払い受付番号, confirmed with
 *   the phone number the payer gave (digits only; a made-up mobile number if it has none).
 * - FamilyMart (Famiポート / multi-copy machine): 第1番号, the company code (5 digits, fixed), and
 *   第2番号, the order number (11 digits here; `paymentCode` holds it, as it is the one per payment).
 * - Pay-easy: 収納機関番号 (5 digits, fixed), お客様番号 (16 of its 20 possible digits) and a
 *   6-digit 確認番号.
 */
function issueCodes(method: VoucherMethod, store: string | null, phone: string): VoucherData["codes"] {
  if (method === "payeasy") {
    return {
      customerNumber: digits(16),
      institutionNumber: SANDBOX_INSTITUTION_NUMBER,
      confirmationNumber: digits(6),
    };
  }
  if (store === "10002")
    return { paymentCode: digits(11), confirmationNumber: SANDBOX_FAMIPORT_COMPANY_CODE };
  const given = phone.replace(/\D/g, "");
  return {
    paymentCode: digits(6),
    confirmationNumber: /^0\d{9,10}$/.test(given) ? given : `090${digits(8)}`,
  };
}

async function find(db: Db, kind: string, reference: string) {
  const [row] = await db
    .select()
    .from(sandboxRecords)
    .where(and(eq(sandboxRecords.provider, kind), eq(sandboxRecords.reference, reference)))
    .limit(1);
  return row;
}

const findVoucherRow = async (db: Db, id: string) =>
  ID_PATTERN.test(id) ? ((await find(db, KIND.voucher, id)) as VoucherRow | undefined) : undefined;

/** Where a voucher stands now: a pending one past its deadline reads as expired, event or not. */
function statusOf(row: VoucherRow, now: Date): VoucherStatus {
  if (row.state === "pending" && row.expiresAt && row.expiresAt <= now) return "expired";
  return row.state as VoucherStatus;
}

function toVoucher(deps: Deps, row: VoucherRow): Voucher {
  const { data } = row;
  return {
    id: row.reference,
    method: data.method,
    store: data.store,
    amount: data.amount,
    status: statusOf(row, deps.clock.now()),
    reference: data.reference,
    codes: { ...data.codes, instructionsUrl: sandboxVoucherUrl(deps.publicUrl, row.reference) },
    expiresAt: row.expiresAt!,
    paidAt: data.paidAt ? new Date(data.paidAt) : null,
  };
}

/** The sandbox's own how-to-pay page for a voucher, which stands for the provider's. */
const sandboxVoucherUrl = (publicUrl: string, id: string) => `${publicUrl}/sandbox/vouchers/${id}/`;

function webhookKey(secret: string): Buffer {
  return createHmac("sha256", secret).update("sandbox-vouchers-webhook").digest();
}

/** The signature the sandbox puts on an event: hex HMAC-SHA-256 of the raw body, as KOMOJU does. */
export function signSandboxVoucherEvent(secret: string, body: string): string {
  return komojuSignature(webhookKey(secret), body);
}

/** Sends one signed event to our own webhook, as the provider would; retried by the job queue. */
const deliverSandboxVoucherEvent = defineJob({
  name: "topups.voucher-sandbox.deliver-event",
  payload: z.object({ body: z.string() }),
  maxAttempts: 10,
});

const deliverSandboxVoucherEventHandler = handleJob(deliverSandboxVoucherEvent, async (ctx, { body }) => {
  const event = parseKomojuEvent(body);
  const response = await fetch(`${ctx.publicUrl}/webhooks/${SANDBOX_VOUCHERS_PROVIDER}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-komoju-id": event?.id ?? "",
      "x-komoju-event": event?.type ?? "",
      [SANDBOX_VOUCHER_SIGNATURE_HEADER]: signSandboxVoucherEvent(ctx.secret, body),
    },
    body,
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`The webhook answered ${response.status}`);
});

/** At a voucher's deadline: an unpaid voucher expires, and the provider says so. */
const expireSandboxVoucherJob = defineJob({
  name: "topups.voucher-sandbox.expire",
  payload: z.object({ id: z.string() }),
  maxAttempts: 10,
});

export const expireSandboxVoucherHandler = handleJob(expireSandboxVoucherJob, async (ctx, { id }) => {
  const row = await findVoucherRow(ctx.db, id);
  if (row?.state !== "pending") return;
  // The queue runs a job at its time by the same clock; should it run early, it is tried again.
  if (statusOf(row, ctx.clock.now()) !== "expired") throw new Error(`Sandbox voucher ${id} is not due yet`);
  await move(ctx, id, "expired");
});

/** Both of the sandbox's jobs, for the server's list of handlers. */
export const SANDBOX_VOUCHER_JOB_HANDLERS: readonly JobHandler[] = [
  deliverSandboxVoucherEventHandler,
  expireSandboxVoucherHandler,
];

const EVENT_TYPE: Record<"paid" | "expired" | "cancelled", string> = {
  paid: "payment.captured",
  expired: "payment.expired",
  cancelled: "payment.cancelled",
};
const KOMOJU_STATUS: Record<VoucherStatus, string> = {
  pending: "authorized",
  paid: "captured",
  expired: "expired",
  cancelled: "cancelled",
};

/** The event KOMOJU would send: `{ id, type, resource, created_at, reason, data: Payment }`. */
function eventBody(voucher: Voucher, type: string, at: Date): string {
  return JSON.stringify({
    id: newId(),
    type,
    resource: "event",
    created_at: at.toISOString(),
    reason: null,
    data: {
      id: voucher.id,
      resource: "payment",
      status: KOMOJU_STATUS[voucher.status],
      amount: voucher.amount,
      currency: "JPY",
      external_order_num: voucher.reference,
      payment_deadline: voucher.expiresAt.toISOString(),
      captured_at: voucher.paidAt?.toISOString() ?? null,
      payment_details:
        voucher.method === "cvs"
          ? { type: "konbini", store: KOMOJU_STORES[voucher.store ?? ""] }
          : { type: "pay_easy" },
    },
  });
}

/**
 * Moves a pending voucher to `to` and queues the event that says so, in one transaction; only the
 * move that changed the row queues one, so each change is announced once.
 */
async function move(deps: Deps, id: string, to: "paid" | "expired" | "cancelled"): Promise<Voucher> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const row = await findVoucherRow(tx, id);
    if (!row) throw new AppError("NOT_FOUND");
    if (row.state !== "pending") return toVoucher(deps, row);
    // Past the provider's deadline, cash is no longer taken; expiring and cancelling still apply.
    if (to === "paid" && statusOf(row, now) === "expired") return toVoucher(deps, row);
    const data: VoucherData = { ...row.data, paidAt: to === "paid" ? now.toISOString() : null };
    // Made to expire early from the sandbox's page: its deadline is now.
    const expiresAt = to === "expired" && row.expiresAt! > now ? now : row.expiresAt;
    const [updated] = await tx
      .update(sandboxRecords)
      .set({ state: to, data, expiresAt, updatedAt: now })
      .where(
        and(
          eq(sandboxRecords.provider, KIND.voucher),
          eq(sandboxRecords.reference, id),
          eq(sandboxRecords.state, "pending"),
        ),
      )
      .returning();
    if (!updated) return toVoucher(deps, (await findVoucherRow(tx, id))!);
    const voucher = toVoucher(deps, updated as VoucherRow);
    await enqueueJob({ db: tx, clock: deps.clock }, deliverSandboxVoucherEvent, {
      body: eventBody(voucher, EVENT_TYPE[to], now),
    });
    return voucher;
  });
}

/**
 * The built-in voucher provider, shaped like KOMOJU's konbini and Pay-easy payments: realistic codes,
 * a how-to-pay page served by our app (`/sandbox/vouchers/{id}/`) where a voucher is paid or made to
 * expire, the provider's deadline (rounded to the end of a day in Japan, as KOMOJU counts days), and
 * signed events delivered to `/webhooks/voucher-sandbox` through the job queue. A pending voucher
 * past its deadline reads as expired at once; a job at the deadline makes it so and announces it.
 * Its state lives in `sandbox_records`, so it behaves the same across restarts and servers.
 */
export function createSandboxVouchers(deps: SandboxDeps): VoucherGateway {
  const { db, clock } = deps;

  async function getVoucher(id: string): Promise<Voucher | null> {
    const row = await findVoucherRow(db, id);
    return row ? toVoucher(deps, row) : null;
  }

  async function findVoucher(reference: string): Promise<Voucher | null> {
    const ref = await find(db, KIND.ref, reference);
    return ref ? getVoucher((ref.data as { voucherId: string }).voucherId) : null;
  }

  return {
    name: SANDBOX_VOUCHERS_PROVIDER,
    kind: "sandbox",
    async createVoucher(o) {
      checkVoucherAmount(o.method, o.amount);
      checkVoucherStore(o.method, o.store);
      const now = clock.now();
      const { deadline } = komojuExpiry(now, o.expiresAt);
      const id = newId();
      const created = await db.transaction(async (tx) => {
        // The reference is claimed first: a second create with it, even at the same moment, waits
        // for this one and then answers its voucher.
        const claimed = await tx
          .insert(sandboxRecords)
          .values({
            provider: KIND.ref,
            reference: o.reference,
            state: "used",
            data: { voucherId: id },
            createdAt: now,
          })
          .onConflictDoNothing()
          .returning();
        if (claimed.length === 0) return false;
        const data: VoucherData = {
          method: o.method,
          store: o.store,
          amount: o.amount,
          reference: o.reference,
          codes: issueCodes(o.method, o.store, o.payer.phone),
          paidAt: null,
        };
        await tx.insert(sandboxRecords).values({
          provider: KIND.voucher,
          reference: id,
          state: "pending",
          data,
          createdAt: now,
          updatedAt: now,
          expiresAt: deadline,
        });
        await enqueueJob(
          { db: tx, clock },
          expireSandboxVoucherJob,
          { id },
          {
            runAt: deadline,
            uniqueKey: `${expireSandboxVoucherJob.name}:${id}`,
          },
        );
        return true;
      });
      const voucher = created ? await getVoucher(id) : await findVoucher(o.reference);
      if (!voucher) throw new Error(`Sandbox: no voucher under reference ${o.reference}`);
      return voucher;
    },
    getVoucher,
    findVoucher,
    async cancelVoucher(id) {
      const row = await findVoucherRow(db, id);
      if (!row) throw new AppError("NOT_FOUND");
      // Paid, cancelled or past its deadline: it stays as it is, as KOMOJU cancels only unpaid ones.
      if (statusOf(row, clock.now()) !== "pending") return toVoucher(deps, row);
      return move(deps, id, "cancelled");
    },
    verifyWebhook({ headers, body }) {
      const expected = signSandboxVoucherEvent(deps.secret, body);
      if (!signatureMatches(headers[SANDBOX_VOUCHER_SIGNATURE_HEADER], expected)) return null;
      return parseKomojuEvent(body);
    },
  };
}

/**
 * The payer pays at the till or the ATM (the sandbox page's button). Paying again changes nothing;
 * a voucher past the provider's deadline, or cancelled, is refused, as the store's terminal would.
 */
export async function paySandboxVoucher(deps: Deps, id: string): Promise<Voucher> {
  const row = await findVoucherRow(deps.db, id);
  if (!row) throw new AppError("NOT_FOUND");
  const status = statusOf(row, deps.clock.now());
  if (status === "expired") throw new AppError("CONFLICT", { message: msg("vouchers.errors.expired") });
  if (status === "cancelled") throw new AppError("CONFLICT", { message: msg("vouchers.errors.cancelled") });
  if (status === "paid") return toVoucher(deps, row);
  const paid = await move(deps, id, "paid");
  // Cancelled or expired between the look and the move: refused all the same.
  if (paid.status !== "paid") return paySandboxVoucher(deps, id);
  return paid;
}

/**
 * The deadline passes now (the sandbox page's other button): an unpaid voucher expires and the
 * provider says so. One past its deadline already is announced if it was not yet; a paid or
 * cancelled one is refused.
 */
export async function expireSandboxVoucher(deps: Deps, id: string): Promise<Voucher> {
  const row = await findVoucherRow(deps.db, id);
  if (!row) throw new AppError("NOT_FOUND");
  if (row.state === "paid" || row.state === "cancelled") {
    throw new AppError("CONFLICT", { message: msg("payments.errors.notNow") });
  }
  return move(deps, id, "expired");
}
