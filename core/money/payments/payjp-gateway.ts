import { timingSafeEqual } from "node:crypto";
import type { Charge, PaymentGateway, SavedCard } from "./gateway.ts";
import type { ChargeStatus } from "./payment-status.ts";
import { parseEvent } from "./sandbox-gateway.ts";

export type PayjpSettings = {
  secretKey: string;
  publicKey: string;
  /** The token PAY.JP sends in `X-Payjp-Webhook-Token` (set in its dashboard). */
  webhookToken: string;
  /** Name of the 3-D Secure return address registered in PAY.JP's dashboard. */
  tdsBackName: string;
  /** https://api.pay.jp/v1 unless a test points it elsewhere. */
  apiBase?: string;
};

type PayjpCard = { id: string; brand: string; last4: string; exp_month: number; exp_year: number };
type PayjpCharge = {
  id: string;
  object: "charge";
  amount: number;
  paid: boolean;
  captured: boolean;
  refunded: boolean;
  amount_refunded: number;
  failure_code: string | null;
  three_d_secure_status: string | null;
  expired_at: number | null;
  card: PayjpCard | null;
  metadata: Record<string, string> | null;
};
type PayjpError = { error: { code?: string; message?: string; status?: number; type?: string } };

const REFERENCE_METADATA = "tsugu_reference";

class PayjpRequestError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  constructor(status: number, code: string | undefined, message: string) {
    super(`PAY.JP ${status} ${code ?? ""}: ${message}`);
    this.name = "PayjpRequestError";
    this.status = status;
    this.code = code;
  }
}

/** Maps PAY.JP's charge flags to our statuses. */
function payjpChargeStatus(c: PayjpCharge): ChargeStatus {
  if (c.three_d_secure_status === "unverified") return c.expired_at ? "expired" : "requires_3ds";
  if (c.three_d_secure_status === "failed" || c.three_d_secure_status === "error") return "failed";
  if (c.failure_code) return "failed";
  if (c.refunded) return c.captured ? "refunded" : "voided";
  if (c.captured) return "captured";
  if (c.paid) return "authorized";
  return "failed";
}

function toCharge(c: PayjpCharge): Charge {
  return {
    id: c.id,
    amount: c.amount,
    status: payjpChargeStatus(c),
    reference: c.metadata?.[REFERENCE_METADATA] ?? "",
    card: c.card
      ? { brand: c.card.brand, last4: c.card.last4, expMonth: c.card.exp_month, expYear: c.card.exp_year }
      : null,
    failureCode: c.failure_code,
  };
}

const toSavedCard = (c: PayjpCard): SavedCard => ({
  id: c.id,
  brand: c.brand,
  last4: c.last4,
  expMonth: c.exp_month,
  expYear: c.exp_year,
});

/**
 * PAY.JP's v1 API (https://pay.jp/docs/api/): form-encoded requests with the secret key as the
 * Basic user. Charges are created uncaptured with `three_d_secure=true`; the buyer is sent to
 * `/v1/tds/{id}/start`, and on return `tds_finish` completes the charge. Refunding an uncaptured
 * charge releases the authorisation. Webhook events are trusted only after fetching the charge.
 */
export function createPayjpGateway(s: PayjpSettings, fetchImpl: typeof fetch = fetch): PaymentGateway {
  const base = (s.apiBase ?? "https://api.pay.jp/v1").replace(/\/$/, "");
  const auth = `Basic ${Buffer.from(`${s.secretKey}:`).toString("base64")}`;

  async function call<T>(
    method: "GET" | "POST" | "DELETE",
    path: string,
    form?: Record<string, string>,
  ): Promise<T> {
    const body = form ? new URLSearchParams(form).toString() : undefined;
    const response = await fetchImpl(`${base}${path}`, {
      method,
      headers: {
        authorization: auth,
        ...(body ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      body,
      signal: AbortSignal.timeout(30_000),
    });
    const json = (await response.json()) as T | PayjpError;
    if (!response.ok) {
      const error = (json as PayjpError).error ?? {};
      throw new PayjpRequestError(response.status, error.code, error.message ?? "request failed");
    }
    return json as T;
  }

  const chargeCall = async (path: string, form: Record<string, string> = {}) =>
    toCharge(await call<PayjpCharge>("POST", path, form));

  return {
    name: "payjp",
    kind: "live",
    publicKey: s.publicKey,
    async authorize(o) {
      const form: Record<string, string> = {
        amount: String(o.amount),
        currency: "jpy",
        capture: "false",
        [`metadata[${REFERENCE_METADATA}]`]: o.reference,
      };
      if (o.threeDSecure) form.three_d_secure = "true";
      if ("token" in o.source) form.card = o.source.token;
      else Object.assign(form, { customer: o.source.customerId, card: o.source.cardId });
      try {
        return { ok: true, charge: await chargeCall("/charges", form) };
      } catch (error) {
        // 402: the card was refused (card_declined, expired_card, invalid_cvc…); nothing was created.
        if (error instanceof PayjpRequestError && (error.status === 402 || error.status === 400)) {
          return { ok: false, code: error.code ?? "card_declined" };
        }
        throw error;
      }
    },
    challengeUrl(chargeId) {
      const url = new URL(`${base}/tds/${encodeURIComponent(chargeId)}/start`);
      url.searchParams.set("publickey", s.publicKey);
      url.searchParams.set("back", s.tdsBackName);
      return url.toString();
    },
    finishThreeDSecure: (chargeId) => chargeCall(`/charges/${encodeURIComponent(chargeId)}/tds_finish`),
    async capture(chargeId) {
      const current = await this.getCharge(chargeId);
      if (current?.status === "captured") return current;
      return chargeCall(`/charges/${encodeURIComponent(chargeId)}/capture`);
    },
    async void(chargeId) {
      const current = await this.getCharge(chargeId);
      if (current && current.status !== "authorized") return current;
      return chargeCall(`/charges/${encodeURIComponent(chargeId)}/refund`);
    },
    async refund(chargeId) {
      const current = await this.getCharge(chargeId);
      if (current?.status === "refunded") return current;
      return chargeCall(`/charges/${encodeURIComponent(chargeId)}/refund`);
    },
    async getCharge(chargeId) {
      try {
        return toCharge(await call<PayjpCharge>("GET", `/charges/${encodeURIComponent(chargeId)}`));
      } catch (error) {
        if (error instanceof PayjpRequestError && error.status === 404) return null;
        throw error;
      }
    },
    async findCharge(reference, since) {
      const query = new URLSearchParams({
        limit: "100",
        since: String(Math.floor(since.getTime() / 1000) - 60),
      });
      const list = await call<{ data: PayjpCharge[] }>("GET", `/charges?${query}`);
      const found = list.data.find((c) => c.metadata?.[REFERENCE_METADATA] === reference);
      return found ? toCharge(found) : null;
    },
    async createCustomer(o) {
      const customer = await call<{ id: string }>("POST", "/customers", {
        email: o.email,
        "metadata[user_id]": String(o.userId),
      });
      return customer.id;
    },
    async addCard(customerId, token) {
      return toSavedCard(
        await call<PayjpCard>("POST", `/customers/${encodeURIComponent(customerId)}/cards`, { card: token }),
      );
    },
    async listCards(customerId) {
      const list = await call<{ data: PayjpCard[] }>(
        "GET",
        `/customers/${encodeURIComponent(customerId)}/cards?limit=100`,
      );
      return list.data.map(toSavedCard);
    },
    async deleteCard(customerId, cardId) {
      await call(
        "DELETE",
        `/customers/${encodeURIComponent(customerId)}/cards/${encodeURIComponent(cardId)}`,
      );
    },
    verifyWebhook({ headers, body }) {
      const given = Buffer.from(headers["x-payjp-webhook-token"] ?? "");
      const expected = Buffer.from(s.webhookToken);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return parseEvent(body);
    },
  };
}
