import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { parse } from "node-html-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "#core/identity/sessions.ts";
import type { OperatorRole } from "#core/staff/permissions.ts";
import { purchaseItem } from "#core/trading/purchase-item.ts";
import { shipItem } from "#core/trading/ship-item.ts";
import { payments, transactions } from "#db/schema/index.ts";
import { listItem, makeMember } from "../helpers/catalog.ts";
import { startTestServer, type TestServer } from "../helpers/http-server.ts";
import { cardToken, makeBuyer, TEST_ADDRESS } from "../helpers/trading.ts";
import { getPage, type SignedIn, signIn as signInAs, signInOperator } from "../helpers/web.ts";

let server: TestServer;

type Who = SignedIn;

const signIn = (user: SessionUser): Promise<Who> => signInAs(server, user);
const operator = (roles: OperatorRole[]) => signInOperator(server, roles);

const page = (url: string, cookie = "") => getPage(server, url, cookie);

async function post(url: string, cookie: string, form: Record<string, string> = {}) {
  const res = await fetch(`${server.url}${url}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url, cookie },
    body: new URLSearchParams(form),
  });
  const html = await res.text();
  return { status: res.status, res, html, doc: parse(html) };
}

function api(method: string, path: string, who: Who | null, body?: unknown) {
  return fetch(`${server.url}/api/v1${path}`, {
    method,
    headers: {
      ...(who ? { authorization: `Bearer ${who.token}` } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** A paid card purchase of a fresh listing (START). */
async function sale(title = "審査される取引のiPhone") {
  const seller = await makeMember(server.ctx);
  const buyer = await makeBuyer(server.ctx);
  const itemId = await listItem(server.ctx, seller, { title });
  const { transactionId } = await purchaseItem(server.ctx, {
    actor: buyer,
    itemId,
    idempotencyKey: randomUUID(),
    input: { paymentMethod: "card", cardToken: await cardToken(server.ctx, "success") },
    returnUrl: `${server.url}/ja/items/${itemId}/secure/result/`,
  });
  return { seller, buyer, itemId, transactionId };
}
const stateOf = async (id: number) =>
  (await server.database.db.select().from(transactions).where(eq(transactions.id, id)))[0]!.state;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe("the office's transaction review over HTTP", () => {
  it("opens the pages to operators with transactions:read only, and shows each only its own steps", async () => {
    const { transactionId } = await sale();
    const detail = `/ja/staff/transactions/${transactionId}/`;
    expect((await page("/ja/staff/transactions/")).status).toBe(302);
    const member = await signIn(await makeMember(server.ctx));
    expect((await page("/ja/staff/transactions/", member.cookie)).status).toBe(403);
    expect((await page(detail, member.cookie)).status).toBe(403);
    const editor = await operator(["editor"]);
    expect((await page("/ja/staff/transactions/", editor.cookie)).status).toBe(403);

    const support = await operator(["support"]);
    const list = await page("/ja/staff/transactions/", support.cookie);
    expect(list.status).toBe(200);
    expect(list.doc.querySelector("h1")?.text).toBe("取引の審査");
    expect(list.doc.querySelector('nav a[href="/ja/staff/transactions/"]')).not.toBeNull();
    const read = await page(detail, support.cookie);
    expect(read.status).toBe(200);
    expect(read.doc.querySelector('[data-testid="no-steps"]')).not.toBeNull();
    expect(read.doc.querySelector('[data-testid="shipping-address"]')?.text).toBe(
      `東京都${TEST_ADDRESS.city}`,
    );
    expect(read.html).not.toContain(TEST_ADDRESS.street);
    expect(read.doc.querySelector('[data-testid="timeline"]')).not.toBeNull();

    const safety = await operator(["trust_safety"]);
    const full = await page(detail, safety.cookie);
    expect(full.doc.querySelector('[data-testid="step-hold"]')).not.toBeNull();
    expect(full.doc.querySelector('[data-testid="step-cancel"]')).not.toBeNull();
    expect(full.doc.querySelector('[data-testid="step-complete"]')).toBeNull();
    expect((await page(`/ja/staff/transactions/9999999/`, safety.cookie)).status).toBe(404);
    expect((await page(`/en/staff/transactions/${transactionId}/`, safety.cookie)).html).toContain(
      "Office actions",
    );
  });

  it("holds, claims and cancels with a refund through plain forms, confirming the refund first", async () => {
    const { transactionId } = await sale("フォームで審査するPixel");
    const safety = await operator(["trust_safety"]);
    const detail = `/ja/staff/transactions/${transactionId}/`;

    const empty = await post(detail, safety.cookie, { intent: "hold", reason: "" });
    expect(empty.status).toBe(422);
    expect(empty.doc.querySelector('[data-testid="error-hold"]')?.text).toBe("理由を入力してください");
    expect(await stateOf(transactionId)).toBe("START");

    const held = await post(detail, safety.cookie, { intent: "hold", reason: "購入者から問い合わせ" });
    expect(held.status).toBe(302);
    expect(held.res.headers.get("location")).toBe(detail);
    expect(held.res.headers.getSetCookie().join(";")).toContain("office.flash.held");
    expect(await stateOf(transactionId)).toBe("PENDING");

    const list = await page("/ja/staff/transactions/?q=%E3%83%95%E3%82%A9%E3%83%BC%E3%83%A0", safety.cookie);
    expect(list.html).toContain("フォームで審査するPixel");
    const claimed = await post("/ja/staff/transactions/", safety.cookie, {
      transactionId: String(transactionId),
    });
    expect(claimed.status).toBe(302);
    expect(
      (await page(detail, safety.cookie)).doc.querySelector('[data-testid="claimed-by"]')?.text,
    ).toContain(safety.nickname);
    const other = await operator(["trust_safety"]);
    const refused = await post("/ja/staff/transactions/", other.cookie, {
      transactionId: String(transactionId),
    });
    expect(refused.status).toBe(409);
    expect(refused.html).toContain(`${safety.nickname}さんが対応中です`);

    const asked = await post(detail, safety.cookie, { intent: "cancel", reason: "出品者が発送できない" });
    expect(asked.status).toBe(200);
    expect(asked.doc.querySelector('[role="alertdialog"]')?.text).toContain(
      "取引をキャンセルして返金しますか？",
    );
    expect(await stateOf(transactionId)).toBe("PENDING");
    const done = await post(detail, safety.cookie, {
      intent: "cancel",
      confirm: "1",
      reason: "出品者が発送できない",
    });
    expect(done.status).toBe(302);
    expect(done.res.headers.getSetCookie().join(";")).toContain("office.flash.canceled");
    expect(await stateOf(transactionId)).toBe("CANCELED");
    const [payment] = await server.database.db
      .select()
      .from(payments)
      .where(eq(payments.transactionId, transactionId));
    expect(payment!.state).toBe("REFUNDED");
    const after = await page(detail, safety.cookie);
    expect(after.doc.querySelector('[data-testid="timeline"]')?.text).toContain("出品者が発送できない");
  });

  it("refuses a forged step with a 403 page and changes nothing", async () => {
    const { transactionId } = await sale();
    const support = await operator(["support"]);
    const detail = `/ja/staff/transactions/${transactionId}/`;
    for (const intent of ["hold", "cancel", "complete"]) {
      const forged = await post(detail, support.cookie, { intent, reason: "勝手に", confirm: "1" });
      expect(forged.status).toBe(403);
      expect(forged.doc.querySelector('[data-testid="form-error"]')?.text).toContain(
        "この操作の権限がありません",
      );
    }
    const reveal = await post(detail, support.cookie, { intent: "reveal" });
    expect(reveal.status).toBe(403);
    expect(await stateOf(transactionId)).toBe("START");
    const safety = await operator(["trust_safety"]);
    const shown = await post(detail, safety.cookie, { intent: "reveal" });
    expect(shown.status).toBe(200);
    expect(shown.doc.querySelector('[data-testid="shipping-address"]')?.text).toContain(TEST_ADDRESS.street);
  });

  it("serves the queue, one transaction and the steps on the API under /staff", async () => {
    const { seller, transactionId } = await sale();
    await shipItem(server.ctx, { actor: seller, transactionId, input: { trackingNumber: "1234-5678-9013" } });
    const safety = await operator(["trust_safety"]);
    const finance = await operator(["finance"]);
    expect((await api("GET", "/staff/transactions", null)).status).toBe(401);
    expect((await api("GET", "/staff/transactions", await signIn(await makeMember(server.ctx)))).status).toBe(
      403,
    );
    const list = await api("GET", `/staff/transactions?q=${transactionId}`, finance);
    expect(list.status).toBe(200);
    const listed = await list.json();
    expect(listed.search.rows.map((r: { id: number }) => r.id)).toEqual([transactionId]);
    expect(listed.can_claim).toBe(false);

    const one = await (await api("GET", `/staff/transactions/${transactionId}`, safety)).json();
    expect(one.steps).toEqual(["hold", "cancel", "complete"]);
    expect(one.shipping.address).toEqual({ prefecture_code: "13", city: TEST_ADDRESS.city });
    expect(one.timeline.length).toBeGreaterThan(2);

    expect(
      (await api("POST", `/staff/transactions/${transactionId}/hold`, finance, { reason: "x" })).status,
    ).toBe(403);
    const noReason = await api("POST", `/staff/transactions/${transactionId}/hold`, safety, {});
    expect(noReason.status).toBe(422);
    expect((await noReason.json()).error.fields.reason).toBe("理由を入力してください");
    const held = await api("POST", `/staff/transactions/${transactionId}/hold`, safety, { reason: "確認中" });
    expect(await held.json()).toEqual({ state: "PENDING" });
    const claim = await api("POST", `/staff/transactions/${transactionId}/claim`, safety);
    expect((await claim.json()).nickname).toBe(safety.nickname);
    const complete = await api("POST", `/staff/transactions/${transactionId}/complete`, safety, {
      reason: "配達済み",
    });
    expect(await complete.json()).toEqual({ state: "COMPLETED" });
    expect(
      (await api("POST", `/staff/transactions/${transactionId}/release`, safety, { reason: "x" })).status,
    ).toBe(409);
    const spec = await (await api("GET", "/openapi.json", null)).json();
    expect(spec.paths["/staff/transactions/{id}/cancel"].post.tags).toEqual(["staff"]);
  });
});
