import { eq } from "drizzle-orm";
import { type HTMLElement, parse } from "node-html-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "#core/identity/sessions.ts";
import { createSession } from "#core/identity/sessions.ts";
import { purchaseItem } from "#core/trading/purchase-item.ts";
import { cancellationRequests, shipments, transactions } from "#db/schema/index.ts";
import { listItem, makeMember, makeOperator } from "../helpers/catalog.ts";
import { startTestServer, type TestServer } from "../helpers/http-server.ts";
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

async function post(url: string, cookie: string, form: [string, string][] | Record<string, string>) {
  const res = await fetch(`${server.url}${url}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url, cookie },
    body: new URLSearchParams(form),
  });
  const html = await res.text();
  return { status: res.status, location: res.headers.get("location"), doc: parse(html), html };
}

/** What the confirmation panel posts again: its hidden fields, and the confirm button. */
function confirmedForm(doc: HTMLElement): [string, string][] {
  const panel = doc.querySelector('[data-testid="confirm-panel"]');
  expect(panel).not.toBeNull();
  return [
    ...panel!
      .querySelectorAll('input[type="hidden"]')
      .map((i) => [i.getAttribute("name")!, i.getAttribute("value") ?? ""] as [string, string]),
    ["confirmed", "1"],
  ];
}

async function api(method: string, path: string, userId: number, body?: unknown) {
  const token = (await createSession(server.ctx, { userId, kind: "api", persistent: true })).token;
  const res = await fetch(`${server.url}/api/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      "accept-language": "ja",
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, never> };
}

async function sale(fields: Record<string, string> = {}) {
  const seller = await makeMember(server.ctx);
  const buyer = await makeBuyer(server.ctx);
  const itemId = await listItem(server.ctx, seller, fields);
  const { transactionId } = await purchaseItem(server.ctx, {
    actor: buyer,
    itemId,
    idempotencyKey: `steps-${itemId}`,
    input: { paymentMethod: "card", cardToken: await cardToken(server.ctx) },
    returnUrl: `${server.url}/ja/items/${itemId}/secure/result/`,
  });
  return { seller, buyer, itemId, transactionId };
}

const stateOf = async (id: number) =>
  (await server.ctx.db.select().from(transactions).where(eq(transactions.id, id)))[0]!.state;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe("the transaction page", () => {
  it("shows the item's photo, title and price, where the trade is, and what happens after paying, in both languages", async () => {
    const { buyer, itemId } = await sale({ leadTime: "01" });
    const cookie = await cookieOf(buyer);
    const ja = await page(`/ja/items/${itemId}/transactions/buyer/`, cookie);
    expect(ja.status).toBe(200);
    expect(ja.doc.querySelector('[data-testid="trade-photo"]')?.getAttribute("src")).toMatch(/-thumb\.webp$/);
    expect(ja.doc.querySelector('[data-testid="trade-title"]')?.text).toBe(
      "iPhone 13 128GB ミッドナイト 画面割れ",
    );
    expect(ja.doc.querySelector('[data-testid="trade-price"]')?.text).toBe("¥18,000");
    const steps = ja.doc.querySelector('ol[aria-label="取引の流れ"]');
    expect(steps?.querySelectorAll("li").map((li) => li.text.trim())).toEqual([
      "✓購入（完了）",
      "2発送",
      "3受取評価",
      "4取引完了",
    ]);
    expect(steps?.querySelector('[aria-current="step"]')?.text).toContain("発送");
    const done = ja.doc.querySelector('[data-testid="purchase-complete"]');
    expect(done?.querySelector("h2")?.text).toContain("購入が完了しました");
    expect(done?.text).toContain("出品者が1〜2日で発送します");
    expect(done?.text).toContain("発送されたら、通知とメールでお知らせします。");
    const en = await page(`/en/items/${itemId}/transactions/buyer/`, cookie);
    expect(
      en.doc.querySelector('ol[aria-label="Progress of the transaction"] [aria-current="step"]')?.text,
    ).toContain("Shipping");
    expect(en.doc.querySelector('[data-testid="purchase-complete"] h2')?.text).toContain(
      "Your purchase is complete",
    );
    expect(en.doc.querySelector('[data-testid="purchase-complete"]')?.text).toContain("Ships in 1-2 days");
  });

  it("asks the seller to confirm a shipping notice, and checks the tracking number for the carrier first", async () => {
    const { seller, buyer, itemId, transactionId } = await sale({ shippingMethod: "05" });
    const cookie = await cookieOf(seller);
    const url = `/ja/items/${itemId}/transactions/seller/`;
    // One 「任意」 badge, and no 「（任意）」 in the label.
    const form = (await page(url, cookie)).doc.querySelector('[data-testid="ship-form"]')!;
    expect(form.querySelector('label[for="field-trackingNumber"]')?.text).toBe("追跡番号");
    expect(form.text.match(/任意/g)).toHaveLength(1);
    expect(form.querySelector("#field-trackingNumber-hint")?.text).toContain("ヤマト運輸の12桁");

    const wrong = await post(url, cookie, { intent: "ship", trackingNumber: "1234-5678" });
    expect(wrong.status).toBe(422);
    expect(wrong.doc.querySelector('[data-testid="error-trackingNumber"]')?.text).toBe(
      "ヤマト運輸の伝票番号は12桁の数字です（例: 1234-5678-9012）",
    );
    expect(wrong.doc.querySelector("#field-trackingNumber")?.getAttribute("value")).toBe("1234-5678");

    // Without JavaScript the server asks first, and nothing has happened yet.
    const asked = await post(url, cookie, { intent: "ship", trackingNumber: "１２３４ ５６７８ ９０１３" });
    expect(asked.status).toBe(200);
    expect(asked.doc.querySelector('[data-testid="confirm-panel"] h2')?.text).toBe("発送を通知しますか？");
    expect(asked.doc.querySelector('[data-testid="confirm-detail"]')?.text).toBe("追跡番号: 1234-5678-9013");
    expect(asked.html).toContain("通知したあとは取り消せません");
    expect(await stateOf(transactionId)).toBe("START");

    // Back keeps what was typed.
    const back = await post(url, cookie, [...confirmedForm(asked.doc).slice(0, -1), ["back", "1"]]);
    expect(back.status).toBe(200);
    expect(back.doc.querySelector("#field-trackingNumber")?.getAttribute("value")).toBe(
      "１２３４ ５６７８ ９０１３",
    );

    const shipped = await post(url, cookie, confirmedForm(asked.doc));
    expect(shipped.status).toBe(302);
    expect(await stateOf(transactionId)).toBe("SHIPPING");
    const [row] = await server.ctx.db
      .select()
      .from(shipments)
      .where(eq(shipments.transactionId, transactionId));
    expect(row!.trackingNumber).toBe("123456789013");
    const buyerView = await page(`/ja/items/${itemId}/transactions/buyer/`, await cookieOf(buyer));
    expect(buyerView.doc.querySelector('[data-testid="tracking-number"]')?.text).toBe("1234-5678-9013");
    expect(buyerView.doc.querySelector('[aria-current="step"]')?.text).toContain("受取評価");
  });

  it("takes a cancellation request with a reason, confirmed, and shows it to the other party", async () => {
    const { seller, buyer, itemId, transactionId } = await sale();
    const cookie = await cookieOf(buyer);
    const url = `/ja/items/${itemId}/transactions/buyer/`;
    const options = (await page(url, cookie)).doc
      .querySelectorAll('select[name="reason"] option')
      .map((o) => o.text);
    expect(options).toEqual([
      "選択してください",
      "間違えて購入した",
      "発送予定日を過ぎても発送されない",
      "取引相手から連絡がない",
      "取引相手と話し合って合意した",
      "その他",
    ]);

    const noReason = await post(url, cookie, { intent: "cancel-request", reason: "", note: "" });
    expect(noReason.status).toBe(422);
    expect(noReason.doc.querySelector('[data-testid="error-reason"]')?.text).toBe(
      "キャンセルの理由を選んでください",
    );
    // The form stays open after a failure, even without JavaScript.
    expect(noReason.doc.querySelector('details[data-testid="cancel-request"]')?.hasAttribute("open")).toBe(
      true,
    );

    const asked = await post(url, cookie, {
      intent: "cancel-request",
      reason: "not_shipped",
      note: "3日待ちました",
    });
    expect(asked.status).toBe(200);
    expect(asked.doc.querySelector('[data-testid="confirm-panel"] h2')?.text).toBe(
      "キャンセルを申請しますか？",
    );
    expect(asked.doc.querySelector('[data-testid="confirm-detail"]')?.text).toBe(
      "理由: 発送予定日を過ぎても発送されない",
    );
    expect(await stateOf(transactionId)).toBe("START");
    expect((await post(url, cookie, confirmedForm(asked.doc))).status).toBe(302);
    expect(await stateOf(transactionId)).toBe("CANCELING");
    const [request] = await server.ctx.db
      .select()
      .from(cancellationRequests)
      .where(eq(cancellationRequests.transactionId, transactionId));
    expect(request).toMatchObject({
      requestedBy: "buyer",
      reason: "not_shipped",
      note: "3日待ちました",
      answer: null,
    });

    // The seller sees why, and is asked before agreeing.
    const sellerCookie = await cookieOf(seller);
    const sellerUrl = `/ja/items/${itemId}/transactions/seller/`;
    const sellerView = await page(sellerUrl, sellerCookie);
    expect(sellerView.doc.querySelector('[data-testid="cancellation-reason"]')?.text).toBe(
      "発送予定日を過ぎても発送されない",
    );
    expect(sellerView.doc.querySelector('[data-testid="cancellation-note"]')?.text).toBe("3日待ちました");
    const agree = await post(sellerUrl, sellerCookie, { intent: "cancel-agree" });
    expect(agree.doc.querySelector('[data-testid="confirm-panel"] h2')?.text).toBe(
      "キャンセルに同意しますか？",
    );
    expect(await stateOf(transactionId)).toBe("CANCELING");
    expect((await post(sellerUrl, sellerCookie, confirmedForm(agree.doc))).status).toBe(302);
    expect(await stateOf(transactionId)).toBe("CANCELED");
  });

  it("asks the API for a reason too, and refuses a reason of the other side", async () => {
    const { seller, transactionId } = await sale();
    const path = `/transactions/${transactionId}/cancel`;
    const missing = await api("POST", path, seller.id, { step: "request" });
    expect(missing.status).toBe(422);
    expect(missing.json).toMatchObject({ error: { fields: { reason: "キャンセルの理由を選んでください" } } });
    const buyersOwn = await api("POST", path, seller.id, { step: "request", reason: "ordered_by_mistake" });
    expect(buyersOwn.status).toBe(422);
    const unknown = await api("POST", path, seller.id, { step: "request", reason: "bored" });
    expect(unknown.status).toBe(422);
    const asked = await api("POST", path, seller.id, {
      step: "request",
      reason: "cannot_ship",
      note: "落として割れました",
    });
    expect(asked.status).toBe(200);
    expect(asked.json).toEqual({ state: "CANCELING" });
    const view = await api("GET", `/transactions/${transactionId}`, seller.id);
    expect(view.json).toMatchObject({
      cancellation: { requested_by: "seller", reason: "cannot_ship", note: "落として割れました" },
    });
  });

  it("asks the buyer 「商品の中身を確認しましたか？」 before the receipt rating, which then cannot be undone", async () => {
    const { seller, buyer, itemId, transactionId } = await sale();
    await server.ctx.db
      .update(transactions)
      .set({ state: "SHIPPING" })
      .where(eq(transactions.id, transactionId));
    const cookie = await cookieOf(buyer);
    const url = `/ja/items/${itemId}/transactions/buyer/review/`;
    const form = await page(url, cookie);
    expect(form.doc.querySelector('label[for="field-comment"]')?.text).toBe("コメント");
    expect(form.doc.querySelector('[data-testid="trade-title"]')?.text).toBe(
      "iPhone 13 128GB ミッドナイト 画面割れ",
    );
    const asked = await post(url, cookie, { rating: "good", comment: "ありがとうございました" });
    expect(asked.status).toBe(200);
    expect(asked.doc.querySelector('[data-testid="confirm-panel"] h2')?.text).toBe(
      "商品の中身を確認しましたか？",
    );
    expect(asked.html).toContain("あとから取り消すことはできません");
    expect(await stateOf(transactionId)).toBe("SHIPPING");
    const rated = await post(url, cookie, confirmedForm(asked.doc));
    expect(rated.status).toBe(302);
    expect(await stateOf(transactionId)).toBe("REVIEWED_BY_BUYER");
    // The seller's rating completes the sale: it is asked about too.
    const sellerUrl = `/ja/items/${itemId}/transactions/seller/review/`;
    const sellerCookie = await cookieOf(seller);
    const sellerAsked = await post(sellerUrl, sellerCookie, { rating: "good", comment: "" });
    expect(sellerAsked.status).toBe(200);
    expect(await stateOf(transactionId)).toBe("REVIEWED_BY_BUYER");
    expect((await post(sellerUrl, sellerCookie, confirmedForm(sellerAsked.doc))).status).toBe(302);
    expect(await stateOf(transactionId)).toBe("COMPLETED");
  });

  it("shows the seller's rating form only once the buyer has rated, and asks the seller to confirm it", async () => {
    const { seller, itemId, transactionId } = await sale();
    await server.ctx.db
      .update(transactions)
      .set({ state: "SHIPPING" })
      .where(eq(transactions.id, transactionId));
    const cookie = await cookieOf(seller);
    const trade = await page(`/ja/items/${itemId}/transactions/seller/`, cookie);
    expect(trade.doc.querySelector('[data-testid="rate-after-buyer"]')?.text).toBe(
      "購入者が受取評価をしたあとで、購入者を評価できます。",
    );
    expect(trade.doc.querySelector(`a[href="/ja/items/${itemId}/transactions/seller/review/"]`)).toBeNull();
    const url = `/ja/items/${itemId}/transactions/seller/review/`;
    const early = await page(url, cookie);
    expect(early.status).toBe(200);
    expect(early.doc.querySelector('[data-testid="rating-form"]')).toBeNull();
    expect(early.doc.querySelector('input[name="rating"]')).toBeNull();
    expect(early.doc.querySelector('[data-testid="rate-after-buyer"]')?.text).toBe(
      "購入者が受取評価をしたあとで、購入者を評価できます。",
    );
    expect(
      (await page(`/en/items/${itemId}/transactions/seller/review/`, cookie)).doc.querySelector(
        '[data-testid="rate-after-buyer"]',
      )?.text,
    ).toBe("You can rate the buyer once they have confirmed receipt.");
    // A post made anyway changes nothing.
    const refused = await post(url, cookie, { rating: "good", comment: "", confirmed: "1" });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    expect(await stateOf(transactionId)).toBe("SHIPPING");

    // The buyer has rated: the form is there, and asks before it completes the sale.
    await server.ctx.db
      .update(transactions)
      .set({ state: "REVIEWED_BY_BUYER" })
      .where(eq(transactions.id, transactionId));
    const ready = await page(url, cookie);
    expect(ready.doc.querySelector('[data-testid="rating-form"] input[name="rating"]')).not.toBeNull();
    expect(ready.doc.querySelector('[data-testid="rate-after-buyer"]')).toBeNull();
    const asked = await post(url, cookie, { rating: "normal", comment: "ありがとうございました" });
    expect(asked.status).toBe(200);
    expect(asked.doc.querySelector('[data-testid="confirm-panel"] h2')?.text).toBe(
      "購入者を評価して取引を完了しますか？",
    );
    expect(asked.html).toContain("評価はあとから変更できません");
    expect(await stateOf(transactionId)).toBe("REVIEWED_BY_BUYER");
    // Back keeps what was typed.
    const back = await post(url, cookie, [...confirmedForm(asked.doc).slice(0, -1), ["back", "1"]]);
    expect(back.doc.querySelector("#field-comment")?.getAttribute("value")).toBe("ありがとうございました");
    expect(back.doc.querySelector('input[name="rating"][value="normal"]')?.hasAttribute("checked")).toBe(
      true,
    );
    expect(await stateOf(transactionId)).toBe("REVIEWED_BY_BUYER");
    const rated = await post(url, cookie, confirmedForm(asked.doc));
    expect(rated.status).toBe(302);
    expect(await stateOf(transactionId)).toBe("COMPLETED");
  });

  it("shows the seller a QR code with the drop-off code and its expiry, and renews it once it has run out", async () => {
    const { seller, buyer, itemId, transactionId } = await sale({ price: "3000", shippingMethod: "10" });
    const cookie = await cookieOf(seller);
    const url = `/ja/items/${itemId}/transactions/seller/`;
    const asked = await post(url, cookie, { intent: "ship", invoiceKind: "12", shippingType: "02" });
    expect(asked.doc.querySelector('[data-testid="confirm-detail"]')?.text).toBe(
      "送り状が発行されます: 宅急便コンパクト、ファミリーマートへ持ち込み",
    );
    expect((await post(url, cookie, confirmedForm(asked.doc))).status).toBe(302);
    const shown = await page(url, cookie);
    const dropOff = shown.doc.querySelector('[data-testid="drop-off"]')!;
    const code = dropOff.querySelector('[data-testid="drop-off-code"]')!.text;
    expect(code).toMatch(/^TSUGU-QR-\d{12}-\d{6}$/);
    const qr = dropOff.querySelector('svg[role="img"]')!;
    expect(qr.getAttribute("aria-label")).toBe("持ち込み用QRコード");
    expect(qr.getAttribute("data-code")).toBe(code);
    expect(qr.querySelector("path")?.getAttribute("d")).toMatch(/^M\d+ \d+h1v1h-1z/);
    expect(dropOff.text).toContain("ファミリーマートのレジ");
    expect(dropOff.querySelector('[data-testid="drop-off-expiry"]')?.text).toMatch(/^有効期限: /);
    expect(dropOff.querySelector('button[value="renew-drop-off"]')).toBeNull();
    // The buyer never sees the seller's code.
    expect((await page(`/ja/items/${itemId}/transactions/buyer/`, await cookieOf(buyer))).html).not.toContain(
      code,
    );

    // A week later the code has run out: the page says so and issues a new one.
    await server.ctx.db
      .update(shipments)
      .set({ qrExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(shipments.transactionId, transactionId));
    const expired = await page(url, cookie);
    expect(expired.doc.querySelector('[data-testid="drop-off"]')?.text).toContain("有効期限が切れました");
    const renewed = await post(url, cookie, { intent: "renew-drop-off" });
    expect(renewed.status).toBe(302);
    const fresh = (await page(url, cookie)).doc.querySelector('[data-testid="drop-off-code"]')!.text;
    expect(fresh).not.toBe(code);
    expect(fresh.slice(0, 22)).toBe(code.slice(0, 22));
  });
});

describe("who sees a trade", () => {
  const SIDES = [
    "",
    "buyer/",
    "seller/",
    "buyer/address/",
    "seller/address/",
    "buyer/review/",
    "seller/review/",
  ];
  const tradeLink = (doc: HTMLElement, lang: string, itemId: number) =>
    doc.querySelector(`a[href="/${lang}/items/${itemId}/transactions/"]`);

  it("links the item page to the trade for its buyer and seller only", async () => {
    const { seller, buyer, itemId } = await sale();
    const third = await cookieOf(await makeMember(server.ctx));
    const operator = await cookieOf(await makeOperator(server.ctx, ["editor"]));
    for (const lang of ["ja", "en"]) {
      for (const party of [seller, buyer]) {
        const link = tradeLink(
          (await page(`/${lang}/items/${itemId}/`, await cookieOf(party))).doc,
          lang,
          itemId,
        );
        expect(link?.text).toBe(lang === "ja" ? "取引画面" : "Transaction");
      }
      for (const cookie of ["", third, operator]) {
        const other = await page(`/${lang}/items/${itemId}/`, cookie);
        expect(other.status).toBe(200);
        expect(tradeLink(other.doc, lang, itemId)).toBeNull();
      }
    }
  });

  it("answers anyone but the parties with the site's 404 page in the page's language, and the router's 404 on a client navigation", async () => {
    const { itemId } = await sale();
    const third = await cookieOf(await makeMember(server.ctx));
    const operator = await cookieOf(await makeOperator(server.ctx, ["editor"]));
    const titles = { ja: "ページが見つかりませんでした", en: "Page not found" };
    for (const cookie of [third, operator]) {
      for (const lang of ["ja", "en"] as const) {
        for (const side of SIDES) {
          const url = `/${lang}/items/${itemId}/transactions/${side}`;
          const res = await fetch(`${server.url}${url}`, { redirect: "manual", headers: { cookie } });
          expect(res.status, url).toBe(404);
          expect(res.headers.get("content-type"), url).toMatch(/^text\/html/);
          const doc = parse(await res.text());
          expect(doc.querySelector("html")?.getAttribute("lang"), url).toBe(lang);
          expect(doc.querySelector("h1")?.text, url).toBe(titles[lang]);
          // What the router fetches on a client navigation: a 404 it can show, not a failure.
          const dataUrl = `${url.replace(/\/$/, "")}.data`;
          const data = await fetch(`${server.url}${dataUrl}`, { redirect: "manual", headers: { cookie } });
          expect(data.status, dataUrl).toBe(404);
          expect(data.headers.get("content-type"), dataUrl).toBe("text/x-script");
          expect(await data.text(), dataUrl).toContain("ErrorResponse");
        }
      }
    }
  });

  it("sends a visitor to log in first, in both languages, without saying whether there is a trade", async () => {
    const { itemId } = await sale();
    for (const lang of ["ja", "en"]) {
      for (const side of SIDES) {
        const url = `/${lang}/items/${itemId}/transactions/${side}`;
        const res = await page(url, "");
        expect(res.status, url).toBe(302);
        expect(res.location, url).toBe(`/${lang}/login/?redirect=${encodeURIComponent(url)}`);
      }
    }
  });
});
