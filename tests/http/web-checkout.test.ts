import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { parse } from "node-html-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getAddress } from "#core/account/get-address.ts";
import { changeItemState } from "#core/catalog/change-item-state.ts";
import type { SessionUser } from "#core/identity/sessions.ts";
import { createSession } from "#core/identity/sessions.ts";
import { grantFreePoints } from "#core/money/balance/free-points.ts";
import { memberAccount, platformAccount } from "#core/money/ledger/accounts.ts";
import { getBalance } from "#core/money/ledger/get-balance.ts";
import { postEntry } from "#core/money/ledger/post-entry.ts";
import { decideSandboxChallenge } from "#core/money/payments/sandbox-gateway.ts";
import { listSavedCards } from "#core/money/payments/saved-cards.ts";
import { payments, transactions } from "#db/schema/index.ts";
import { listItem, makeMember, makeOperator } from "../helpers/catalog.ts";
import { startTestServer, type TestServer } from "../helpers/http-server.ts";
import { expectLedgerInvariants } from "../helpers/ledger.ts";
import { cardToken, makeBuyer, TEST_ADDRESS } from "../helpers/trading.ts";

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

/** The purchase page's address step, as a browser without JavaScript sends it. */
const addressStep = (fields: Partial<typeof TEST_ADDRESS>, choices: Record<string, string> = {}) => ({
  step: "address",
  intent: "save",
  ...TEST_ADDRESS,
  ...fields,
  method: "",
  usePoints: "",
  saveCard: "",
  ...choices,
});

const cardsOf = async (userId: number) => listSavedCards(server.ctx, { userId });
const paymentsOf = (buyerId: number) =>
  server.ctx.db.select().from(payments).where(eq(payments.buyerId, buyerId));

describe("checkout adds what is missing, in place", () => {
  it("takes the address inside the purchase: errors keep what was typed, then the page shows it chosen", async () => {
    const seller = await makeMember(server.ctx);
    const buyer = await makeMember(server.ctx);
    const itemId = await listItem(server.ctx, seller, { price: "3000" });
    const cookie = await cookieOf(buyer);
    const url = `/ja/items/${itemId}/buy/`;
    const first = await page(url, cookie);
    expect(first.status).toBe(200);
    expect(first.html).toContain("配送先住所が登録されていません");
    const step = first.doc.querySelector('[data-testid="checkout-address"]');
    expect(step?.querySelector('input[name="step"]')?.getAttribute("value")).toBe("address");
    expect(step?.querySelector('input[name="postalCode"]')).not.toBeNull();
    // Nothing to buy with before the address: no 購入する, no link away to the settings.
    expect(first.doc.querySelectorAll("button").some((b) => b.text.trim() === "購入する")).toBe(false);
    expect(first.html).not.toContain("/settings/address/");
    expect(first.html).toContain("配送先を登録すると、購入に進めます。");

    const wrong = await post(
      url,
      cookie,
      addressStep({ postalCode: "12", city: "" }, { method: "new", saveCard: "" }),
    );
    expect(wrong.status).toBe(422);
    const again = parse(await wrong.text());
    expect(again.querySelector('input[name="familyName"]')?.getAttribute("value")).toBe("山田");
    expect(again.querySelector('input[name="postalCode"]')?.getAttribute("value")).toBe("12");
    expect(again.toString()).toContain("郵便番号");
    // The choices made below the address travel with it.
    expect(
      again.querySelector('[data-testid="checkout-address"] input[name="saveCard"]')?.getAttribute("value"),
    ).toBe("");
    expect(await getAddress(server.ctx, buyer.id)).toBeNull();
    const english = await post(`/en/items/${itemId}/buy/`, cookie, addressStep({ postalCode: "12" }));
    expect(english.status).toBe(422);
    expect(await english.text()).toMatch(/postal code/i);

    // Without JavaScript the postal-code button posts the step, which comes back filled in.
    const lookup = await post(
      url,
      cookie,
      addressStep({ postalCode: "1000001", city: "", street: "" }, { intent: "lookup" }),
    );
    expect(lookup.status).toBe(200);
    const filled = parse(await lookup.text());
    expect(filled.querySelector('input[name="city"]')?.getAttribute("value")).toBe("千代田区");
    expect(filled.querySelector('input[name="familyName"]')?.getAttribute("value")).toBe("山田");
    expect(await getAddress(server.ctx, buyer.id)).toBeNull();

    const saved = await post(url, cookie, addressStep({}, { method: "new", usePoints: "", saveCard: "" }));
    expect(saved.status).toBe(302);
    const back = saved.headers.get("location")!;
    expect(back).toBe(`${url}?method=new&usePoints=&saveCard=`);
    expect(await getAddress(server.ctx, buyer.id)).toMatchObject({ city: "渋谷区神宮前", street: "1-2-3" });
    const chosen = await page(back, cookie);
    expect(text(chosen.doc, "shipping-address")).toContain("渋谷区神宮前1-2-3");
    expect(chosen.doc.querySelector('[data-testid="checkout-address"] input[name="postalCode"]')).toBeNull();
    expect(chosen.doc.querySelector('input[name="method"][value="new"]')?.hasAttribute("checked")).toBe(true);
    expect(chosen.doc.querySelector('input[name="saveCard"]')?.hasAttribute("checked")).toBe(false);
    expect(chosen.html).toContain("購入する");

    // 変更する opens the same step on the same page, filled with the address in use.
    const change = await page(`${url}?step=address`, cookie);
    expect(change.doc.querySelector('input[name="city"]')?.getAttribute("value")).toBe("渋谷区神宮前");
    expect(change.html).toContain("変更をやめる");
    const moved = await post(
      `${url}?step=address`,
      cookie,
      addressStep({ city: "渋谷区渋谷", street: "2-1-1" }),
    );
    expect(moved.status).toBe(302);
    expect(text((await page(url, cookie)).doc, "shipping-address")).toContain("渋谷区渋谷2-1-1");
  });

  it("pays with a new card and saves it when 「このカードを登録する」 is ticked, not when it is not", async () => {
    const seller = await makeMember(server.ctx);
    const buyer = await makeBuyer(server.ctx);
    const cookie = await cookieOf(buyer);
    const first = await listItem(server.ctx, seller, { price: "2000" });
    const offered = await page(`/ja/items/${first}/buy/`, cookie);
    expect(offered.doc.querySelector('input[name="method"][value="new"]')?.hasAttribute("checked")).toBe(
      true,
    );
    const box = offered.doc.querySelector('input[name="saveCard"]');
    expect(box?.hasAttribute("checked")).toBe(true);
    expect(offered.html).toContain("このカードを登録する");

    const kept = await post(`/ja/items/${first}/buy/`, cookie, {
      idempotencyKey: randomUUID(),
      method: "new",
      cardToken: await cardToken(server.ctx),
      saveCard: "1",
      saveCardToken: await cardToken(server.ctx),
    });
    expect(kept.status).toBe(302);
    expect(kept.headers.get("location")).toBe(`/ja/items/${first}/transactions/`);
    // The card is saved by whoever took the money, after its commit: this purchase, or the
    // provider's word about the charge handled by a job a moment before, still saving it.
    await expect.poll(() => cardsOf(buyer.id), { timeout: 10_000 }).toMatchObject([{ last4: "4242" }]);
    const cards = await cardsOf(buyer.id);
    // Next time the saved card is chosen already.
    const second = await listItem(server.ctx, seller, { price: "1000" });
    const next = await page(`/ja/items/${second}/buy/`, cookie);
    expect(
      next.doc.querySelector(`input[name="method"][value="saved:${cards[0]!.id}"]`)?.hasAttribute("checked"),
    ).toBe(true);

    const other = await makeBuyer(server.ctx);
    const notKept = await post(`/ja/items/${second}/buy/`, await cookieOf(other), {
      idempotencyKey: randomUUID(),
      method: "new",
      cardToken: await cardToken(server.ctx),
      saveCardToken: await cardToken(server.ctx),
    });
    expect(notKept.status).toBe(302);
    expect(await cardsOf(other.id)).toEqual([]);
  });

  it("saves the card only once 3-D Secure passed, and not when it failed", async () => {
    const seller = await makeMember(server.ctx);
    for (const pass of [true, false]) {
      const buyer = await makeBuyer(server.ctx);
      const cookie = await cookieOf(buyer);
      const itemId = await listItem(server.ctx, seller, { price: "4000" });
      const sent = await post(`/ja/items/${itemId}/buy/`, cookie, {
        idempotencyKey: randomUUID(),
        method: "new",
        cardToken: await cardToken(server.ctx, "challenge"),
        saveCard: "1",
        saveCardToken: await cardToken(server.ctx, "challenge"),
      });
      expect(sent.status).toBe(302);
      expect(sent.headers.get("location")).toBe(`/ja/items/${itemId}/secure/`);
      expect(await cardsOf(buyer.id)).toEqual([]);
      const [payment] = await paymentsOf(buyer.id);
      await decideSandboxChallenge(server.ctx, { chargeId: payment!.chargeId!, pass });
      const result = await page(`/ja/items/${itemId}/secure/result/`, cookie);
      if (pass) {
        expect(result.location).toBe(`/ja/items/${itemId}/transactions/`);
        // The card is saved by whoever took the money, after its commit: the result page, or the
        // provider's word about the charge handled by a job a moment before, still saving it.
        await expect.poll(() => cardsOf(buyer.id), { timeout: 10_000 }).toMatchObject([{ last4: "3220" }]);
      } else {
        expect(result.status).toBe(200);
        expect(result.html).toContain("購入できませんでした");
        expect(await cardsOf(buyer.id)).toEqual([]);
      }
    }
  });

  it("keeps every choice when the purchase is refused, and never a card token", async () => {
    const seller = await makeMember(server.ctx);
    const buyer = await makeBuyer(server.ctx);
    await topUp(buyer.id, 500);
    const itemId = await listItem(server.ctx, seller, { price: "3000" });
    const res = await post(`/ja/items/${itemId}/buy/`, await cookieOf(buyer), {
      idempotencyKey: randomUUID(),
      method: "new",
      cardToken: "not-a-token",
      saveCardToken: "tok_abc",
      usePoints: "1",
    });
    expect(res.status).toBe(422);
    const doc = parse(await res.text());
    expect(doc.querySelector('[role="alert"]')?.text).toBeTruthy();
    expect(doc.querySelector('input[name="method"][value="new"]')?.hasAttribute("checked")).toBe(true);
    expect(doc.querySelector('input[name="usePoints"]')?.hasAttribute("checked")).toBe(true);
    // Unticked before, unticked again.
    expect(doc.querySelector('input[name="saveCard"]')?.hasAttribute("checked")).toBe(false);
    expect(doc.toString()).not.toContain("tok_abc");
    expect(await paymentsOf(buyer.id)).toEqual([]);
  });

  it("says the listing sold (or was stopped) meanwhile, and charges nothing", async () => {
    const seller = await makeMember(server.ctx);
    for (const meanwhile of ["sold", "stopped"] as const) {
      const buyer = await makeMember(server.ctx);
      await topUp(buyer.id, 300);
      const cookie = await cookieOf(buyer);
      const itemId = await listItem(server.ctx, seller, { price: "2500" });
      const url = `/ja/items/${itemId}/buy/`;
      expect((await page(url, cookie)).doc.querySelector('[data-testid="checkout-address"]')).not.toBeNull();
      // The address is added inside the purchase; someone else buys, or the seller stops the listing.
      expect(
        (await post(url, cookie, addressStep({}, { method: "new", usePoints: "1", saveCard: "1" }))).status,
      ).toBe(302);
      if (meanwhile === "sold") {
        const rival = await makeBuyer(server.ctx);
        const won = await post(url, await cookieOf(rival), {
          idempotencyKey: randomUUID(),
          method: "new",
          cardToken: await cardToken(server.ctx),
        });
        expect(won.status).toBe(302);
      } else {
        await changeItemState(server.ctx, { actor: seller, itemId, action: "stop_selling" });
      }
      const late = await post(url, cookie, {
        idempotencyKey: randomUUID(),
        method: "new",
        cardToken: await cardToken(server.ctx),
        usePoints: "1",
        saveCard: "1",
        saveCardToken: await cardToken(server.ctx),
      });
      expect(late.status).toBe(409);
      const doc = parse(await late.text());
      const alert = doc.querySelector('[data-testid="refusal"]')?.text ?? "";
      expect(alert).toContain(meanwhile === "sold" ? "売り切れました" : "販売を止めているため");
      expect(alert).toContain("お支払いは発生していません");
      expect(await paymentsOf(buyer.id)).toEqual([]);
      expect(await cardsOf(buyer.id)).toEqual([]);
      expect(await getBalance(server.ctx, { userId: buyer.id })).toMatchObject({ points: 300, escrow: 0 });
      const mine = await server.ctx.db
        .select()
        .from(transactions)
        .where(and(eq(transactions.itemId, itemId), eq(transactions.buyerId, buyer.id)));
      expect(mine).toEqual([]);
    }
  });

  it("tells a visitor without JavaScript what fits each card page", async () => {
    const member = await makeMember(server.ctx);
    const cookie = await cookieOf(member);
    for (const url of ["/ja/setup/credit-card/", "/ja/settings/credit-card/add/"]) {
      const { html } = await page(url, cookie);
      expect(html).toContain("カードの登録にはJavaScriptが必要です");
      expect(html).not.toContain("登録済みのカードかポイントをお選びください");
    }
    const seller = await makeMember(server.ctx);
    const itemId = await listItem(server.ctx, seller, { price: "1000" });
    const buy = await page(`/ja/items/${itemId}/buy/`, await cookieOf(await makeBuyer(server.ctx)));
    expect(buy.html).toContain("登録済みのカードかポイントをお選びください");
  });
});
