import { eq } from "drizzle-orm";
import { parse } from "node-html-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "#core/identity/sessions.ts";
import { createSession } from "#core/identity/sessions.ts";
import { memberAccount, platformAccount } from "#core/money/ledger/accounts.ts";
import { getBalance } from "#core/money/ledger/get-balance.ts";
import { postEntry } from "#core/money/ledger/post-entry.ts";
import { purchaseItem } from "#core/trading/purchase-item.ts";
import { items, transactions } from "#db/schema/index.ts";
import { listItem, makeMember } from "../helpers/catalog.ts";
import { startTestServer, type TestServer } from "../helpers/http-server.ts";
import { expectLedgerInvariants } from "../helpers/ledger.ts";
import { cardToken, makeBuyer } from "../helpers/trading.ts";

let server: TestServer;

async function cookieOf(user: SessionUser) {
  return `tsugu=${(await createSession(server.ctx, { userId: user.id, kind: "web", persistent: true })).token}`;
}

async function page(url: string, cookie?: string) {
  const res = await fetch(`${server.url}${url}`, { redirect: "manual", headers: cookie ? { cookie } : {} });
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

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe("buying pages", () => {
  it("keeps one action in the item page's bottom bar: buy on sale, edit for the seller, sold out after the sale, and no tabs", async () => {
    const seller = await makeMember(server.ctx);
    const buyer = await makeBuyer(server.ctx);
    const itemId = await listItem(server.ctx, seller);
    const otherId = await listItem(server.ctx, seller, { title: "iPhone 12 64GB ブルー 動作品" });
    const bar = async (lang: string, cookie?: string) => {
      const { doc } = await page(`/${lang}/items/${itemId}/`, cookie);
      // The tabs give way to the bar on this page.
      expect(doc.querySelector('nav[aria-label="メインメニュー"], nav[aria-label="Main menu"]')).toBeNull();
      return doc.querySelector('[data-testid="action-bar"]')!;
    };
    const onSale = await bar("ja", await cookieOf(buyer));
    expect(onSale.querySelector('[data-testid="action-bar-price"]')?.text).toContain("¥18,000");
    expect(onSale.querySelector('a[data-testid="buy-button"]')?.text).toBe("購入手続きへ");
    const en = await bar("en");
    expect(en.querySelector('a[data-testid="buy-button"]')?.text).toBe("Buy this item");
    // The seller edits instead, from the bar on a phone (the link beside the photos is for a desk).
    const own = await bar("ja", await cookieOf(seller));
    expect(own.querySelector('[data-testid="buy-button"]')).toBeNull();
    expect(own.querySelector(`a[href="/ja/items/${itemId}/edit/"]`)?.text).toBe("編集する");
    // The seller's other listings on sale, this one left out.
    const { doc } = await page(`/ja/items/${itemId}/`);
    const row = doc.querySelector('ul[aria-label="この出品者の商品"]');
    expect(row?.querySelectorAll("a").map((a) => a.getAttribute("href"))).toEqual([`/ja/items/${otherId}/`]);
    expect(doc.querySelector(`a[href="/ja/users/${seller.id}/#listings"]`)?.text).toBe(
      "この出品者の商品をもっと見る",
    );

    await purchaseItem(server.ctx, {
      actor: buyer,
      itemId,
      idempotencyKey: `bar-${itemId}`,
      input: { paymentMethod: "card", cardToken: await cardToken(server.ctx) },
      returnUrl: `${server.url}/ja/items/${itemId}/secure/result/`,
    });
    for (const cookie of [undefined, await cookieOf(seller)]) {
      const sold = await bar("ja", cookie);
      expect(sold.querySelector("a")).toBeNull();
      expect(sold.querySelector("button[disabled]")?.text).toBe("売り切れ");
    }
    expect((await bar("en")).querySelector("button[disabled]")?.text).toBe("Sold out");
  });

  it("shows the purchase page in Japanese and English, with the price in yen and the buyer's address", async () => {
    const seller = await makeMember(server.ctx);
    const buyer = await makeBuyer(server.ctx);
    const itemId = await listItem(server.ctx, seller);
    const cookie = await cookieOf(buyer);
    const ja = await page(`/ja/items/${itemId}/buy/`, cookie);
    expect(ja.status).toBe(200);
    expect(ja.doc.querySelector("h1")?.text).toBe("購入内容の確認");
    expect(ja.doc.querySelector('[data-testid="total"]')?.text).toBe("¥18,000");
    expect(ja.html).toContain("渋谷区神宮前");
    const en = await page(`/en/items/${itemId}/buy/`, cookie);
    expect(en.doc.querySelector("h1")?.text).toBe("Confirm your purchase");
    expect(en.doc.querySelector('[data-testid="total"]')?.text).toBe("¥18,000");
    // Card inputs carry no name: the browser never sends the number to us, only to the provider.
    expect(ja.doc.querySelectorAll("input[data-card]").every((i) => !i.getAttribute("name"))).toBe(true);
  });

  it("refuses a purchase with too few points without changing anything, then buys with points from the form", async () => {
    const seller = await makeMember(server.ctx);
    const buyer = await makeBuyer(server.ctx);
    const itemId = await listItem(server.ctx, seller);
    const cookie = await cookieOf(buyer);
    const res = await post(`/ja/items/${itemId}/buy/`, cookie, {
      idempotencyKey: "page-points-0001",
      method: "points",
    });
    expect(res.status).toBe(409);
    const failed = parse(await res.text());
    expect(failed.querySelector('[role="alert"]')?.text).toBe("残高が足りません");
    // A refused attempt is over: the form offers a new key for the next one.
    expect(failed.querySelector('input[name="idempotencyKey"]')?.getAttribute("value")).not.toBe(
      "page-points-0001",
    );
    expect(
      (await page(`/ja/items/${itemId}/`, cookie)).doc.querySelector('[data-testid="buy-button"]'),
    ).not.toBeNull();

    // Points topped up (posted to the ledger as a top-up is), the same form buys with the key it offers.
    await postEntry(server.ctx, {
      idempotencyKey: `test-points-top-up-${buyer.id}`,
      kind: "points_top_up",
      lines: [
        { account: platformAccount("card_clearing"), amount: -20_000 },
        { account: memberAccount(buyer.id, "points"), amount: 20_000 },
      ],
    });
    const offered = (await page(`/ja/items/${itemId}/buy/`, cookie)).doc;
    expect(offered.querySelector('input[name="method"][value="points"]')).not.toBeNull();
    const bought = await post(`/ja/items/${itemId}/buy/`, cookie, {
      idempotencyKey: failed.querySelector('input[name="idempotencyKey"]')!.getAttribute("value")!,
      method: "points",
    });
    expect(bought.status).toBe(302);
    expect(bought.headers.get("location")).toBe(`/ja/items/${itemId}/transactions/`);

    // One transaction, paid with points: the price left the points and waits in escrow.
    const sales = await server.ctx.db.select().from(transactions).where(eq(transactions.itemId, itemId));
    expect(sales).toHaveLength(1);
    expect(sales[0]).toMatchObject({
      buyerId: buyer.id,
      sellerId: seller.id,
      paymentMethod: "points",
      price: 18_000,
      state: "START",
    });
    expect(await getBalance(server.ctx, { userId: buyer.id })).toMatchObject({
      points: 2_000,
      escrow: 18_000,
    });
    const [item] = await server.ctx.db.select({ state: items.state }).from(items).where(eq(items.id, itemId));
    expect(item!.state).toBe("SOLD");
    await expectLedgerInvariants(server.ctx.db);

    // The buyer lands on their side of it, and the seller sees the sale waiting to be shipped.
    const buyerView = await page(`/ja/items/${itemId}/transactions/`, cookie);
    expect(buyerView.location).toBe(`/ja/items/${itemId}/transactions/buyer/`);
    const sellerView = await page(`/ja/items/${itemId}/transactions/seller/`, await cookieOf(seller));
    expect(sellerView.status).toBe(200);
    expect(sellerView.doc.querySelector('[data-testid="transaction-state"]')?.text).toBe("発送待ち");
    expect(sellerView.html).toContain("商品を発送してください。");
  });

  it("leads a buyer who paid to the buyer's side of the transaction, and the seller to theirs", async () => {
    const seller = await makeMember(server.ctx);
    const buyer = await makeBuyer(server.ctx);
    const itemId = await listItem(server.ctx, seller);
    await purchaseItem(server.ctx, {
      actor: buyer,
      itemId,
      idempotencyKey: "page-card-000001",
      input: { paymentMethod: "card", cardToken: await cardToken(server.ctx) },
      returnUrl: `${server.url}/ja/items/${itemId}/secure/result/`,
    });
    const buyerView = await page(`/ja/items/${itemId}/transactions/`, await cookieOf(buyer));
    expect(buyerView.location).toBe(`/ja/items/${itemId}/transactions/buyer/`);
    const sellerCookie = await cookieOf(seller);
    const wrongSide = await page(`/ja/items/${itemId}/transactions/buyer/`, sellerCookie);
    expect(wrongSide.location).toBe(`/ja/items/${itemId}/transactions/seller/`);
    const sellerView = await page(`/ja/items/${itemId}/transactions/seller/`, sellerCookie);
    expect(sellerView.doc.querySelector('[data-testid="transaction-state"]')?.text).toBe("発送待ち");
    expect(sellerView.html).toContain("商品を発送してください。");
    const stranger = await page(
      `/ja/items/${itemId}/transactions/`,
      await cookieOf(await makeMember(server.ctx)),
    );
    expect(stranger.status).toBe(404);
  });

  it("serves the sandbox's 3-D Secure page only for a real charge and only back to our own site", async () => {
    const unknown = await page(
      `/sandbox/payments/challenge/ch_${"0".repeat(24)}/?return=${encodeURIComponent(`${server.url}/ja/`)}`,
    );
    expect(unknown.status).toBe(404);
    const elsewhere = await page(
      `/sandbox/payments/challenge/ch_${"0".repeat(24)}/?return=${encodeURIComponent("https://evil.example/")}`,
    );
    expect(elsewhere.status).toBe(400);
  });
});
