import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

type Behaviour = "success" | "declined" | "challenge";
type Card = {
  id: string;
  object: "card";
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  behaviour: Behaviour;
};
type Charge = {
  id: string;
  object: "charge";
  amount: number;
  currency: "jpy";
  paid: boolean;
  captured: boolean;
  refunded: boolean;
  amount_refunded: number;
  failure_code: string | null;
  failure_message: string | null;
  three_d_secure_status: string | null;
  expired_at: number | null;
  created: number;
  card: Omit<Card, "behaviour">;
  metadata: Record<string, string>;
  tds?: "passed" | "failed";
};

export type FakePayjp = {
  url: string;
  secretKey: string;
  /** A token as payjp.js would hand the browser for a test card. */
  token(behaviour: Behaviour): string;
  /** What the buyer does on the issuer's 3-D Secure page. */
  completeChallenge(chargeId: string, pass: boolean): void;
  charges: Map<string, Charge>;
  requests: string[];
  close(): Promise<void>;
};

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

/** A local stand-in for api.pay.jp answering with the documented v1 shapes, on loopback. */
export async function startFakePayjp(): Promise<FakePayjp> {
  const secretKey = "sk_test_fake0123456789";
  const tokens = new Map<string, Card & { used: boolean }>();
  const charges = new Map<string, Charge>();
  const customers = new Map<string, { id: string; object: "customer"; email: string; cards: Card[] }>();
  const requests: string[] = [];

  const visible = (c: Card) => {
    const { behaviour: _b, ...rest } = c;
    return rest;
  };
  const publicCharge = (c: Charge) => {
    const { tds: _t, ...rest } = c;
    return rest;
  };
  const fail = (res: ServerResponse, status: number, code: string, message: string) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(
      JSON.stringify({
        error: { code, message, status, type: status === 402 ? "card_error" : "client_error" },
      }),
    );
  };
  const ok = (res: ServerResponse, body: unknown) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://fake");
    requests.push(`${req.method} ${url.pathname}`);
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString()));
    if (req.headers.authorization !== `Basic ${Buffer.from(`${secretKey}:`).toString("base64")}`) {
      return fail(res, 401, "invalid_api_key", "Invalid API Key");
    }
    const path = url.pathname.replace(/^\/v1/, "");
    if (req.method === "POST" && path === "/charges") {
      let card: Card | undefined;
      if (form.customer) card = customers.get(form.customer)?.cards.find((c) => c.id === form.card);
      else {
        const t = tokens.get(form.card ?? "");
        if (t?.used) return fail(res, 400, "token_already_used", "token already used");
        if (t) t.used = true;
        card = t;
      }
      if (!card) return fail(res, 400, "invalid_id", "No such card");
      if (card.behaviour === "declined") return fail(res, 402, "card_declined", "Card declined");
      const tds = form.three_d_secure === "true";
      const charge: Charge = {
        id: newId("ch"),
        object: "charge",
        amount: Number(form.amount),
        currency: "jpy",
        paid: !tds,
        captured: form.capture !== "false" && !tds,
        refunded: false,
        amount_refunded: 0,
        failure_code: null,
        failure_message: null,
        three_d_secure_status: tds ? (card.behaviour === "challenge" ? "unverified" : "verified") : null,
        expired_at: null,
        created: Math.floor(Date.now() / 1000),
        card: visible(card),
        metadata: Object.fromEntries(
          Object.entries(form)
            .filter(([k]) => k.startsWith("metadata["))
            .map(([k, v]) => [k.slice(9, -1), v]),
        ),
      };
      if (tds && card.behaviour !== "challenge") charge.paid = true;
      charges.set(charge.id, charge);
      return ok(res, publicCharge(charge));
    }
    if (req.method === "GET" && path === "/charges") {
      const since = Number(url.searchParams.get("since") ?? 0);
      const data = [...charges.values()]
        .filter((c) => c.created >= since)
        .reverse()
        .map(publicCharge);
      return ok(res, { object: "list", count: data.length, has_more: false, url: "/v1/charges", data });
    }
    const chargePath = /^\/charges\/(ch_\w+)(?:\/(tds_finish|capture|refund))?$/.exec(path);
    if (chargePath) {
      const m = chargePath;
      const charge = charges.get(m[1]!);
      if (!charge) return fail(res, 404, "invalid_id", "No such charge");
      const action = m[2];
      if (req.method === "GET" && !action) return ok(res, publicCharge(charge));
      if (action === "tds_finish") {
        if (charge.three_d_secure_status !== "unverified" || !charge.tds)
          return fail(res, 400, "invalid_three_d_secure_status", "3-D Secure not finished");
        charge.three_d_secure_status = charge.tds === "passed" ? "verified" : "failed";
        charge.paid = charge.tds === "passed";
        if (!charge.paid) charge.failure_code = "three_d_secure_failed";
        return ok(res, publicCharge(charge));
      }
      if (action === "capture") {
        if (!charge.paid || charge.captured || charge.refunded)
          return fail(res, 400, "already_captured", "cannot capture");
        charge.captured = true;
        return ok(res, publicCharge(charge));
      }
      if (action === "refund") {
        if (charge.refunded) return fail(res, 400, "already_refunded", "already refunded");
        charge.refunded = true;
        charge.amount_refunded = charge.amount;
        return ok(res, publicCharge(charge));
      }
    }
    if (req.method === "POST" && path === "/customers") {
      const customer = {
        id: newId("cus"),
        object: "customer" as const,
        email: form.email ?? "",
        cards: [] as Card[],
      };
      customers.set(customer.id, customer);
      return ok(res, { ...customer, cards: { object: "list", data: [] } });
    }
    const cardsPath = /^\/customers\/(cus_\w+)\/cards(?:\/(car_\w+))?$/.exec(path);
    if (cardsPath) {
      const m = cardsPath;
      const customer = customers.get(m[1]!);
      if (!customer) return fail(res, 404, "invalid_id", "No such customer");
      if (req.method === "POST" && !m[2]) {
        const t = tokens.get(form.card ?? "");
        if (!t || t.used) return fail(res, 400, "invalid_id", "No such token");
        t.used = true;
        const card = { ...t, id: newId("car") };
        customer.cards.push(card);
        return ok(res, visible(card));
      }
      if (req.method === "GET" && !m[2])
        return ok(res, { object: "list", data: customer.cards.map(visible) });
      if (req.method === "DELETE" && m[2]) {
        customer.cards = customer.cards.filter((c) => c.id !== m[2]);
        return ok(res, { id: m[2], deleted: true, livemode: false });
      }
    }
    return fail(res, 404, "not_found", `no route ${req.method} ${url.pathname}`);
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error) => fail(res, 500, "server_error", String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    secretKey,
    charges,
    requests,
    token(behaviour) {
      const number = { success: "4242", declined: "0002", challenge: "3220" }[behaviour];
      const id = newId("tok");
      tokens.set(id, {
        id: newId("car"),
        object: "card",
        brand: "Visa",
        last4: number,
        exp_month: 12,
        exp_year: 2030,
        behaviour,
        used: false,
      });
      return id;
    },
    completeChallenge(chargeId, pass) {
      const charge = charges.get(chargeId);
      if (charge) charge.tds = pass ? "passed" : "failed";
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
