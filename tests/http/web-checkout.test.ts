import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { parse } from "node-html-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grantFreePoints } from "#core/balance/free-points.ts";
import type { SessionUser } from "#core/identity/sessions.ts";
import { createSession } from "#core/identity/sessions.ts";
import { memberAccount, platformAccount } from "#core/ledger/accounts.ts";
import { getBalance } from "#core/ledger/get-balance.ts";
import { postEntry } from "#core/ledger/post-entry.ts";
import { payments, transactions } from "#db/schema/index.ts";
import { listItem, makeMember, makeOperator } from "../helpers/catalog.ts";
import { startTestServer, type TestServer } from "../helpers/http-server.ts";
import { expectLedgerInvariants } from "../helpers/ledger.ts";
import { cardToken, makeBuyer } from "../helpers/trading.ts";

let server: TestServer;

async function cookieOf(user: SessionUser) {
  return `tsugu=${(await createSession(server.ctx, { userId: user.id, kind: "web", persistent: true })).token}`;
}

async function page(url: string, cookie: string) {
  const res = await fetch(`${server.url}${url}`, { redirect: "manual", headers: { cookie } });
  const html = await res.text();
  return { status: res.status, location: res.headers.get("location"), doc: parse(html), html };
}

function post(url: string, cookie: string, form: Record<string, string>) {
  return fetch(`${server.url}${url}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url, cookie },
    body: new URLSearchParams(form),
  });
}

async function api(path: string, token: string, body: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      "accept-language": "ja",
      "idempotency-key": randomUUID(),
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, type: res.headers.get("content-type"), json: await res.json() };
}

const topUp = (userId: number, amount: number) =>
  postEntry(server.ctx, {
    idempotencyKey: `test-top-up-${randomUUID()}`,
    kind: "points_top_up",
    lines: [
      { account: platformAccount("card_clearing"), amount: -amount },
      { account: memberAccount(userId, "points"), amount },
    ],
  });

const text = (doc: ReturnType<typeof parse>, id: string) =>
  doc.querySelector(`[data-testid="${id}"]`)?.text.trim();

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await expectLedgerInvariants(server.ctx.db);
  await server?.close();
});

describe("checkout with the balance", () => {
  it("offers no points at all with a ¥0 balance: the card pays it all", async () => {
    const seller = await makeMember(server.ctx);
    const buyer = await makeBuyer(server.ctx);
    const itemId = await listItem(server.ctx, seller, { price: "5000" });
    const { doc, status } = await page(`/ja/items/${itemId}/buy/`, await cookieOf(buyer));
    expect(status).toBe(200);
    expect(doc.querySelector('input[name="method"][value="points"]')).toBeNull();
    expect(doc.querySelector('input[name="usePoints"]')).toBeNull();
    expect(doc.querySelector('[data-testid="points-balance"]')).toBeNull();
    expect(text(doc, "pay-card")).toBe("¥5,000");
    expect(text(doc, "pay-points")).toBe("0P");
  });

  it("offers paying with points when free and paid points cover the price, with the breakdown", async () => {
    const seller = await makeMember(server.ctx);
    const buyer = await makeBuyer(server.ctx);
    const finance = await makeOperator(server.ctx, ["finance"]);
    await grantFreePoints(server.ctx, finance, {
      userId: buyer.id,
      input: { amount: "1200", expiresInDays: "30", reason: "キャンペーン" },
      requestKey: randomUUID(),
    });
    await topUp(buyer.id, 4000);
    const itemId = await listItem(server.ctx, seller, { price: "5000" });
    const cookie = await cookieOf(buyer);
    const { doc, html } = await page(`/ja/items/${itemId}/buy/`, cookie);
    const points = doc.querySelector('input[name="method"][value="points"]');
    expect(points).not.toBeNull();
    expect(points!.hasAttribute("checked")).toBe(true);
    expect(html).toContain("ポイントで支払う（残高 5,200P）");
    expect(doc.querySelector('input[name="usePoints"]')).toBeNull();
    expect(text(doc, "pay-free-points")).toBe("1,200P");
    expect(text(doc, "pay-points")).toBe("3,800P");
    expect(text(doc, "pay-card")).toBe("¥0");
    const en = await page(`/en/items/${itemId}/buy/`, cookie);
    expect(en.html).toContain("Pay with points (balance 5,200P)");

    const bought = await post(`/ja/items/${itemId}/buy/`, cookie, {
      idempotencyKey: randomUUID(),
      method: "points",
    });
    expect(bought.status).toBe(302);
    const view = await page(`/ja/items/${itemId}/transactions/buyer/`, cookie);
    expect(text(view.doc, "paid-free-points")).toBe("1,200P");
    expect(text(view.doc, "paid-points")).toBe("3,800P");
    expect(view.doc.querySelector('[data-testid="paid-card"]')).toBeNull();
    expect(await getBalance(server.ctx, { userId: buyer.id })).toMatchObject({
      free_points: 0,
      points: 200,
      escrow: 5000,
    });
  });

  it("buys with points and a card end to end: the box offers the balance, the card pays only the rest", async () => {
    const seller = await makeMember(server.ctx);
    const buyer = await makeBuyer(server.ctx);
    await topUp(buyer.id, 1500);
    const itemId = await listItem(server.ctx, seller, { price: "5000" });
    const cookie = await cookieOf(buyer);
    const { doc, html } = await page(`/ja/items/${itemId}/buy/`, cookie);
    expect(doc.querySelector('input[name="method"][value="points"]')).toBeNull();
    const box = doc.querySelector('input[name="usePoints"]');
    expect(box?.getAttribute("value")).toBe("1");
    expect(box?.hasAttribute("checked")).toBe(true);
    expect(html).toContain("ポイントを使う（1,500P 利用、残り¥3,500をカードで）");
    expect(text(doc, "pay-points")).toBe("1,500P");
    expect(text(doc, "pay-card")).toBe("¥3,500");

    const bought = await post(`/ja/items/${itemId}/buy/`, cookie, {
      idempotencyKey: randomUUID(),
      method: "new",
      cardToken: await cardToken(server.ctx),
      usePoints: "1",
    });
    expect(bought.status).toBe(302);
    expect(bought.headers.get("location")).toBe(`/ja/items/${itemId}/transactions/`);
    const [sale] = await server.ctx.db.select().from(transactions).where(eq(transactions.itemId, itemId));
    expect(sale).toMatchObject({ paymentMethod: "card", paidPoints: 1500, paidCard: 3500, state: "START" });
    const [payment] = await server.ctx.db.select().from(payments).where(eq(payments.transactionId, sale!.id));
    expect(payment).toMatchObject({ amount: 3500, state: "COMPLETED" });
    expect(await getBalance(server.ctx, { userId: buyer.id })).toMatchObject({ points: 0, escrow: 5000 });
    const view = await page(`/ja/items/${itemId}/transactions/buyer/`, cookie);
    expect(text(view.doc, "paid-points")).toBe("1,500P");
    expect(text(view.doc, "paid-card")).toBe("¥3,500");
    // The seller is not shown how the buyer paid.
    const sellerView = await page(`/ja/items/${itemId}/transactions/seller/`, await cookieOf(seller));
    expect(sellerView.doc.querySelector('[data-testid="paid-card"]')).toBeNull();
  });

  it("takes the same choice over the API, and answers contradictory choices with 400", async () => {
    const seller = await makeMember(server.ctx);
    const buyer = await makeBuyer(server.ctx);
    await topUp(buyer.id, 700);
    const itemId = await listItem(server.ctx, seller, { price: "2000" });
    const token = (await createSession(server.ctx, { userId: buyer.id, kind: "api", persistent: true }))
      .token;
    const path = `/api/v1/items/${itemId}/purchase`;
    const flagOnly = await api(path, token, { payment_method: "points", use_points: true });
    expect(flagOnly.status).toBe(400);
    expect(flagOnly.type).toContain("application/json");
    expect(flagOnly.json.error.fields.use_points).toBe("ポイントの併用は、カードで支払うときに選べます");
    const pointsWithCard = await api(path, token, {
      payment_method: "points",
      card_token: await cardToken(server.ctx),
    });
    expect(pointsWithCard.status).toBe(400);
    expect(pointsWithCard.json.error.fields.card_token).toBe(
      "ポイントで支払う場合は、カードを選ばないでください",
    );
    const notCovered = await api(path, token, { payment_method: "points" });
    expect(notCovered.status).toBe(409);
    expect(notCovered.json.error.message).toBe("残高が足りません");
    const mixed = await api(path, token, {
      payment_method: "card",
      card_token: await cardToken(server.ctx),
      use_points: true,
    });
    expect(mixed.status).toBe(201);
    expect(mixed.json.state).toBe("START");
    const view = await fetch(`${server.url}/api/v1/transactions/${mixed.json.transaction_id}`, {
      headers: { authorization: `Bearer ${token}` },
    }).then((r) => r.json());
    expect(view.paid_with).toEqual({ free_points: 0, points: 700, card: 1300 });
    const spec = await fetch(`${server.url}/api/v1/openapi.json`).then((r) => r.json());
    const body =
      spec.paths["/items/{id}/purchase"].post.requestBody.content["application/json"].schema.properties;
    expect(body.use_points.type).toBe("boolean");
  });
});
