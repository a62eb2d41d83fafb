import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_TEST_CARDS } from "#core/money/payments/test-cards.ts";
import { listItem, makeMember } from "../helpers/catalog.ts";
import { startTestServer, type TestServer } from "../helpers/http-server.ts";
import { expectLedgerInvariants } from "../helpers/ledger.ts";
import { makeBuyer } from "../helpers/trading.ts";
import { apiTokenFor, callApi } from "../helpers/web.ts";

let server: TestServer;

// biome-ignore lint/suspicious/noExplicitAny: response bodies are read loosely and asserted field by field
type Json = any;
const call = (method: string, path: string, o?: Parameters<typeof callApi>[3]) =>
  callApi(server, method, path, o);
const tokenFor = (userId: number) => apiTokenFor(server, userId);

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await expectLedgerInvariants(server.ctx.db);
  await server?.close();
});

describe("offers API", () => {
  it("offers, counters, accepts the counter and buys at the agreed price", async () => {
    const seller = await makeMember(server.ctx);
    const buyer = await makeBuyer(server.ctx);
    const other = await makeBuyer(server.ctx);
    const itemId = await listItem(server.ctx, seller, { price: "18000" });
    const [s, b, o] = await Promise.all([tokenFor(seller.id), tokenFor(buyer.id), tokenFor(other.id)]);

    const made = await call("POST", `/api/v1/items/${itemId}/offers`, { token: b, body: { amount: 16500 } });
    expect(made.status).toBe(201);
    expect(made.json).toMatchObject({ state: "PENDING", price: 16500 });
    const offerId = made.json.id as number;

    const received = await call("GET", "/api/v1/offers?side=received", { token: s });
    expect(received.status).toBe(200);
    expect(received.json.items[0]).toMatchObject({
      id: offerId,
      state: "PENDING",
      actions: ["accept", "decline", "counter"],
      counter_range: { min: 16501, max: 17999 },
      can_buy: false,
    });
    // The buyer's list shows it sent; a stranger sees none of it.
    expect((await call("GET", "/api/v1/offers?side=sent", { token: b })).json.items[0].id).toBe(offerId);
    expect((await call("GET", "/api/v1/offers?side=received", { token: o })).json.items).toEqual([]);
    expect((await call("POST", `/api/v1/offers/${offerId}/accept`, { token: o })).status).toBe(404);
    // Only the seller counters; the buyer may not answer their own offer.
    expect(
      (await call("POST", `/api/v1/offers/${offerId}/counter`, { token: b, body: { amount: 17000 } })).status,
    ).toBe(403);

    const countered = await call("POST", `/api/v1/offers/${offerId}/counter`, {
      token: s,
      body: { amount: "17,000" },
    });
    expect(countered.status).toBe(200);
    expect(countered.json.state).toBe("COUNTERED");
    // The seller cannot accept their own counter: it is the buyer's turn.
    expect((await call("POST", `/api/v1/offers/${offerId}/accept`, { token: s })).status).toBe(409);
    const accepted = await call("POST", `/api/v1/offers/${offerId}/accept`, { token: b });
    expect(accepted.json).toMatchObject({ state: "ACCEPTED", agreed_price: 17000 });
    expect((await call("POST", `/api/v1/offers/${offerId}/decline`, { token: b })).status).toBe(409);

    // Reserved: another buyer is refused with the reason, the reserved buyer pays 17,000.
    const token = async () => {
      const res = await call("POST", "/sandbox/payments/v1/tokens", {
        body: { number: SANDBOX_TEST_CARDS.success, exp_month: 12, exp_year: 2035, cvc: "123" },
      });
      return res.json.id as string;
    };
    const buyAs = async (t: string) =>
      fetch(`${server.url}/api/v1/items/${itemId}/purchase`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "accept-language": "en",
          authorization: `Bearer ${t}`,
          "idempotency-key": `offer-buy-${t.slice(0, 12)}`,
        },
        body: JSON.stringify({ payment_method: "card", card_token: await token() }),
      });
    const refused = await buyAs(o);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as Json).error.message).toBe(
      "This listing is reserved for another buyer, so it cannot be offered on or bought now",
    );
    const bought = await buyAs(b);
    expect(bought.status).toBe(201);
    const tx = (await bought.json()) as Json;
    const view = await call("GET", `/api/v1/transactions/${tx.transaction_id}`, { token: b });
    expect(view.json.price).toBe(17000);
    const sent = await call("GET", "/api/v1/offers?side=sent", { token: b });
    expect(sent.json.items[0]).toMatchObject({ state: "PURCHASED", can_buy: false });
  });

  it("answers bad input and refusals with 4xx JSON in the caller's language, never a 500", async () => {
    const seller = await makeMember(server.ctx);
    const buyer = await makeBuyer(server.ctx);
    const itemId = await listItem(server.ctx, seller, { price: "18000" });
    const [s, b] = await Promise.all([tokenFor(seller.id), tokenFor(buyer.id)]);
    const offer = (body: unknown, token = b, lang = "ja") =>
      call("POST", `/api/v1/items/${itemId}/offers`, { token, body, lang });

    const low = await offer({ amount: 16199 });
    expect(low.status).toBe(422);
    expect(low.json.error.fields.amount).toBe(
      "16,200円以上の金額を入力してください（この商品の最低価格です）",
    );
    const lowEn = await offer({ amount: "16199" }, b, "en");
    expect(lowEn.json.error.fields.amount).toBe(
      "Enter at least ¥16,200 (the lowest offer this listing accepts)",
    );
    expect((await offer({ amount: 18000 })).status).toBe(422);
    expect((await offer({ amount: 16500.5 })).status).toBe(422);
    expect((await offer({})).status).toBe(422);
    expect((await offer({ amount: true })).status).toBe(422);
    expect((await offer({ amount: 17000, extra: 1 })).status).toBe(422);
    expect((await offer({ amount: "x".repeat(500) })).status).toBe(422);
    expect((await offer("{not json")).status).toBe(400);
    const own = await offer({ amount: 17000 }, s);
    expect(own.status).toBe(403);
    expect(own.json.error.message).toBe("ご自身の商品にはオファーできません");
    expect(
      (await call("POST", "/api/v1/items/999999999/offers", { token: b, body: { amount: 1000 } })).status,
    ).toBe(404);
    expect(
      (await call("POST", "/api/v1/items/abc/offers", { token: b, body: { amount: 1000 } })).status,
    ).toBe(404);
    expect((await call("POST", `/api/v1/items/${itemId}/offers`, { body: { amount: 17000 } })).status).toBe(
      401,
    );

    const first = await offer({ amount: 17000 });
    expect(first.status).toBe(201);
    const twice = await offer({ amount: 17500 });
    expect(twice.status).toBe(409);
    expect(twice.json.error.message).toBe(
      "この商品へのオファーはすでに回答待ちです。回答が届くまでお待ちください",
    );

    const id = first.json.id as number;
    expect(
      (await call("POST", `/api/v1/offers/${id}/counter`, { token: s, body: { amount: 16000 } })).status,
    ).toBe(422);
    expect((await call("POST", `/api/v1/offers/${id}/counter`, { token: s, body: {} })).status).toBe(422);
    expect((await call("POST", "/api/v1/offers/0/accept", { token: s })).status).toBe(404);
    expect((await call("GET", "/api/v1/offers?side=everything", { token: s })).status).toBe(422);
    expect((await call("POST", `/api/v1/offers/${id}/decline`, { token: s })).json.state).toBe("DECLINED");
    expect((await call("POST", `/api/v1/offers/${id}/accept`, { token: s })).status).toBe(409);
  });
});
