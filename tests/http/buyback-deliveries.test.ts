import { eq } from "drizzle-orm";
import { parse } from "node-html-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "#core/identity/sessions.ts";
import {
  auditLog,
  buybackDeliveries,
  buybackItemPhotos,
  dealerLedger,
  deviceModels,
  users,
} from "#db/schema/index.ts";
import { seedDemoAccounts } from "#db/seed/demo-accounts.ts";
import { seedDemoBuyerCompanies } from "#db/seed/demo-buyback.ts";
import { addBoughtDevice } from "../helpers/buyback-deliveries.ts";
import { makeMember } from "../helpers/catalog.ts";
import { startTestServer, type TestServer } from "../helpers/http-server.ts";
import { imeiFrom } from "../helpers/imei.ts";
import { getPage, type SignedIn, signIn, signInOperator } from "../helpers/web.ts";

let server: TestServer;
let buyer: SignedIn;
let buyer2: SignedIn;
let member: SignedIn;
/** Company A's (buyer@) open delivery and its devices; company B's (buyer2@) delivery and device. */
let mine: { deliveryId: number; itemId: number; photoId: number; imei: string };
let theirs: { deliveryId: number; itemId: number };

const page = (url: string, cookie = "") => getPage(server, url, cookie);

function api(path: string, o: { cookie?: string; lang?: string } = {}) {
  return fetch(`${server.url}/api/v1${path}`, {
    headers: { ...(o.cookie ? { cookie: o.cookie } : {}), "accept-language": o.lang ?? "ja" },
  });
}

async function post(url: string, cookie: string, form: Record<string, string>) {
  const res = await fetch(`${server.url}${url}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url, cookie },
    body: new URLSearchParams(form),
  });
  const html = await res.text();
  return { status: res.status, res, html, doc: parse(html) };
}

async function demoUser(email: string): Promise<SessionUser> {
  const [u] = await server.database.db.select().from(users).where(eq(users.email, email));
  return { id: u!.id, role: u!.role } as SessionUser;
}

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  await seedDemoAccounts(db, server.ctx.secret);
  const { companyIds } = await seedDemoBuyerCompanies(db);
  const [model] = await db
    .insert(deviceModels)
    .values({ brandCode: "00001", categoryCode: "05", name: "iPhone 13 テスト", storageOptions: [128] })
    .returning({ id: deviceModels.id });
  const seller = await makeMember(server.ctx, { nickname: "売った会員" });
  const imei = imeiFrom("35693803564380");
  const a = await addBoughtDevice(db, {
    companyId: companyIds["buyer@tsugu.example"]!,
    sellerId: seller.id,
    modelId: model!.id,
    amount: 27_000,
    imei,
  });
  await server.ctx.blobs.put(
    `buyback/items/${a.itemId}/photo-thumb.webp`,
    new Uint8Array([1, 2, 3]),
    "image/webp",
  );
  const [photo] = await db
    .insert(buybackItemPhotos)
    .values({ itemId: a.itemId, blobKey: `buyback/items/${a.itemId}/photo`, position: 0 })
    .returning({ id: buybackItemPhotos.id });
  mine = { deliveryId: a.deliveryId!, itemId: a.itemId, photoId: photo!.id, imei };
  const b = await addBoughtDevice(db, {
    companyId: companyIds["buyer2@tsugu.example"]!,
    sellerId: seller.id,
    modelId: model!.id,
    amount: 30_000,
  });
  theirs = { deliveryId: b.deliveryId!, itemId: b.itemId };
  buyer = await signIn(server, await demoUser("buyer@tsugu.example"));
  buyer2 = await signIn(server, await demoUser("buyer2@tsugu.example"));
  member = await signIn(server, await demoUser("hanako@tsugu.example"));
});
afterAll(async () => {
  await server?.close();
});

describe("the buyer portal's deliveries and products", () => {
  it("never shows a buyer another buyer's deliveries or products, through the pages or the API", async () => {
    // buyer2 asks for buyer@'s delivery, product and photo by their ids: nothing is there.
    for (const path of [
      `/ja/buyback/deliveries/${mine.deliveryId}/`,
      `/ja/buyback/products/${mine.itemId}/`,
      `/ja/buyback/products/${mine.itemId}/photos/${mine.photoId}-thumb/`,
      `/en/buyback/products/${mine.itemId}/`,
    ]) {
      const res = await page(path, buyer2.cookie);
      expect(res.status, path).toBe(404);
      expect(res.html).not.toContain(mine.imei);
    }
    for (const path of [`/buyback/deliveries/${mine.deliveryId}`, `/buyback/products/${mine.itemId}`]) {
      const res = await api(path, { cookie: buyer2.cookie });
      expect(res.status, path).toBe(404);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe("NOT_FOUND");
      expect(JSON.stringify(body)).not.toContain(mine.imei);
    }
    // Their own lists hold only their own.
    const list = await page("/ja/buyback/products/", buyer2.cookie);
    expect(list.status).toBe(200);
    expect(list.html).toContain(`/ja/buyback/products/${theirs.itemId}/`);
    expect(list.html).not.toContain(`/ja/buyback/products/${mine.itemId}/`);
    const deliveries = await page("/ja/buyback/deliveries/", buyer2.cookie);
    expect(deliveries.html).toContain(`/ja/buyback/deliveries/${theirs.deliveryId}/`);
    expect(deliveries.html).not.toContain(`/ja/buyback/deliveries/${mine.deliveryId}/`);
    const apiList = (await (await api("/buyback/products", { cookie: buyer2.cookie })).json()) as {
      rows: { id: number }[];
    };
    expect(apiList.rows.map((r) => r.id)).toEqual([theirs.itemId]);
    const apiDeliveries = (await (await api("/buyback/deliveries", { cookie: buyer2.cookie })).json()) as {
      rows: { id: number }[];
    };
    expect(apiDeliveries.rows.map((r) => r.id)).toEqual([theirs.deliveryId]);

    // buyer@ reads its own.
    expect((await page(`/ja/buyback/deliveries/${mine.deliveryId}/`, buyer.cookie)).status).toBe(200);
    expect((await page(`/ja/buyback/products/${mine.itemId}/`, buyer.cookie)).status).toBe(200);
    const photo = await fetch(
      `${server.url}/ja/buyback/products/${mine.itemId}/photos/${mine.photoId}-thumb/`,
      {
        headers: { cookie: buyer.cookie },
      },
    );
    expect(photo.status).toBe(200);
    expect(photo.headers.get("cache-control")).toBe("private, max-age=3600");
    expect([...new Uint8Array(await photo.arrayBuffer())]).toEqual([1, 2, 3]);
    const mineApi = await api(`/buyback/products/${mine.itemId}`, { cookie: buyer.cookie });
    expect(mineApi.status).toBe(200);
    const product = (await mineApi.json()) as Record<string, unknown> & {
      diagnostics: { key: string; value: string | null; not_applicable: string | null }[];
    };
    expect(product).toMatchObject({ id: mine.itemId, payment_amount: 29_700, amount: 27_000, fee: 2_700 });
    expect(product.diagnostics[0]).toEqual({ key: "imei", value: mine.imei, not_applicable: null });
    expect(JSON.stringify(product)).not.toContain("売った会員");
  });

  it("answers members, operators and visitors with JSON errors, and bad filters with a 422", async () => {
    const anonymous = await api("/buyback/products");
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { error: { code: string } }).error.code).toBe("UNAUTHORIZED");
    const asMember = await api("/buyback/deliveries", { cookie: member.cookie });
    expect(asMember.status).toBe(403);
    expect(((await asMember.json()) as { error: { message: string } }).error.message).toBe(
      "法人バイヤーのアカウントでログインしてください",
    );
    const operator = await signInOperator(server, ["admin"]);
    expect((await api(`/buyback/products/${mine.itemId}`, { cookie: operator.cookie })).status).toBe(403);
    const bad = await api("/buyback/products?status=lost&grade=Z", { cookie: buyer.cookie, lang: "en" });
    expect(bad.status).toBe(422);
    const fields = ((await bad.json()) as { error: { fields: Record<string, string> } }).error.fields;
    expect(Object.keys(fields).sort()).toEqual(["grade", "status"]);
    for (const query of [
      "page=-1",
      "page=99999999999999999999",
      "status=%FF",
      "category=%00",
      "grade=a&grade=b",
    ]) {
      const res = await api(`/buyback/products?${query}`, { cookie: buyer.cookie });
      expect([400, 422], query).toContain(res.status);
      expect(((await res.json()) as { error: { code: string } }).error.code).toMatch(
        /^(BAD_REQUEST|VALIDATION)$/,
      );
    }
    // A member opening the portal gets a 403 page, a visitor the buyback login.
    expect((await page("/ja/buyback/products/", member.cookie)).status).toBe(403);
    const visitor = await page(`/ja/buyback/products/${mine.itemId}/`);
    expect(visitor.status).toBe(302);
    expect(visitor.res.headers.get("location")).toBe(
      `/ja/buyback/login/?redirect=${encodeURIComponent(`/ja/buyback/products/${mine.itemId}/`)}`,
    );
  });

  it("shows the product's basic information and every diagnostic field, in Japanese and English", async () => {
    const ja = await page(`/ja/buyback/products/${mine.itemId}/`, buyer.cookie);
    const text = ja.doc.querySelector("main")?.text ?? ja.doc.text;
    for (const words of [
      "基本情報",
      "端末診断情報",
      "カテゴリ",
      "商品名",
      "グレード",
      "IMEI",
      "シリアル番号",
    ]) {
      expect(text).toContain(words);
    }
    expect(ja.doc.querySelector("[data-testid=diagnostic-imei]")?.text).toBe(mine.imei);
    expect(ja.doc.querySelector("[data-testid=diagnostic-batteryMaxCapacity]")?.text).toBe("86%");
    expect(ja.doc.querySelector("[data-testid=diagnostic-networkRestriction]")?.text).toBe("○（制限なし）");
    expect(ja.doc.querySelector("[data-testid=diagnostic-nsysGrade]")?.text).toBe(
      "該当なし（NSYS検査の対象外の機種）",
    );
    expect(ja.doc.querySelectorAll("[data-testid^=diagnostic-]")).toHaveLength(22);
    expect(ja.doc.querySelector("title")?.text).toContain("商品詳細");
    const en = await page(`/en/buyback/products/${mine.itemId}/`, buyer.cookie);
    expect(en.doc.text).toContain("Device diagnostic information");
    expect(en.doc.querySelector("[data-testid=diagnostic-testResult]")?.text).toBe("Pass");
    expect(en.html).not.toContain("売った会員");
  });

  it("lets an operator ship a delivery once; the buyer then sees it sent with its invoice number", async () => {
    const grader = await signInOperator(server, ["grader"]);
    const office = await page(`/ja/staff/buyback/deliveries/${mine.deliveryId}/`, grader.cookie);
    expect(office.status).toBe(200);
    expect(office.doc.querySelector("[data-testid=packing-list]")?.text).toContain(mine.imei);
    const finance = await signInOperator(server, ["finance"]);
    expect(
      (await post(`/ja/staff/buyback/deliveries/${mine.deliveryId}/`, finance.cookie, { intent: "ship" }))
        .status,
    ).toBe(403);
    const shipped = await post(`/ja/staff/buyback/deliveries/${mine.deliveryId}/`, grader.cookie, {
      intent: "ship",
    });
    expect(shipped.status).toBe(302);
    expect(shipped.res.headers.get("location")).toBe(`/ja/staff/buyback/deliveries/${mine.deliveryId}/`);
    const [row] = await server.database.db
      .select()
      .from(buybackDeliveries)
      .where(eq(buybackDeliveries.id, mine.deliveryId));
    expect(row?.state).toBe("20");
    const again = await post(`/ja/staff/buyback/deliveries/${mine.deliveryId}/`, grader.cookie, {
      intent: "ship",
    });
    expect(again.status).toBe(409);
    expect(again.doc.querySelector("[role=alert]")?.text).toBe("この納品はすでに発送済みです");

    const list = await page("/ja/buyback/deliveries/", buyer.cookie);
    expect(list.doc.querySelector(`[data-testid=delivery-status-${mine.deliveryId}]`)?.text).toBe("発送済み");
    expect(list.doc.querySelector(`[data-testid=delivery-invoice-${mine.deliveryId}]`)?.text).toBe(
      row!.invoiceNumber,
    );
    const detail = await page(`/en/buyback/deliveries/${mine.deliveryId}/`, buyer.cookie);
    expect(detail.doc.querySelector("[data-testid=delivery-status]")?.text).toBe("Shipped");
    expect(detail.doc.querySelector("[data-testid=delivery-invoice]")?.text).toBe(row!.invoiceNumber);
  });
});

describe("the buyer API's contract", () => {
  it("is in the OpenAPI document, with each answer's schema", async () => {
    const doc = (await (await api("/openapi.json")).json()) as {
      paths: Record<
        string,
        { get: { responses: Record<string, { content?: Record<string, { schema: unknown }> }> } }
      >;
    };
    for (const path of [
      "/buyback/deliveries",
      "/buyback/deliveries/{id}",
      "/buyback/products",
      "/buyback/products/{id}",
    ]) {
      expect(doc.paths[path]?.get.responses, path).toHaveProperty(["200"]);
      expect(doc.paths[path]?.get.responses, path).toHaveProperty(["403"]);
    }
    const product = JSON.stringify(doc.paths["/buyback/products/{id}"]?.get.responses["200"]);
    expect(product).toContain("not_applicable");
    expect(product).toContain("payment_amount");
  });
});

describe("the dealer ledger in the back office", () => {
  beforeAll(async () => {
    const seller = await makeMember(server.ctx);
    await server.database.db.insert(dealerLedger).values({
      tradedAt: new Date("2026-05-12T10:00:00+09:00"),
      kind: "買受け",
      itemName: "スマートフォン iPhone 13 テスト",
      quantity: 1,
      features: "IMEI 356938035643809",
      amount: 27_000,
      sellerName: "山田 太郎",
      sellerAddress: "東京都千代田区神田須田町1-1",
      sellerOccupation: "会社員",
      sellerAge: 34,
      verificationMethod: "eKYC（公的個人認証）",
      buybackItemId: 800_001,
      userId: seller.id,
    });
  });

  it("lists a period, keeps a bad period as typed with its message, and downloads the CSV audited", async () => {
    const finance = await signInOperator(server, ["finance"]);
    const list = await page("/ja/staff/buyback/ledger/?from=2026-05-01&to=2026-05-31", finance.cookie);
    expect(list.status).toBe(200);
    expect(list.doc.querySelector("[data-testid=ledger-count]")?.text).toBe("1件");
    expect(list.doc.text).toContain("山田 太郎");
    const csvLink = list.doc.querySelector("[data-testid=ledger-csv]")?.getAttribute("href");
    expect(csvLink).toBe("/ja/staff/buyback/ledger/csv/?from=2026-05-01&to=2026-05-31");

    const bad = await page("/ja/staff/buyback/ledger/?from=2026-05-31&to=2026-05-01", finance.cookie);
    expect(bad.status).toBe(200);
    expect(bad.doc.querySelector("[data-testid=error-to]")?.text).toBe(
      "終了日は開始日と同じか、それより後の日付にしてください",
    );
    expect(bad.doc.querySelector("#ledger-from")?.getAttribute("value")).toBe("2026-05-31");
    expect(bad.doc.querySelector("[data-testid=ledger-csv]")).toBeNull();

    const csv = await fetch(`${server.url}${csvLink}`, { headers: { cookie: finance.cookie } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toContain(
      'filename="tsugu-dealer-ledger-20260501-20260531.csv"',
    );
    const bytes = new Uint8Array(await csv.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.subarray(3)).split("\r\n");
    expect(lines[0]).toBe(
      "取引年月日,区分,品目,数量,特徴,相手方の住所,相手方の氏名,相手方の職業,相手方の年齢,確認方法,代価,台帳番号,買取ID,会員ID,本人確認ID",
    );
    expect(lines[1]).toMatch(
      /^2026-05-12,買受け,スマートフォン iPhone 13 テスト,1,IMEI 356938035643809,東京都千代田区神田須田町1-1,山田 太郎,会社員,34,/,
    );
    const audits = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "buyback:ledger-export"));
    expect(audits.map((a) => [a.actorId, a.targetId])).toEqual([[finance.id, "2026-05-01..2026-05-31"]]);

    const badCsv = await fetch(`${server.url}/ja/staff/buyback/ledger/csv/?from=2026-13-01&to=2026-05-31`, {
      redirect: "manual",
      headers: { cookie: finance.cookie },
    });
    expect(badCsv.status).toBe(302);
    expect(badCsv.headers.get("location")).toBe("/ja/staff/buyback/ledger/?from=2026-13-01&to=2026-05-31");
    const grader = await signInOperator(server, ["grader"]);
    expect((await page("/ja/staff/buyback/ledger/", grader.cookie)).status).toBe(403);
    expect((await page(csvLink!, grader.cookie)).status).toBe(403);
  });
});
