import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "#core/identity/sessions.ts";
import { SANDBOX_SIGNATURE_HEADER } from "#core/money/payments/sandbox-gateway.ts";
import { SANDBOX_TEST_CARDS } from "#core/money/payments/test-cards.ts";
import { listItem, makeMember } from "../helpers/catalog.ts";
import { startTestServer, type TestServer } from "../helpers/http-server.ts";
import { expectLedgerInvariants } from "../helpers/ledger.ts";
import { makeBuyer } from "../helpers/trading.ts";

let server: TestServer;

// biome-ignore lint/suspicious/noExplicitAny: response bodies are read loosely and asserted field by field
type Json = any;

async function call(
  method: string,
  path: string,
  o: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      "accept-language": "ja",
      ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
      ...(o.body !== undefined ? { "content-type": "application/json" } : {}),
      ...o.headers,
    },
    body: o.body === undefined ? undefined : JSON.stringify(o.body),
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : null) as Json };
}

async function tokenFor(userId: number) {
  return (await createSession(server.ctx, { userId, kind: "api", persistent: true })).token;
}

/** The browser's side of tokenisation: card details go to the provider's endpoint, never to ours. */
async function cardToken(number: string = SANDBOX_TEST_CARDS.success) {
  const res = await call("POST", "/sandbox/payments/v1/tokens", {
    body: { number, exp_month: 12, exp_year: 2035, cvc: "123" },
  });
  expect(res.status).toBe(201);
  return res.json.id as string;
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await expectLedgerInvariants(server.ctx.db);
  await server?.close();
});

describe("buying API", () => {
  it("buys with an Idempotency-Key: repeats answer the same, another body is 409, a second buyer is sold out", async () => {
    const seller = await makeMember(server.ctx);
    const buyer = await makeBuyer(server.ctx);
    const other = await makeBuyer(server.ctx);
    const itemId = await listItem(server.ctx, seller);
    const token = await tokenFor(buyer.id);
    const body = { payment_method: "card", card_token: await cardToken() };
    const missing = await call("POST", `/api/v1/items/${itemId}/purchase`, { token, body });
    expect(missing.status).toBe(422);
    expect(missing.json.error.fields.idempotency_key).toBe("Idempotency-Key ヘッダーを付けてください");
    const headers = { "idempotency-key": "buy-0123456789" };
    const first = await call("POST", `/api/v1/items/${itemId}/purchase`, { token, body, headers });
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({ state: "START", redirect_url: null });
    const again = await call("POST", `/api/v1/items/${itemId}/purchase`, { token, body, headers });
    expect(again).toEqual(first);
    const changed = await call("POST", `/api/v1/items/${itemId}/purchase`, {
      token,
      body: { ...body, card_token: await cardToken() },
      headers,
    });
    expect(changed.status).toBe(409);
    const late = await call("POST", `/api/v1/items/${itemId}/purchase`, {
      token: await tokenFor(other.id),
      body: { payment_method: "card", card_token: await cardToken() },
      headers: { "idempotency-key": "other-buyer-1" },
    });
    expect(late).toEqual({
      status: 409,
      json: { error: { code: "CONFLICT", message: "この商品は売り切れました" } },
    });
    const view = await call("GET", `/api/v1/transactions/${first.json.transaction_id}`, {
      token: await tokenFor(seller.id),
    });
    expect(view.json).toMatchObject({
      state: "START",
      role: "seller",
      price: 18000,
      fee: 900,
      proceeds: 17100,
    });
    expect(
      (
        await call("GET", `/api/v1/transactions/${first.json.transaction_id}`, {
          token: await tokenFor(other.id),
        })
      ).status,
    ).toBe(404);
  });

  it("documents the purchase and its Idempotency-Key header in the OpenAPI document", async () => {
    const doc = (await call("GET", "/api/v1/openapi.json")).json;
    const purchase = doc.paths["/items/{id}/purchase"].post;
    expect(purchase.parameters).toContainEqual(
      expect.objectContaining({ name: "Idempotency-Key", in: "header", required: true }),
    );
    expect(Object.keys(purchase.responses)).toEqual(expect.arrayContaining(["201", "402", "409"]));
  });

  it("answers a declined card with 402 and sends a challenge card to the hosted 3-D Secure page", async () => {
    const seller = await makeMember(server.ctx);
    const buyer = await makeBuyer(server.ctx);
    const itemId = await listItem(server.ctx, seller);
    const token = await tokenFor(buyer.id);
    const declined = await call("POST", `/api/v1/items/${itemId}/purchase`, {
      token,
      body: { payment_method: "card", card_token: await cardToken(SANDBOX_TEST_CARDS.declined) },
      headers: { "idempotency-key": "declined-0001" },
    });
    expect(declined.status).toBe(402);
    expect(declined.json.error.code).toBe("PAYMENT_FAILED");
    const challenge = await call("POST", `/api/v1/items/${itemId}/purchase`, {
      token,
      body: { payment_method: "card", card_token: await cardToken(SANDBOX_TEST_CARDS.challenge) },
      headers: { "idempotency-key": "challenge-0001" },
    });
    expect(challenge.status).toBe(201);
    expect(challenge.json.state).toBe("AUTH");
    expect(challenge.json.redirect_url).toMatch(
      new RegExp(
        `^${server.url}/sandbox/payments/challenge/ch_[0-9a-f]{24}/\\?return=.*%2Fja%2Fitems%2F${itemId}%2Fsecure%2Fresult%2F$`,
      ),
    );
  });

  it("refuses a webhook without a valid signature and changes nothing", async () => {
    const body = JSON.stringify({
      id: "evnt_forged",
      type: "charge.captured",
      data: { object: "charge", id: "ch_x" },
    });
    const forged: Record<string, string>[] = [
      {},
      { [SANDBOX_SIGNATURE_HEADER]: `t=${Math.floor(Date.now() / 1000)},v1=${"0".repeat(64)}` },
    ];
    for (const headers of forged) {
      const res = await fetch(`${server.url}/webhooks/sandbox`, { method: "POST", headers, body });
      expect(res.status).toBe(401);
    }
    expect((await fetch(`${server.url}/webhooks/unknown`, { method: "POST", body })).status).toBe(404);
  });

  it("keeps card numbers away from our API and refuses invalid ones at the sandbox", async () => {
    const bad = await call("POST", "/sandbox/payments/v1/tokens", {
      body: { number: "1234", exp_month: 1, exp_year: 2035, cvc: "1" },
    });
    expect(bad.status).toBe(422);
    const buyer = await makeBuyer(server.ctx);
    const saved = await call("POST", "/api/v1/me/cards", {
      token: await tokenFor(buyer.id),
      body: { token: await cardToken() },
    });
    expect(saved.status).toBe(201);
    expect(saved.json).toMatchObject({ brand: "Visa", last4: "4242", exp_month: 12, exp_year: 2035 });
    const list = await call("GET", "/api/v1/me/cards", { token: await tokenFor(buyer.id) });
    expect(JSON.stringify(list.json)).not.toContain(SANDBOX_TEST_CARDS.success);
  });
});
