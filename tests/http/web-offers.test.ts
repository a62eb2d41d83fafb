import { eq } from "drizzle-orm";
import { parse } from "node-html-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "#core/identity/sessions.ts";
import type { CoreContext } from "#core/shared/context.ts";
import { offers } from "#db/schema/index.ts";
import { listItem, makeMember } from "../helpers/catalog.ts";
import { startTestServer, type TestServer } from "../helpers/http-server.ts";

let server: TestServer;
let ctx: CoreContext;

async function person(nickname: string) {
  const user = await makeMember(ctx, { nickname });
  const { token } = await createSession(ctx, { userId: user.id, kind: "web", persistent: true });
  return { ...user, cookie: `tsugu=${token}` };
}
type Person = Awaited<ReturnType<typeof person>>;

async function page(url: string, who: Person | null = null) {
  const res = await fetch(`${server.url}${url}`, {
    redirect: "manual",
    headers: who ? { cookie: who.cookie } : {},
  });
  const html = await res.text();
  return { status: res.status, res, html, doc: parse(html) };
}

async function post(url: string, who: Person, form: Record<string, string>) {
  const res = await fetch(`${server.url}${url}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url, cookie: who.cookie },
    body: new URLSearchParams(form),
  });
  const html = await res.text();
  return { status: res.status, res, html, doc: parse(html) };
}

beforeAll(async () => {
  server = await startTestServer();
  ctx = server.ctx;
});
afterAll(async () => {
  await server?.close();
});

describe("offers in the pages, without script", () => {
  it("refuses too low an offer in the page's language, keeping the amount; a good one is sent", async () => {
    const seller = await person("うりて");
    const buyer = await person("かいて");
    const itemId = await listItem(ctx, seller, { price: "18000" });
    const shown = await page(`/ja/items/${itemId}/`, buyer);
    expect(shown.doc.querySelector('[data-testid="offer-button"]')?.text).toBe("価格を交渉する");
    // A visitor is offered the login, with the way back.
    const visitorPage = await page(`/en/items/${itemId}/`);
    expect(visitorPage.doc.querySelector('[data-testid="offer-button"]')?.getAttribute("href")).toBe(
      `/en/login/?redirect=${encodeURIComponent(`/en/items/${itemId}/`)}`,
    );

    const low = await post(`/ja/items/${itemId}/`, buyer, { intent: "offer", amount: "15000" });
    expect(low.status).toBe(422);
    expect(low.html).toContain("16,200円以上の金額を入力してください（この商品の最低価格です）");
    expect(low.doc.querySelector('input[name="amount"]')?.getAttribute("value")).toBe("15000");
    const lowEn = await post(`/en/items/${itemId}/`, buyer, { intent: "offer", amount: "15000" });
    expect(lowEn.html).toContain("Enter at least ¥16,200 (the lowest offer this listing accepts)");
    expect(await ctx.db.select().from(offers).where(eq(offers.itemId, itemId))).toEqual([]);

    const sent = await post(`/ja/items/${itemId}/`, buyer, { intent: "offer", amount: "１６，５００" });
    expect(sent.status).toBe(302);
    const after = await page(`/ja/items/${itemId}/`, buyer);
    expect(after.doc.querySelector('[data-testid="my-offer"]')?.text).toContain("あなたのオファー: ¥16,500");

    // The seller answers on the offers page: asked first, then done.
    const list = await page("/ja/mypage/offers/", seller);
    const card = list.doc.querySelector('[data-testid="offer-card"]')!;
    const offerId = card.getAttribute("data-offer-id")!;
    expect(card.text).toContain("かいてさんから");
    const asked = await post("/ja/mypage/offers/", seller, { intent: "accept", offer: offerId });
    expect(asked.status).toBe(200);
    expect(asked.doc.querySelector('[data-testid="confirm-panel"] h2')?.text).toBe("¥16,500で承認しますか？");
    const low2 = await post("/ja/mypage/offers/", seller, {
      intent: "counter",
      offer: offerId,
      amount: "16000",
    });
    expect(low2.html).toContain("オファー額の16,500円より高い金額を入力してください");
    const done = await post("/ja/mypage/offers/", seller, {
      intent: "accept",
      offer: offerId,
      confirmed: "1",
    });
    expect(done.status).toBe(302);
    const [row] = await ctx.db
      .select()
      .from(offers)
      .where(eq(offers.id, Number(offerId)));
    expect(row).toMatchObject({ state: "ACCEPTED", agreedPrice: 16500 });
    // Someone else answering it finds nothing to answer.
    const stranger = await person("よそのひと");
    const refused = await post("/ja/mypage/offers/", stranger, {
      intent: "decline",
      offer: offerId,
      confirmed: "1",
    });
    expect(refused.status).toBe(404);
  });
});
