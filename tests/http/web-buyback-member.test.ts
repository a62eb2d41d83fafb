import { eq } from "drizzle-orm";
import { parse } from "node-html-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyForBuyback } from "#core/buyback/apply.ts";
import { saveDeviceCheck } from "#core/checks/save-device-check.ts";
import { CHECK_TESTS, type CheckOutcome, type CheckTest } from "#core/checks/tests.ts";
import type { SessionUser } from "#core/identity/sessions.ts";
import { getBalance } from "#core/money/ledger/get-balance.ts";
import {
  buybackBids,
  buybackCompanies,
  buybackItems,
  buybackSpots,
  deviceChecks,
  deviceModels,
  notifications,
  users,
} from "#db/schema/index.ts";
import { makeMember } from "../helpers/catalog.ts";
import { finishedCheck } from "../helpers/checks.ts";
import { startTestServer, type TestServer } from "../helpers/http-server.ts";
import { imeiFrom } from "../helpers/imei.ts";
import { makeBuyer } from "../helpers/trading.ts";
import { getPage, type SignedIn, signIn, signInOperator } from "../helpers/web.ts";

let server: TestServer;
let phone = 0;
let company = 0;

let serial = 0;
const nextImei = () => imeiFrom(`3539111${String(1_000_000 + ++serial).slice(-7)}`);

const ANSWERS = {
  power: "yes",
  screen: "ok",
  battery: "ok",
  camera: "ok",
  sensor: "ok",
  network: "○",
  appearance: "used",
} as const;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  const [model] = await db
    .insert(deviceModels)
    .values({ brandCode: "00001", categoryCode: "05", name: "iPhone 13", storageOptions: [128, 256] })
    .returning({ id: deviceModels.id });
  phone = model!.id;
  const [c] = await db.insert(buybackCompanies).values({ name: "買取テスト株式会社" }).returning();
  company = c!.id;
  await db.insert(buybackBids).values([
    { companyId: company, modelId: phone, grade: "B", ngCondition: "none", price: 45_000, enabled: true },
    { companyId: company, modelId: phone, grade: "J", ngCondition: "screen", price: 8_000, enabled: true },
  ]);
});
afterAll(async () => {
  await server?.close();
});

async function member(): Promise<SignedIn> {
  return signIn(server, await makeBuyer(server.ctx));
}

function post(url: string, cookie: string, form: Record<string, string>) {
  return fetch(`${server.url}${url}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url, cookie },
    body: new URLSearchParams(form),
  });
}

function api(path: string, token: string, init: { method?: string; body?: unknown; key?: string } = {}) {
  return fetch(`${server.url}/api/v1${path}`, {
    method: init.method ?? "GET",
    headers: {
      authorization: `Bearer ${token}`,
      "accept-language": "ja",
      ...(init.body !== undefined ? { "content-type": "application/json" } : {}),
      ...(init.key ? { "idempotency-key": init.key } : {}),
    },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });
}

/** The application form's fields for devices (`devices.{i}.{field}`). */
function deviceForm(devices: Record<string, string>[]): Record<string, string> {
  const form: Record<string, string> = { count: String(devices.length) };
  devices.forEach((d, i) => {
    for (const [k, v] of Object.entries(d)) form[`devices.${i}.${k}`] = v;
  });
  return form;
}

const goodDevice = (more: Record<string, string> = {}) => ({
  categoryCode: "05",
  modelId: String(phone),
  storageGb: "128",
  imei: nextImei(),
  ...Object.fromEntries(Object.entries(ANSWERS).map(([q, a]) => [`answers.${q}`, a])),
  ...more,
});

/** What the confirmation panel sends back, with `confirmed=1` (or `back=1`). */
function confirmedForm(html: string, answer: "confirmed" | "back" = "confirmed"): Record<string, string> {
  const panel = parse(html).querySelector('[data-testid="confirm-panel"]');
  expect(panel).not.toBeNull();
  const values = panel!
    .querySelectorAll('input[type="hidden"]')
    .map((i) => [i.getAttribute("name")!, i.getAttribute("value") ?? ""] as const);
  return { ...Object.fromEntries(values), [answer]: "1" };
}

const stateOf = async (id: number) =>
  (await server.database.db.select().from(buybackItems).where(eq(buybackItems.id, id)))[0]?.state;

const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

/** A device of `owner` in state 40 with an offer, as grading leaves it. */
async function offered(owner: SessionUser, amount: number) {
  const { itemIds } = await applyForBuyback(server.ctx, {
    actor: owner,
    requestKey: `offer-${owner.id}-${amount}`,
    devices: [
      { categoryCode: "05", modelId: phone, storageGb: 128, imei: nextImei(), answers: { ...ANSWERS } },
    ],
    shipping: { method: "kit" },
    confirmations: { activationLock: true, dataErased: true, adult: true },
  });
  const id = itemIds[0]!;
  const now = new Date();
  await server.database.db
    .update(buybackItems)
    .set({
      state: "40",
      grade: "B",
      ngConditions: [],
      diagnostics: { imei: { value: "353911101234566" }, serialNumber: { na: "表示なし" } },
      offerCompanyId: company,
      offerBid: amount,
      offerDeductions: [],
      offerAmount: amount,
      offeredAt: now,
      offerExpiresAt: new Date(now.getTime() + 7 * 86_400_000),
    })
    .where(eq(buybackItems.id, id));
  return id;
}

describe("the member's buyback pages", () => {
  it("open in both languages with their titles; business buyers and operators are refused", async () => {
    const m = await member();
    for (const [path, ja, en] of [
      ["buyback/application/", "買取のお申込み", "Sell your devices"],
      ["buyback/mypage/", "買取マイページ", "My buyback"],
      ["buyback/transactions/", "買取の取引一覧", "Buyback transactions"],
    ] as const) {
      const pageJa = await getPage(server, `/ja/${path}`, m.cookie);
      expect(pageJa.status, path).toBe(200);
      expect(pageJa.doc.querySelector("h1")?.text).toBe(ja);
      expect(pageJa.doc.querySelector("title")?.text).toContain(ja);
      const pageEn = await getPage(server, `/en/${path}`, m.cookie);
      expect(pageEn.doc.querySelector("h1")?.text).toBe(en);
    }
    const staff = await signInOperator(server, ["grader"]);
    expect((await getPage(server, "/ja/buyback/mypage/", staff.cookie)).status).toBe(403);
    const visitor = await getPage(server, "/ja/buyback/application/?model=1");
    expect(visitor.status).toBe(302);
    expect(visitor.res.headers.get("location")).toBe(
      `/ja/login/?redirect=${encodeURIComponent("/ja/buyback/application/?model=1")}`,
    );
  });

  it("chooses the model a price page sent, and adds a device without JavaScript keeping what was typed", async () => {
    const m = await member();
    const page = await getPage(server, `/ja/buyback/application/?model=${phone}`, m.cookie);
    expect(page.html).toMatch(new RegExp(`<option value="${phone}" selected`));

    const typed = goodDevice({ imei: "35 391110 123456 6" });
    const added = await post("/ja/buyback/application/", m.cookie, { ...deviceForm([typed]), intent: "add" });
    expect(added.status).toBe(200);
    const html = await added.text();
    expect(html).toContain('name="devices.1.modelId"');
    expect(html).toContain('value="35 391110 123456 6"');
    const checked = (doc: string, selector: string) =>
      parse(doc).querySelector(selector)?.hasAttribute("checked");
    expect(checked(html, 'input[name="devices.0.answers.appearance"][value="used"]')).toBe(true);

    const estimated = await post("/ja/buyback/application/", m.cookie, {
      ...deviceForm([typed]),
      intent: "estimate",
    });
    const estimate = await estimated.text();
    expect(estimate).toContain('data-testid="estimate-0-offer-amount"');
    expect(estimate).toMatch(/data-testid="estimate-0-offer-amount"[^>]*>¥45,000/);
  });

  it("refuses a wrong IMEI or a missing answer with the message in the page's language, keeping every field", async () => {
    const m = await member();
    const bad = goodDevice({ imei: "351234567890123", "answers.camera": "" });
    for (const [lang, imeiMessage, answerMessage] of [
      ["ja", "IMEIを正しく入力してください", "選んでください"],
      ["en", "Enter the IMEI correctly", "Please choose one"],
    ] as const) {
      const res = await post(`/${lang}/buyback/application/`, m.cookie, {
        ...deviceForm([bad]),
        intent: "next",
      });
      expect(res.status).toBe(422);
      const html = await res.text();
      expect(html).toContain(imeiMessage);
      expect(html).toContain(answerMessage);
      expect(html).toContain('value="351234567890123"');
      expect(html).toMatch(new RegExp(`<option value="${phone}" selected`));
      expect(res.headers.getSetCookie()).toEqual([]);
    }
  });

  it("applies through the confirm page once, however often it is sent, and says what to do next", async () => {
    const m = await member();
    expect((await getPage(server, "/ja/buyback/confirm/", m.cookie)).res.headers.get("location")).toBe(
      "/ja/buyback/application/",
    );
    const next = await post("/ja/buyback/application/", m.cookie, {
      ...deviceForm([goodDevice(), goodDevice({ "answers.screen": "cracked" })]),
      intent: "next",
    });
    expect(next.status).toBe(302);
    expect(next.headers.get("location")).toBe("/ja/buyback/confirm/");
    const cookie = `${m.cookie}; ${cookieOf(next)}`;
    const confirm = await getPage(server, "/ja/buyback/confirm/", cookie);
    expect(confirm.status).toBe(200);
    expect(confirm.doc.querySelectorAll('[data-testid="confirm-device"]')).toHaveLength(2);
    expect(confirm.doc.querySelector('[data-testid="confirm-total"]')?.text).toBe("¥53,000");
    const requestKey = confirm.doc.querySelector('input[name="requestKey"]')?.getAttribute("value") ?? "";

    // Without the confirmations and with a pickup missing its time: messages, the choices kept.
    const missing = await post("/ja/buyback/confirm/", cookie, {
      requestKey,
      method: "pickup",
      pickupDate: "2099-01-05",
      pickupSlot: "",
      dataErased: "on",
    });
    expect(missing.status).toBe(422);
    const html = await missing.text();
    expect(html).toContain("アクティベーションロックを解除してからお申し込みください");
    expect(html).toContain("18歳未満の方からは買取できません");
    expect(html).toContain("集荷の日と時間帯を選んでください");
    expect(html).toContain('value="2099-01-05"');
    expect(parse(html).querySelector('input[name="method"][value="pickup"]')?.hasAttribute("checked")).toBe(
      true,
    );

    const form = {
      requestKey,
      method: "pickup",
      pickupDate: "2099-01-05",
      pickupSlot: "08",
      activationLock: "on",
      dataErased: "on",
      adult: "on",
    };
    const done = await post("/ja/buyback/confirm/", cookie, form);
    expect(done.status).toBe(302);
    const location = done.headers.get("location") ?? "";
    expect(location).toMatch(/^\/ja\/buyback\/transactions\/\?applied=\d+$/);
    expect(done.headers.getSetCookie().join()).toMatch(/tsugu_buyback_draft=;/);
    // The same form sent again (a double tap, a retry) answers the same application.
    const again = await post("/ja/buyback/confirm/", cookie, form);
    expect(again.headers.get("location")).toBe(location);
    const items = await server.database.db.select().from(buybackItems).where(eq(buybackItems.userId, m.id));
    expect(items).toHaveLength(2);

    const list = await getPage(server, location, m.cookie);
    const steps = list.doc.querySelector('[data-testid="next-steps"]');
    expect(steps?.text).toContain("2台の端末のお申込みを受け付けました");
    expect(steps?.querySelector('[data-testid="invoice-number"]')?.text).toMatch(/^\d{12}$/);
    expect(steps?.querySelector('[data-testid="hand-over"]')?.text).toContain(
      "14時〜16時に配達員が集荷に伺います",
    );
  });

  it("shows a device only to its member: another member's page, address page and API answer 404", async () => {
    const owner = await member();
    const other = await member();
    const { itemIds } = await applyForBuyback(server.ctx, {
      actor: owner,
      requestKey: `foreign-${owner.id}`,
      devices: [
        { categoryCode: "05", modelId: phone, storageGb: 128, imei: nextImei(), answers: { ...ANSWERS } },
      ],
      shipping: { method: "kit" },
      confirmations: { activationLock: true, dataErased: true, adult: true },
    });
    const id = itemIds[0]!;
    const own = await getPage(server, `/ja/buyback/transactions/${id}/`, owner.cookie);
    expect(own.status).toBe(200);
    expect(own.doc.querySelector('[data-testid="buyback-status"]')?.getAttribute("data-state")).toBe("10");
    for (const path of [`/ja/buyback/transactions/${id}/`, `/ja/buyback/transactions/${id}/address/`]) {
      expect((await getPage(server, path, other.cookie)).status, path).toBe(404);
    }
    expect((await post(`/ja/buyback/transactions/${id}/`, other.cookie, { intent: "cancel" })).status).toBe(
      404,
    );
    expect((await api(`/buyback/transactions/${id}`, other.token)).status).toBe(404);
    expect((await api(`/buyback/transactions/${id}/ship`, other.token, { method: "POST" })).status).toBe(404);
    const [row] = await server.database.db.select().from(buybackItems).where(eq(buybackItems.id, id));
    expect(row?.state).toBe("10");
  });

  it("accepts a small offer on the member's word they are 18 or older: proceeds grow, the notice leads to the device", async () => {
    const m = await member();
    const id = await offered(m, 6_000);
    const page = await getPage(server, `/ja/buyback/transactions/${id}/`, m.cookie);
    expect(page.doc.querySelector('[data-testid="offer-lines-amount"]')?.text).toBe("¥6,000");
    expect(page.doc.querySelector('[data-testid="offer-deadline"]')?.text).toMatch(
      /^回答期限: .*（日本時間）$/,
    );
    expect(page.html).not.toContain("買取テスト株式会社");
    expect(page.doc.querySelector('input[name="adult"]')).not.toBeNull();

    const noAdult = await post(`/ja/buyback/transactions/${id}/`, m.cookie, { intent: "accept" });
    expect(noAdult.status).toBe(422);
    expect(await noAdult.text()).toContain("18歳以上であることを確認してください");
    // Without JavaScript the server asks first, saying what follows, and nothing has happened yet.
    const asked = await post(`/ja/buyback/transactions/${id}/`, m.cookie, {
      intent: "accept",
      adult: "on",
    });
    expect(asked.status).toBe(200);
    const askedHtml = await asked.text();
    const panel = parse(askedHtml).querySelector('[data-testid="confirm-panel"]');
    expect(panel?.querySelector("h2")?.text).toBe("¥6,000で売りますか？");
    expect(panel?.text).toContain("成立したあとは取り消せず、端末はお返しできません。");
    expect(panel?.querySelector('button[name="confirmed"]')?.text).toBe("この金額で売る");
    expect(await stateOf(id)).toBe("40");
    expect((await getBalance(server.ctx, { userId: m.id })).proceeds).toBe(0);
    // Back: the offer again, the box still ticked.
    const back = await post(`/ja/buyback/transactions/${id}/`, m.cookie, confirmedForm(askedHtml, "back"));
    expect(back.status).toBe(200);
    const backDoc = parse(await back.text());
    expect(backDoc.querySelector('[data-testid="confirm-panel"]')).toBeNull();
    expect(backDoc.querySelector('input[name="adult"]')?.hasAttribute("checked")).toBe(true);
    expect(await stateOf(id)).toBe("40");

    const accepted = await post(`/ja/buyback/transactions/${id}/`, m.cookie, confirmedForm(askedHtml));
    expect(accepted.status).toBe(302);
    expect((await getBalance(server.ctx, { userId: m.id })).proceeds).toBe(6_000);
    const bought = await getPage(server, `/ja/buyback/transactions/${id}/`, m.cookie);
    expect(bought.doc.querySelector('[data-testid="bought"]')?.text).toContain(
      "¥6,000を売上金に加えました。",
    );
    const twice = await post(`/ja/buyback/transactions/${id}/`, m.cookie, { intent: "accept", adult: "on" });
    expect(twice.status).toBe(409);
    expect((await getBalance(server.ctx, { userId: m.id })).proceeds).toBe(6_000);

    const [notice] = await server.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, m.id));
    expect(notice?.kind).toBe("buyback");
    const list = await getPage(server, "/ja/notifications/", m.cookie);
    const link = list.doc.querySelector(`a[href="/ja/buyback/transactions/${id}/"]`);
    expect(link?.text).toContain("「iPhone 13」の買取が成立しました。¥6,000を売上金に加えました");
    const listEn = await getPage(server, "/en/notifications/", m.cookie);
    expect(listEn.html).toContain(
      "The buyback of your iPhone 13 is complete: ¥6,000 was added to your proceeds",
    );
  });

  it("asks for the identity check before a large offer can be accepted; declining sends the device back", async () => {
    const m = await member();
    const id = await offered(m, 30_000);
    const page = await getPage(server, `/ja/buyback/transactions/${id}/`, m.cookie);
    const needed = page.doc.querySelector('[data-testid="identity-needed"]');
    expect(needed?.text).toContain("古物営業法にもとづく本人確認が必要です");
    expect(needed?.querySelector("a")?.getAttribute("href")).toBe("/ja/settings/identification/");
    expect(page.html).not.toContain('value="accept"');
    const refused = await post(`/ja/buyback/transactions/${id}/`, m.cookie, {
      intent: "accept",
      adult: "on",
    });
    expect(refused.status).toBe(403);
    const askedEn = await post(`/en/buyback/transactions/${id}/`, m.cookie, { intent: "decline" });
    expect(askedEn.status).toBe(200);
    const askedHtml = await askedEn.text();
    const panel = parse(askedHtml).querySelector('[data-testid="confirm-panel"]');
    expect(panel?.querySelector("h2")?.text).toBe("Decline the offer?");
    expect(panel?.text).toContain("send it back to your address free of charge");
    expect(await stateOf(id)).toBe("40");
    const declined = await post(`/ja/buyback/transactions/${id}/`, m.cookie, confirmedForm(askedHtml));
    expect(declined.status).toBe(302);
    const ended = await getPage(server, `/en/buyback/transactions/${id}/`, m.cookie);
    expect(ended.doc.querySelector('[data-testid="ended"]')?.text).toContain("You declined the offer");
    expect(ended.doc.querySelector('[data-testid="return-invoice"]')?.text).toMatch(/^\d{12}$/);
  });
});

describe("the member's buyback steps that cannot be undone, and the offer in words", () => {
  it("asks before marking the parcel shipped, saying the devices in the box go together, and goes back on request", async () => {
    const m = await member();
    const { itemIds } = await applyForBuyback(server.ctx, {
      actor: m,
      requestKey: `ship-${m.id}`,
      devices: [0, 1].map(() => ({
        categoryCode: "05",
        modelId: phone,
        storageGb: 128,
        imei: nextImei(),
        answers: { ...ANSWERS },
      })),
      shipping: { method: "kit" },
      confirmations: { activationLock: true, dataErased: true, adult: true },
    });
    const id = itemIds[0]!;
    const url = `/ja/buyback/transactions/${id}/`;
    const page = await getPage(server, url, m.cookie);
    expect(page.doc.querySelector('[data-testid="ship-form"] button[type="submit"]')?.text).toBe(
      "発送しました",
    );

    const asked = await post(url, m.cookie, { intent: "ship" });
    expect(asked.status).toBe(200);
    const html = await asked.text();
    const panel = parse(html).querySelector('[data-testid="confirm-panel"]');
    expect(panel?.querySelector("h2")?.text).toBe("端末を発送しましたか？");
    expect(panel?.text).toContain("同じ箱の端末2台が、まとめて発送済みになります。");
    expect(panel?.text).toContain("お申込みのキャンセルはできなくなります");
    expect(parse(html).querySelector('[data-testid="ship-form"]')).toBeNull();
    expect(await stateOf(id)).toBe("10");

    const back = await post(url, m.cookie, confirmedForm(html, "back"));
    expect(back.status).toBe(200);
    expect(parse(await back.text()).querySelector('[data-testid="ship-form"]')).not.toBeNull();
    expect(await stateOf(id)).toBe("10");

    expect((await post(url, m.cookie, confirmedForm(html))).status).toBe(302);
    expect(await stateOf(id)).toBe("20");
    expect(await stateOf(itemIds[1]!)).toBe("20");
    // Nothing to confirm once it is on its way: the machine says why not.
    const late = await post(url, m.cookie, { intent: "ship" });
    expect(late.status).toBe(409);
    expect(await late.text()).not.toContain('data-testid="confirm-panel"');
  });

  it("explains the grade, each defect, the function test and the NSYS grade in words, in both languages", async () => {
    const m = await member();
    const id = await offered(m, 7_000);
    await server.database.db
      .update(buybackItems)
      .set({
        grade: "J",
        ngConditions: ["battery", "screen"],
        externalGrade: { scale: "NSYS", value: "B+" },
        diagnostics: { imei: { value: "353911101234566" }, testResult: { value: "fail" } },
      })
      .where(eq(buybackItems.id, id));
    const ja = await getPage(server, `/ja/buyback/transactions/${id}/`, m.cookie);
    const findings = ja.doc.querySelector('[data-testid="grading-findings"]');
    expect(findings?.text).toContain("J（ジャンク）");
    expect(findings?.text).toContain("機能に不具合があるもの");
    const defects = findings?.querySelectorAll("li").map((li) => li.text) ?? [];
    // The worst first, each with what it means; never a code.
    expect(defects[0]).toContain("画面割れ・表示不良");
    expect(defects[0]).toContain("画面のガラスが割れているか");
    expect(defects[1]).toContain("バッテリーの最大容量が80%を下回り");
    expect(findings?.text).not.toMatch(/\b(screen|battery)\b/);
    expect(ja.doc.querySelector('[data-testid="test-result"]')?.text).toBe(
      "動作検査で不合格の項目がありました。内容は「不具合」に書いています。",
    );
    const nsys = ja.doc.querySelector('[data-testid="external-grade"]')?.text ?? "";
    expect(nsys).toContain("NSYSグレード B+: 目立つ傷あり。");
    expect(nsys).toContain("同じグレードの中では状態のよいほうです。");
    const en = await getPage(server, `/en/buyback/transactions/${id}/`, m.cookie);
    expect(en.doc.querySelector('[data-testid="external-grade"]')?.text).toContain(
      "NSYS grade B+: Visible scratches",
    );
    // A value outside the scale is shown as given.
    await server.database.db
      .update(buybackItems)
      .set({ externalGrade: { scale: "NSYS", value: "Z9" } })
      .where(eq(buybackItems.id, id));
    const odd = await getPage(server, `/ja/buyback/transactions/${id}/`, m.cookie);
    expect(odd.doc.querySelector('[data-testid="external-grade"]')?.text).toBe(
      "NSYSグレード Z9（外部の検査機関による評価です）",
    );
  });

  it("says on the spots page and in the application alike whether and how a device can be brought in", async () => {
    const m = await member();
    const next = await post("/ja/buyback/application/", m.cookie, {
      ...deviceForm([goodDevice()]),
      intent: "next",
    });
    const cookie = `${m.cookie}; ${cookieOf(next)}`;
    // No spot open: neither page offers it.
    const before = await getPage(server, "/ja/buyback/confirm/", cookie);
    expect(before.doc.querySelector('[data-testid="drop-off-note"]')).toBeNull();
    const closed = await getPage(server, "/ja/buyback/spots/");
    expect(closed.doc.querySelector('[data-testid="drop-off-how"]')).toBeNull();
    expect(closed.html).toContain("いま利用できる持ち込み拠点はありません");

    const [spot] = await server.database.db
      .insert(buybackSpots)
      .values({
        name: "Tsugu 買取カウンター テスト",
        postalCode: "1500001",
        prefectureCode: "13",
        address: "渋谷区神宮前1-1-1",
        hours: "10:00〜19:00",
        active: true,
      })
      .returning({ id: buybackSpots.id });
    try {
      const how = "お申込みのとき、送り方は「梱包キットで送る」を選んでください";
      const confirm = await getPage(server, "/ja/buyback/confirm/", cookie);
      const note = confirm.doc.querySelector('[data-testid="drop-off-note"]');
      expect(note?.text).toContain("お近くの持ち込み拠点（1か所）");
      expect(note?.text).toContain(how);
      expect(note?.querySelector("a")?.getAttribute("href")).toBe("/ja/buyback/spots/");
      const spots = await getPage(server, "/ja/buyback/spots/");
      expect(spots.doc.querySelector('[data-testid="drop-off-how"]')?.text).toContain(how);
      const en = await getPage(server, "/en/buyback/spots/");
      expect(en.doc.querySelector('[data-testid="drop-off-how"]')?.text).toContain(
        "choose “Send with a packing kit”",
      );
    } finally {
      await server.database.db.delete(buybackSpots).where(eq(buybackSpots.id, spot!.id));
    }
  });

  it("fills the application from the instant quote: the model and what its condition says", async () => {
    const m = await member();
    const page = await getPage(server, `/ja/buyback/application/?model=${phone}&condition=screen`, m.cookie);
    expect(page.html).toMatch(new RegExp(`<option value="${phone}" selected`));
    const checked = (name: string) =>
      page.doc.querySelector(`input[name="devices.0.answers.${name}"][checked]`)?.getAttribute("value");
    expect(checked("screen")).toBe("cracked");
    expect(checked("power")).toBeUndefined();
    const unknown = await getPage(
      server,
      `/ja/buyback/application/?model=${phone}&condition=shiny`,
      m.cookie,
    );
    expect(unknown.doc.querySelector('input[name="devices.0.answers.screen"][checked]')).toBeNull();
  });
});

describe("the member's buyback API", () => {
  it("estimates from live bids and refuses an unknown model", async () => {
    const m = await member();
    const ok = await api("/buyback/estimate", m.token, {
      method: "POST",
      body: { category_code: "05", model_id: phone, storage_gb: 128, answers: { ...ANSWERS, network: "△" } },
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({
      grade: "B",
      ng_conditions: [],
      ng_condition: "none",
      offer: { bid: 45_000, deductions: [{ code: "network_pending", amount: 4_500 }], amount: 40_500 },
      // Down to a screen and a camera found faulty at grading (each further defect 10% off).
      range: { min: 6_400, max: 40_500 },
      check: null,
    });
    const unknown = await api("/buyback/estimate", m.token, {
      method: "POST",
      body: { category_code: "05", model_id: 999_999, storage_gb: 128, answers: ANSWERS },
    });
    expect(unknown.status).toBe(422);
    expect(
      ((await unknown.json()) as { error: { fields: Record<string, string> } }).error.fields.model_id,
    ).toBe("この機種は選べません。一覧から選んでください");
  });

  it("applies once per key, refuses a bad IMEI checksum and eleven devices, then ships and refuses what no longer fits", async () => {
    const m = await member();
    const device = { category_code: "05", model_id: phone, storage_gb: 128, answers: ANSWERS };
    const body = (devices: unknown[]) => ({
      devices,
      shipping_method: "kit",
      activation_lock_removed: true,
      data_erased: true,
      adult: true,
    });
    const checksum = await api("/buyback/applications", m.token, {
      method: "POST",
      key: "api-checksum-1",
      body: body([{ ...device, imei: "351234567890123" }]),
    });
    expect(checksum.status).toBe(422);
    expect(((await checksum.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
      "devices.0.imei": "IMEIを正しく入力してください",
    });
    const eleven = await api("/buyback/applications", m.token, {
      method: "POST",
      key: "api-eleven-1",
      body: body(Array.from({ length: 11 }, () => ({ ...device, imei: nextImei() }))),
    });
    expect(eleven.status).toBe(422);
    const spaced = nextImei().replace(/^(\d{2})(\d{6})(\d{6})(\d)$/, "$1-$2-$3-$4");
    const first = await api("/buyback/applications", m.token, {
      method: "POST",
      key: "api-apply-1",
      body: body([{ ...device, imei: spaced }]),
    });
    expect(first.status).toBe(201);
    const applied = (await first.json()) as { application_id: number; item_ids: number[] };
    const again = await api("/buyback/applications", m.token, {
      method: "POST",
      key: "api-apply-1",
      body: body([{ ...device, imei: nextImei() }]),
    });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ ...applied, created: false });

    const id = applied.item_ids[0]!;
    const list = (await (await api("/buyback/transactions", m.token)).json()) as { items: { id: number }[] };
    expect(list.items.map((i) => i.id)).toEqual([id]);
    const detail = (await (await api(`/buyback/transactions/${id}`, m.token)).json()) as Record<
      string,
      unknown
    >;
    expect(detail).toMatchObject({ state: "10", actions: ["ship", "cancel", "address"], acceptance: null });
    expect(detail.imei).toMatch(/^\d{8}•+\d{2}$/);
    const address = await api(`/buyback/transactions/${id}/address`, m.token, {
      method: "PUT",
      body: { source: "new", address: { family_name: "佐藤" } },
    });
    expect(address.status).toBe(422);
    expect((await api(`/buyback/transactions/${id}/ship`, m.token, { method: "POST" })).status).toBe(200);
    expect((await api(`/buyback/transactions/${id}/cancel`, m.token, { method: "POST" })).status).toBe(409);
    const locked = await api(`/buyback/transactions/${id}/address`, m.token, {
      method: "PUT",
      body: { source: "book" },
    });
    expect(locked.status).toBe(409);
    expect(
      (await api(`/buyback/transactions/${id}/accept`, m.token, { method: "POST", body: {} })).status,
    ).toBe(409);

    // A business buyer's account never sells to the buyback.
    const someone = await makeMember(server.ctx);
    await server.database.db.update(users).set({ role: "business" }).where(eq(users.id, someone.id));
    const business = await signIn(server, { ...someone, role: "business" });
    expect((await api("/buyback/transactions", business.token)).status).toBe(403);
    expect((await getPage(server, "/ja/buyback/application/", business.cookie)).status).toBe(403);
  });
});

describe("the buyback application with a device self-check report", () => {
  /** A report of the member's where every test worked (as on an iPhone: no earpiece, no vibration). */
  async function passingReport(m: SessionUser) {
    const tests = Object.fromEntries(CHECK_TESTS.map((test) => [test, "pass"])) as Record<
      CheckTest,
      CheckOutcome
    >;
    return saveDeviceCheck(server.ctx, {
      actor: m,
      input: finishedCheck(new Date(), {
        tests: { ...tests, earpiece: "unsupported", vibration: "unsupported" },
        displayDefects: [],
      }),
    });
  }
  const applied = async (userId: number) =>
    (await server.database.db.select().from(buybackItems).where(eq(buybackItems.userId, userId))).length;

  it("offers the member's report, takes its answers, narrows the estimate and keeps it to the device's page, without JavaScript", async () => {
    const m = await member();
    const report = await passingReport(m);
    const page = await getPage(server, "/ja/buyback/application/", m.cookie);
    expect(page.doc.querySelector(`input[name="devices.0.checkId"][value="${report.id}"]`)).not.toBeNull();

    // The power left open: the report answers it, and leaves only the device as described.
    const device = goodDevice({ "answers.power": "", checkId: report.id });
    const estimated = await post("/ja/buyback/application/", m.cookie, {
      ...deviceForm([device]),
      intent: "estimate",
    });
    expect(estimated.status).toBe(200);
    const doc = parse(await estimated.text());
    expect(
      doc.querySelector('input[name="devices.0.answers.power"][value="yes"]')?.hasAttribute("checked"),
    ).toBe(true);
    expect(
      doc.querySelector(`input[name="devices.0.checkId"][value="${report.id}"]`)?.hasAttribute("checked"),
    ).toBe(true);
    const range = doc.querySelector('[data-testid="estimate-0-range"]');
    expect(range?.getAttribute("data-narrowed")).toBe("true");
    expect(range?.text).toContain("動作チェックの結果で見積もりを絞り込みました");
    expect(doc.querySelector('[data-testid="estimate-0-range-value"]')?.text).toBe("¥45,000");
    expect(doc.querySelector('[data-testid="estimate-0-range-without"]')?.text).toBe(
      "動作チェックなしの場合：¥7,200〜¥45,000",
    );
    expect(doc.querySelectorAll('[data-testid="from-check"]').length).toBe(3);

    // Through the confirm page: the report goes with the device and on to its page.
    const next = await post("/ja/buyback/application/", m.cookie, {
      ...deviceForm([device]),
      intent: "next",
    });
    expect(next.status).toBe(302);
    const cookie = `${m.cookie}; ${cookieOf(next)}`;
    const confirm = await getPage(server, "/ja/buyback/confirm/", cookie);
    expect(confirm.doc.querySelector('[data-testid="confirm-device-check"]')?.text).toMatch(
      /^動作チェック：.+のチェックを付けています$/,
    );
    // Back to the form from the confirm page: the report is still chosen.
    const back = await getPage(server, "/ja/buyback/application/", cookie);
    expect(
      back.doc
        .querySelector(`input[name="devices.0.checkId"][value="${report.id}"]`)
        ?.hasAttribute("checked"),
    ).toBe(true);
    const requestKey = confirm.doc.querySelector('input[name="requestKey"]')?.getAttribute("value") ?? "";
    const done = await post("/ja/buyback/confirm/", cookie, {
      requestKey,
      method: "kit",
      activationLock: "on",
      dataErased: "on",
      adult: "on",
    });
    expect(done.status).toBe(302);
    const [item] = await server.database.db.select().from(buybackItems).where(eq(buybackItems.userId, m.id));
    const [row] = await server.database.db
      .select()
      .from(deviceChecks)
      .where(eq(deviceChecks.publicId, report.id));
    expect(row).toMatchObject({ buybackItemId: item!.id, subject: `buyback:${item!.id}` });
    const detail = await getPage(server, `/ja/buyback/transactions/${item!.id}/`, m.cookie);
    const badge = detail.doc.querySelector('[data-testid="device-check-badge"]');
    expect(badge?.getAttribute("data-standing")).toBe("genuine");
    expect(badge?.text).toContain("動作チェック済み");
    // The report is the device's now: the form no longer offers it.
    const later = await getPage(server, "/ja/buyback/application/", m.cookie);
    expect(later.doc.querySelector(`input[value="${report.id}"]`)).toBeNull();
  });

  it("refuses an altered report with the message in the page's language, and applies nothing", async () => {
    const m = await member();
    const report = await passingReport(m);
    const altered = finishedCheck(new Date());
    await server.database.db
      .update(deviceChecks)
      .set({ result: altered })
      .where(eq(deviceChecks.publicId, report.id));
    for (const [lang, message] of [
      ["ja", "この動作チェックの結果は改ざんされているため使えません。もう一度チェックしてください"],
      ["en", "This device check report has been altered and cannot be used. Please run the check again"],
    ] as const) {
      const res = await post(`/${lang}/buyback/application/`, m.cookie, {
        ...deviceForm([goodDevice({ checkId: report.id })]),
        intent: "next",
      });
      expect(res.status).toBe(422);
      const doc = parse(await res.text());
      expect(doc.querySelector('[data-testid="check-error-0"]')?.text).toBe(message);
      // Nothing waits for the confirm page.
      expect(res.headers.getSetCookie()).toEqual([]);
    }
    const api422 = await api("/buyback/applications", m.token, {
      method: "POST",
      key: `api-altered-${m.id}`,
      body: {
        devices: [
          {
            category_code: "05",
            model_id: phone,
            storage_gb: 128,
            imei: nextImei(),
            answers: ANSWERS,
            check_id: report.id,
          },
        ],
        shipping_method: "kit",
        activation_lock_removed: true,
        data_erased: true,
        adult: true,
      },
    });
    expect(api422.status).toBe(422);
    expect(((await api422.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
      "devices.0.check_id":
        "この動作チェックの結果は改ざんされているため使えません。もう一度チェックしてください",
    });
    expect(await applied(m.id)).toBe(0);
    const [row] = await server.database.db
      .select()
      .from(deviceChecks)
      .where(eq(deviceChecks.publicId, report.id));
    expect(row).toMatchObject({ buybackItemId: null, subject: `member:${m.id}` });
  });
});
