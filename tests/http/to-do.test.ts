import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getMemberPayout } from "#core/money/payouts/get-member-payout.ts";
import { requestPayout } from "#core/money/payouts/request-payout.ts";
import { purchaseItem } from "#core/trading/purchase-item.ts";
import { seller as makeSeller } from "../helpers/balance.ts";
import { listItem } from "../helpers/catalog.ts";
import { startTestServer, type TestServer } from "../helpers/http-server.ts";
import { cardToken, makeBuyer } from "../helpers/trading.ts";
import { getPage, type SignedIn, signIn } from "../helpers/web.ts";

let server: TestServer;
let member: SignedIn;
let itemId: number;
let payoutId: number;

beforeAll(async () => {
  server = await startTestServer();
  // A member with a sale to ship, then cash waiting at the ATM.
  const m = await makeSeller(server.ctx, 20_000);
  itemId = await listItem(server.ctx, m, { price: "3000", shippingMethod: "10", title: "発送待ちのPixel 7" });
  const buyer = await makeBuyer(server.ctx);
  await purchaseItem(server.ctx, {
    actor: buyer,
    itemId,
    idempotencyKey: randomUUID(),
    input: { paymentMethod: "card", cardToken: await cardToken(server.ctx, "success") },
    returnUrl: `${server.url}/ja/items/${itemId}/secure/result/`,
  });
  const { payout } = await requestPayout(server.ctx, {
    userId: m.id,
    method: "seven",
    input: { amount: 5000 },
    requestKey: "http-to-do-seven",
  });
  await getMemberPayout(server.ctx, { userId: m.id, payoutId: payout.id });
  payoutId = payout.id;
  member = await signIn(server, m);
});
afterAll(() => server?.close());

describe("the to-do list", () => {
  it("answers GET /api/v1/me/to-do, oldest first, each row with its kind, its facts and its page", async () => {
    const res = await fetch(`${server.url}/api/v1/me/to-do`, {
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = await res.json();
    expect(body.total).toBe(2);
    expect(body.items.map((i: { kind: string }) => i.kind)).toEqual(["trade", "atmCode"]);
    expect(body.items[0]).toMatchObject({
      kind: "trade",
      step: "ship",
      side: "seller",
      item_id: itemId,
      title: "発送待ちのPixel 7",
      path: `/items/${itemId}/transactions/seller/`,
      due: null,
    });
    expect(body.items[1]).toMatchObject({
      kind: "atmCode",
      payout_id: payoutId,
      amount: 5000,
      path: `/balance/transfer-seven/finish/?id=${payoutId}`,
    });
    expect(Date.parse(body.items[1].due)).toBeGreaterThan(Date.now());
    // Without a sign-in, a 401 in JSON.
    const anonymous = await fetch(`${server.url}/api/v1/me/to-do`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("content-type")).toContain("json");
  });

  it("describes the list in the OpenAPI document", async () => {
    const doc = await (await fetch(`${server.url}/api/v1/openapi.json`)).json();
    expect(doc.paths["/me/to-do"]?.get).toBeDefined();
  });

  it("shows the first few on the home page with 「すべて見る」, and all of them on my page", async () => {
    const home = await getPage(server, "/ja/", member.cookie);
    expect(home.status).toBe(200);
    const rows = home.doc.querySelectorAll('[data-testid="to-do-row"]');
    expect(rows.map((r) => r.getAttribute("data-kind"))).toEqual(["trade", "atmCode"]);
    expect(rows[0]!.text).toContain("「発送待ちのPixel 7」を発送してください");
    expect(rows[0]!.getAttribute("href")).toBe(`/ja/items/${itemId}/transactions/seller/`);
    expect(rows[1]!.text).toContain("セブン銀行ATMで¥5,000を受け取ってください");
    expect(rows[1]!.text).toMatch(/まで/);
    expect(home.doc.querySelector('[data-testid="to-do-all"]')?.getAttribute("href")).toBe(
      "/ja/mypage/#to-do",
    );

    const mypage = await getPage(server, "/en/mypage/", member.cookie);
    expect(mypage.status).toBe(200);
    const all = mypage.doc.querySelectorAll('[data-testid="to-do-row"]');
    expect(all).toHaveLength(2);
    expect(all[0]!.text).toContain("Ship “発送待ちのPixel 7”");
    expect(all[0]!.text).toMatch(/Waiting \d+ minutes?/);
    expect(all[1]!.text).toContain("Take your ¥5,000 in cash at a Seven Bank ATM");
    expect(all[1]!.getAttribute("href")).toBe(`/en/balance/transfer-seven/finish/?id=${payoutId}`);
  });
});
