import { createHmac, randomInt } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

type PaymentDetails = Record<string, string | number | null>;
type Payment = {
  id: string;
  resource: "payment";
  status: "pending" | "authorized" | "captured" | "refunded" | "cancelled" | "expired" | "failed";
  amount: number;
  tax: number;
  payment_deadline: string;
  payment_details: PaymentDetails;
  payment_method_fee: number;
  total: number;
  currency: "JPY";
  description: string | null;
  captured_at: string | null;
  external_order_num: string | null;
  metadata: Record<string, string>;
  created_at: string;
  amount_refunded: number;
  refunds: [];
  refund_requests: [];
};

export type FakeKomoju = {
  url: string;
  secretKey: string;
  webhookSecret: string;
  payments: Map<string, Payment>;
  /** Every request: method, path with query, its JSON body and its Idempotency-Key. */
  requests: { method: string; path: string; body: unknown; idempotencyKey: string | undefined }[];
  /** The payer pays at the till or the ATM. */
  capture(id: string): void;
  /** The deadline passes unpaid. */
  expire(id: string): void;
  /** Any status KOMOJU may answer, to try how each is read. */
  setStatus(id: string, status: Payment["status"]): void;
  /** The request KOMOJU would send to the webhook for an event about a payment. */
  webhook(type: string, id: string): { headers: Record<string, string>; body: string };
  close(): Promise<void>;
};

const STORES = ["lawson", "family-mart", "ministop", "seicomart", "daily-yamazaki", "seven-eleven"];
const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz";
const newId = () => Array.from({ length: 25 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join("");
const iso = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, "Z");

/** 23:59:59 in Japan, `days` days after today there (KOMOJU's `expiry_days`). */
function deadlineAfter(days: number): Date {
  const tokyo = new Date(Date.now() + 9 * 3600_000);
  const end = Date.UTC(tokyo.getUTCFullYear(), tokyo.getUTCMonth(), tokyo.getUTCDate() + days, 23, 59, 59);
  return new Date(end - 9 * 3600_000);
}

/**
 * A local stand-in for komoju.com/api/v1 answering with the documented shapes, on loopback: konbini
 * and Pay-easy payments (created `authorized`, waiting for cash), `Idempotency-Key`, listing by
 * `external_order_num`, cancelling, and signed webhook requests.
 */
export async function startFakeKomoju(): Promise<FakeKomoju> {
  const secretKey = "sk_test_fakekomoju0123456789";
  const webhookSecret = "whsec_fake_komoju_0123456789";
  const payments = new Map<string, Payment>();
  const byIdempotencyKey = new Map<string, string>();
  const requests: FakeKomoju["requests"] = [];

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const fail = (res: ServerResponse, status: number, code: string, message: string, param?: string) =>
    send(res, status, { error: { code, message, param: param ?? null, details: {} } });

  function createPayment(body: Record<string, unknown>): Payment | { code: string; param: string } {
    const amount = body.amount;
    const details = (body.payment_details ?? {}) as Record<string, unknown>;
    const text = (name: string) => typeof details[name] === "string" && (details[name] as string).length > 0;
    if (!Number.isInteger(amount) || (amount as number) < 1) return { code: "bad_request", param: "amount" };
    if (body.currency !== "JPY") return { code: "bad_request", param: "currency" };
    if (!text("email")) return { code: "missing_parameter", param: "payment_details[email]" };
    const days = details.expiry_days === undefined ? 3 : Number(details.expiry_days);
    if (!Number.isInteger(days) || days < 1)
      return { code: "bad_request", param: "payment_details[expiry_days]" };
    const id = newId();
    let responseDetails: PaymentDetails;
    if (details.type === "konbini") {
      if (!STORES.includes(details.store as string))
        return { code: "bad_request", param: "payment_details[store]" };
      if ((amount as number) > 299_999) return { code: "bad_request", param: "amount" };
      responseDetails = {
        type: "konbini",
        store: details.store as string,
        email: details.email as string,
        confirmation_code: details.store === "family-mart" ? "12345" : null,
        receipt: details.store === "family-mart" ? digits(12) : digits(6),
        instructions_url: `https://komoju.com/en/instructions/${id}`,
      };
    } else if (details.type === "pay_easy") {
      for (const name of ["given_name", "family_name", "given_name_kana", "family_name_kana", "phone"]) {
        if (!text(name)) return { code: "missing_parameter", param: `payment_details[${name}]` };
      }
      responseDetails = {
        type: "pay_easy",
        email: details.email as string,
        bank_id: "58091",
        customer_id: digits(16),
        confirmation_id: digits(6),
        instructions_url: `https://komoju.com/en/instructions/${id}`,
        payment_url: `https://komoju.com/en/pay_easy/${id}`,
      };
    } else {
      return { code: "bad_request", param: "payment_details[type]" };
    }
    const payment: Payment = {
      id,
      resource: "payment",
      status: "authorized",
      amount: amount as number,
      tax: 0,
      payment_deadline: iso(deadlineAfter(days)),
      payment_details: responseDetails,
      payment_method_fee: 0,
      total: amount as number,
      currency: "JPY",
      description: null,
      captured_at: null,
      external_order_num: typeof body.external_order_num === "string" ? body.external_order_num : null,
      metadata: {},
      created_at: iso(new Date()),
      amount_refunded: 0,
      refunds: [],
      refund_requests: [],
    };
    payments.set(id, payment);
    return payment;
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://fake");
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString();
    const idempotencyKey = req.headers["idempotency-key"] as string | undefined;
    let body: Record<string, unknown> = {};
    if (raw) {
      try {
        body = JSON.parse(raw);
      } catch {
        return fail(res, 400, "bad_request", "The body is not JSON");
      }
    }
    requests.push({ method: req.method ?? "", path: url.pathname + url.search, body, idempotencyKey });
    if (req.headers.authorization !== `Basic ${Buffer.from(`${secretKey}:`).toString("base64")}`) {
      return fail(res, 401, "not_authorized", "The API key is invalid");
    }
    const path = url.pathname.replace(/^\/api\/v1/, "");
    if (req.method === "POST" && path === "/payments") {
      const known = idempotencyKey ? byIdempotencyKey.get(idempotencyKey) : undefined;
      if (known) return send(res, 200, payments.get(known));
      const created = createPayment(body);
      if (!("id" in created)) return fail(res, 422, created.code, `Invalid ${created.param}`, created.param);
      if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, created.id);
      return send(res, 200, created);
    }
    if (req.method === "GET" && path === "/payments") {
      const order = url.searchParams.get("external_order_num");
      const data = [...payments.values()]
        .filter((p) => order === null || p.external_order_num === order)
        .reverse();
      return send(res, 200, {
        resource: "list",
        total: data.length,
        page: 1,
        per_page: Number(url.searchParams.get("per_page") ?? 10),
        last_page: 1,
        data,
      });
    }
    const match = /^\/payments\/([0-9a-z]+)(\/cancel)?$/.exec(path);
    if (match) {
      const payment = payments.get(match[1]!);
      if (!payment) return fail(res, 404, "not_found", "The payment was not found");
      if (req.method === "GET" && !match[2]) return send(res, 200, payment);
      if (req.method === "POST" && match[2]) {
        if (payment.status !== "pending" && payment.status !== "authorized") {
          return fail(res, 422, "invalid_payment_type", `A ${payment.status} payment cannot be cancelled`);
        }
        payment.status = "cancelled";
        return send(res, 200, payment);
      }
    }
    return fail(res, 404, "not_found", `No route ${req.method} ${url.pathname}`);
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error) => fail(res, 500, "internal_server_error", String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const payment = (id: string) => {
    const p = payments.get(id);
    if (!p) throw new Error(`Fake KOMOJU: no payment ${id}`);
    return p;
  };
  return {
    url: `http://127.0.0.1:${port}/api/v1`,
    secretKey,
    webhookSecret,
    payments,
    requests,
    capture(id) {
      const p = payment(id);
      p.status = "captured";
      p.captured_at = iso(new Date());
    },
    expire(id) {
      payment(id).status = "expired";
    },
    setStatus(id, status) {
      payment(id).status = status;
    },
    webhook(type, id) {
      const eventId = newId();
      const body = JSON.stringify({
        id: eventId,
        type,
        resource: "event",
        data: payment(id),
        reason: null,
        created_at: iso(new Date()),
      });
      return {
        body,
        headers: {
          "content-type": "application/json",
          "user-agent": "Komoju-Webhook",
          "x-komoju-id": newId(),
          "x-komoju-event": type,
          "x-komoju-signature": createHmac("sha256", webhookSecret).update(body).digest("hex"),
        },
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
