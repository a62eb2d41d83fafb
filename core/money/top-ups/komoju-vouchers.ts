import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { type Clock, systemClock } from "../../shared/clock.ts";
import type { Yen } from "../../shared/codes.ts";
import { AppError } from "../../shared/errors.ts";
import { msg } from "../../shared/i18n/translate.ts";
import type {
  Voucher,
  VoucherCodes,
  VoucherEvent,
  VoucherGateway,
  VoucherMethod,
  VoucherStatus,
} from "./voucher-gateway.ts";

export type KomojuSettings = {
  secretKey: string;
  /** The secret token set for the webhook in KOMOJU's dashboard; it keys `X-Komoju-Signature`. */
  webhookSecret: string;
  /** https://komoju.com/api/v1 unless a test points it elsewhere. */
  apiBase?: string;
  fetch?: typeof fetch;
  /** Only to count whole days for `expiry_days`; the real clock unless a test says otherwise. */
  clock?: Clock;
};

/**
 * The most a voucher may ask for. Konbini: stores refuse ¥300,000 and more at the till (and above
 * ¥50,000 a revenue stamp is due, which the provider passes on). Pay-easy: ¥999,999, the limit of
 * the ATM networks. Both start at ¥1.
 */
const VOUCHER_MAX_AMOUNT: Record<VoucherMethod, Yen> = { cvs: 299_999, payeasy: 999_999 };

/** Refuses an amount the provider would refuse, before anything is sent. */
export function checkVoucherAmount(method: VoucherMethod, amount: Yen): void {
  const max = VOUCHER_MAX_AMOUNT[method];
  if (!Number.isSafeInteger(amount) || amount < 1 || amount > max) {
    throw new AppError("VALIDATION", {
      fields: {
        amount: msg(method === "cvs" ? "vouchers.errors.cvsAmount" : "vouchers.errors.payeasyAmount", {
          max,
        }),
      },
    });
  }
}

/** Our convenience-store codes (spec §3) and KOMOJU's `payment_details.store` names for them. */
export const KOMOJU_STORES: Readonly<Record<string, string>> = {
  "10001": "lawson",
  "10002": "family-mart",
  "10005": "ministop",
  "10008": "seicomart",
};
const STORE_CODES: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(KOMOJU_STORES).map(([code, name]) => [name, code]),
);

/** The store code a voucher must carry: one of ours for the till, none for Pay-easy. */
export function checkVoucherStore(method: VoucherMethod, store: string | null): void {
  const fits = method === "cvs" ? store !== null && store in KOMOJU_STORES : store === null;
  if (!fits) throw new AppError("BAD_REQUEST");
}

const DAY_MS = 24 * 3600 * 1000;
const JST_OFFSET_MS = 9 * 3600 * 1000;
/** KOMOJU's dashboard lets a konbini payment live 1 to 59 days; we keep to the same span. */
const VOUCHER_MAX_DAYS = 59;

/** Days since the epoch, counted in Japan's calendar. */
const jstDay = (at: Date) => Math.floor((at.getTime() + JST_OFFSET_MS) / DAY_MS);

/**
 * KOMOJU counts a voucher's life in whole days (`expiry_days`): it ends at 23:59:59 in Japan on the
 * last day (a payment made on the 15th with 3 days is payable until the 18th, 23:59:59 JST). So the
 * deadline asked for is rounded up to the end of its day; one before tomorrow, or past 59 days, is
 * refused. Answers the days to send and the deadline they give.
 */
export function komojuExpiry(now: Date, wanted: Date): { days: number; deadline: Date } {
  const days = jstDay(wanted) - jstDay(now);
  if (!(wanted > now) || days > VOUCHER_MAX_DAYS) throw new AppError("BAD_REQUEST");
  const last = jstDay(now) + Math.max(days, 1);
  return { days: Math.max(days, 1), deadline: new Date((last + 1) * DAY_MS - JST_OFFSET_MS - 1000) };
}

/**
 * What KOMOJU's statuses mean for a voucher. `authorized`: issued, waiting for the payer's cash (as
 * older accounts answer, `pending` means the same for konbini and Pay-easy); `captured`: paid;
 * `refunded`: it was paid, and a refund is a separate matter; `failed`: the provider could not
 * issue it, so no money can ever come, as with a cancelled one.
 */
const STATUS: Readonly<Record<string, VoucherStatus>> = {
  pending: "pending",
  authorized: "pending",
  captured: "paid",
  refunded: "paid",
  expired: "expired",
  cancelled: "cancelled",
  failed: "cancelled",
};

function komojuVoucherStatus(status: string): VoucherStatus {
  const mapped = STATUS[status];
  if (!mapped) throw new Error(`KOMOJU: unknown payment status ${status}`);
  return mapped;
}

type KomojuPaymentDetails = {
  type: string;
  store?: string | null;
  receipt?: string | null;
  confirmation_code?: string | null;
  customer_id?: string | null;
  bank_id?: string | null;
  confirmation_id?: string | null;
  instructions_url?: string | null;
};
type KomojuPayment = {
  id: string;
  resource: "payment";
  status: string;
  amount: number;
  currency: string;
  external_order_num: string | null;
  payment_deadline: string | null;
  captured_at: string | null;
  payment_details: KomojuPaymentDetails | null;
};
type KomojuError = { error?: { code?: string; message?: string; param?: string | null } };

class KomojuRequestError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  constructor(status: number, code: string | undefined, message: string) {
    super(`KOMOJU ${status} ${code ?? ""}: ${message}`);
    this.name = "KomojuRequestError";
    this.status = status;
    this.code = code;
  }
}

/** Only the fields that are there: a voucher's codes never hold an empty or null entry. */
function compact(codes: Partial<Record<keyof VoucherCodes, string | null>>): VoucherCodes {
  return Object.fromEntries(Object.entries(codes).filter(([, v]) => typeof v === "string" && v !== ""));
}

function toVoucher(p: KomojuPayment): Voucher {
  const details = p.payment_details;
  if (details?.type !== "konbini" && details?.type !== "pay_easy") {
    throw new Error(`KOMOJU: payment ${p.id} is not a konbini or Pay-easy payment`);
  }
  if (!p.payment_deadline) throw new Error(`KOMOJU: payment ${p.id} has no deadline`);
  const konbini = details.type === "konbini";
  return {
    id: p.id,
    method: konbini ? "cvs" : "payeasy",
    store: konbini ? (STORE_CODES[details.store ?? ""] ?? null) : null,
    amount: p.amount,
    status: komojuVoucherStatus(p.status),
    reference: p.external_order_num ?? "",
    codes: konbini
      ? compact({
          paymentCode: details.receipt,
          confirmationNumber: details.confirmation_code,
          instructionsUrl: details.instructions_url,
        })
      : compact({
          customerNumber: details.customer_id,
          institutionNumber: details.bank_id,
          confirmationNumber: details.confirmation_id,
          instructionsUrl: details.instructions_url,
        }),
    expiresAt: new Date(p.payment_deadline),
    paidAt: p.captured_at ? new Date(p.captured_at) : null,
  };
}

/** `X-Komoju-Signature`: the hex HMAC-SHA-256 of the raw body under the webhook's secret. */
export function komojuSignature(key: string | Buffer, body: string): string {
  return createHmac("sha256", key).update(body).digest("hex");
}

/** Compares a signature header with the one expected, in constant time; any other length fails. */
export function signatureMatches(given: string | undefined, expected: string): boolean {
  const a = Buffer.from((given ?? "").toLowerCase());
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

const ZEvent = z.object({
  id: z.string().min(1).max(100),
  type: z.string().min(1).max(100),
  data: z.object({ id: z.string().min(1).max(100).optional(), resource: z.string().optional() }).nullish(),
});

/** A KOMOJU event (`{ id, type, data: Payment }`), or null when it is not one. */
export function parseKomojuEvent(body: string): VoucherEvent | null {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return null;
  }
  const parsed = ZEvent.safeParse(json);
  if (!parsed.success) return null;
  const data = parsed.data.data;
  const payment = data && (data.resource === undefined || data.resource === "payment");
  return { id: parsed.data.id, type: parsed.data.type, voucherId: payment ? (data.id ?? null) : null };
}

/**
 * KOMOJU's v1 payments API (https://doc.komoju.com/reference): JSON requests with the secret key as
 * the Basic user. A voucher is a payment with konbini or Pay-easy `payment_details`, created with our
 * reference as `external_order_num` and as the `Idempotency-Key`, so a repeated create answers the
 * same payment. Webhook events are trusted only after checking their signature, and the payment is
 * read again before anything is credited.
 */
export function createKomojuVouchers(s: KomojuSettings): VoucherGateway {
  const base = (s.apiBase ?? "https://komoju.com/api/v1").replace(/\/$/, "");
  const auth = `Basic ${Buffer.from(`${s.secretKey}:`).toString("base64")}`;
  const fetchImpl = s.fetch ?? fetch;
  const clock = s.clock ?? systemClock;

  async function call<T>(
    method: "GET" | "POST",
    path: string,
    o: { json?: unknown; idempotencyKey?: string } = {},
  ): Promise<T> {
    const response = await fetchImpl(`${base}${path}`, {
      method,
      headers: {
        authorization: auth,
        accept: "application/json",
        ...(o.json === undefined ? {} : { "content-type": "application/json" }),
        ...(o.idempotencyKey ? { "idempotency-key": o.idempotencyKey } : {}),
      },
      body: o.json === undefined ? undefined : JSON.stringify(o.json),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      // A gateway's HTML error page: reported below by its status.
    }
    if (!response.ok) {
      const error = (json as KomojuError | null)?.error ?? {};
      throw new KomojuRequestError(response.status, error.code, error.message ?? "request failed");
    }
    return json as T;
  }

  const paymentPath = (id: string) => `/payments/${encodeURIComponent(id)}`;

  async function getVoucher(id: string): Promise<Voucher | null> {
    try {
      return toVoucher(await call<KomojuPayment>("GET", paymentPath(id)));
    } catch (error) {
      if (error instanceof KomojuRequestError && error.status === 404) return null;
      throw error;
    }
  }

  async function findVoucher(reference: string): Promise<Voucher | null> {
    const query = new URLSearchParams({ external_order_num: reference, per_page: "100" });
    const list = await call<{ data: KomojuPayment[] }>("GET", `/payments?${query}`);
    const mine = list.data.filter(
      (p) =>
        p.external_order_num === reference && ["konbini", "pay_easy"].includes(p.payment_details?.type ?? ""),
    );
    // One payment per reference is the rule; should there be more, the one still alive counts.
    const alive = mine.find((p) => !["cancelled", "expired", "failed"].includes(p.status));
    const found = alive ?? mine[0];
    return found ? toVoucher(found) : null;
  }

  return {
    name: "komoju",
    kind: "live",
    async createVoucher(o) {
      checkVoucherAmount(o.method, o.amount);
      checkVoucherStore(o.method, o.store);
      const { days } = komojuExpiry(clock.now(), o.expiresAt);
      // After a crash between KOMOJU's answer and ours, the reference finds what was made.
      const existing = await findVoucher(o.reference);
      if (existing) return existing;
      const { payer } = o;
      const payment_details =
        o.method === "cvs"
          ? {
              type: "konbini",
              store: KOMOJU_STORES[o.store!],
              email: payer.email,
              phone: payer.phone,
              family_name: payer.familyName,
              given_name: payer.givenName,
              expiry_days: days,
            }
          : {
              type: "pay_easy",
              email: payer.email,
              family_name: payer.familyName,
              given_name: payer.givenName,
              family_name_kana: payer.familyNameKana,
              given_name_kana: payer.givenNameKana,
              phone: payer.phone,
              expiry_days: days,
            };
      const payment = await call<KomojuPayment>("POST", "/payments", {
        json: {
          amount: o.amount,
          currency: "JPY",
          external_order_num: o.reference,
          payment_details,
        },
        idempotencyKey: o.reference,
      });
      return toVoucher(payment);
    },
    getVoucher,
    findVoucher,
    async cancelVoucher(id) {
      const current = await getVoucher(id);
      if (!current) throw new Error(`KOMOJU: no payment ${id}`);
      if (current.status !== "pending") return current;
      try {
        return toVoucher(await call<KomojuPayment>("POST", `${paymentPath(id)}/cancel`));
      } catch (error) {
        // Paid (or expired) between our look and the cancel: the provider's word is the answer.
        if (error instanceof KomojuRequestError && error.status >= 400 && error.status < 500) {
          const now = await getVoucher(id);
          if (now && now.status !== "pending") return now;
        }
        throw error;
      }
    },
    verifyWebhook({ headers, body }) {
      if (!signatureMatches(headers["x-komoju-signature"], komojuSignature(s.webhookSecret, body)))
        return null;
      return parseKomojuEvent(body);
    },
  };
}
