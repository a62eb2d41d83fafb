import { eq } from "drizzle-orm";
import { parse } from "node-html-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIAGNOSTIC_FIELDS } from "#core/buyback/diagnostic-fields.ts";
import {
  buybackApplications,
  buybackCompanies,
  buybackGradings,
  buybackItems,
  deviceModels,
} from "#db/schema/index.ts";
import { testImage } from "../helpers/account.ts";
import { fullDiagnostics, makeBuybackApplication, placeBid } from "../helpers/buyback-grading.ts";
import { makeMember } from "../helpers/catalog.ts";
import { startTestServer, type TestServer } from "../helpers/http-server.ts";
import { getPage, type SignedIn, signIn, signInOperator } from "../helpers/web.ts";

let server: TestServer;
let grader: SignedIn;
let modelId: number;
let companyId: number;

const page = (url: string, cookie = "") => getPage(server, url, cookie);

async function post(url: string, cookie: string, form: Record<string, string | string[]>) {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(form)) for (const one of [v].flat()) body.append(k, one);
  const res = await fetch(`${server.url}${url}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url, cookie },
    body,
  });
  const html = await res.text();
  return { status: res.status, res, html, doc: parse(html) };
}

/** The grading form as a browser sends it: `d.<key>`, `na.<key>`, `r.<key>` for every field. */
function gradingForm(o: { grade: string; ng?: string[]; over?: Record<string, unknown> }) {
  const form: Record<string, string | string[]> = { intent: "grade", grade: o.grade, ng: o.ng ?? [] };
  const diagnostics = fullDiagnostics(o.over) as Record<
    string,
    { value?: string; na?: boolean; reason?: string }
  >;
  for (const { key } of DIAGNOSTIC_FIELDS) {
    const d = diagnostics[key] ?? {};
    form[`d.${key}`] = d.value ?? "";
    if (d.na) form[`na.${key}`] = "on";
    form[`r.${key}`] = d.reason ?? "";
  }
  return form;
}

/** A device whose parcel is on its way, from a new member. */
async function shippedDevice() {
  const member = await makeMember(server.ctx, { nickname: "はなこ" });
  const app = await makeBuybackApplication(server.ctx, {
    userId: member.id,
    devices: [{ modelId }],
    shipped: true,
  });
  return { ...app, itemId: app.itemIds[0]! };
}

beforeAll(async () => {
  server = await startTestServer();
  grader = await signInOperator(server, ["grader"], { nickname: "査定 田中" });
  const [model] = await server.database.db
    .insert(deviceModels)
    .values({ brandCode: "00001", categoryCode: "05", name: "iPhone 13", storageOptions: [128] })
    .returning({ id: deviceModels.id });
  modelId = model!.id;
  const [company] = await server.database.db
    .insert(buybackCompanies)
    .values({ name: "株式会社リユースモバイル" })
    .returning({ id: buybackCompanies.id });
  companyId = company!.id;
});
afterAll(async () => {
  await server?.close();
});

describe("buyback grading in the back office, without JavaScript", () => {
  it("opens to graders only: support and members get 403, visitors go to the login", async () => {
    const { itemId } = await shippedDevice();
    const support = await signInOperator(server, ["support"]);
    const member = await signIn(server, await makeMember(server.ctx));
    for (const url of ["/ja/staff/buyback/", `/ja/staff/buyback/${itemId}/`]) {
      expect((await page(url, support.cookie)).status).toBe(403);
      expect((await page(url, member.cookie)).status).toBe(403);
      expect((await page(url)).status).toBe(302);
      expect((await page(url, grader.cookie)).status).toBe(200);
    }
    // The grader's dashboard counts the devices waiting to be graded and leads to the queue.
    const dashboard = await page("/ja/staff/", grader.cookie);
    const card = dashboard.doc.querySelector('[data-testid="queue-buyback"]');
    expect(card?.text).toContain("査定待ちの買取端末");
    expect(card?.querySelector("a")?.getAttribute("href")).toBe("/ja/staff/buyback/");
    expect(
      (await page("/ja/staff/", support.cookie)).doc.querySelector('[data-testid="queue-buyback"]'),
    ).toBeNull();
    // Posting is refused the same way, and nothing changes.
    const refused = await post(`/ja/staff/buyback/${itemId}/`, support.cookie, {
      intent: "receive",
      applicationId: "1",
    });
    expect(refused.status).toBe(403);
  });

  it("receives a parcel from the queue, grades the device and makes the offer, in Japanese and English", async () => {
    const { applicationId, invoiceNumber, itemId } = await shippedDevice();
    await placeBid(server.ctx, { companyId, modelId, grade: "A", price: 45_000 });

    const arriving = await page("/ja/staff/buyback/?tab=arriving", grader.cookie);
    expect(arriving.doc.querySelector("title")?.text).toContain("買取査定");
    expect(arriving.doc.querySelector('[data-testid="tab-arriving"]')?.getAttribute("aria-current")).toBe(
      "page",
    );
    const row = arriving.doc.querySelectorAll("tr").find((tr) => tr.text.includes(invoiceNumber));
    expect(row?.text).toContain(String(itemId));
    // The scan box opens the parcel's device by its invoice number; a number matching nothing is said.
    const scanned = await page(`/ja/staff/buyback/?scan=${invoiceNumber}`, grader.cookie);
    expect(scanned.status).toBe(302);
    expect(scanned.res.headers.get("location")).toBe(`/ja/staff/buyback/${itemId}/`);
    const unknown = await page("/ja/staff/buyback/?scan=123456789012", grader.cookie);
    expect(unknown.status).toBe(200);
    expect(unknown.doc.querySelector('[data-testid="scan-error"]')?.text).toBe(
      "「123456789012」に一致する端末も荷物もありません。番号を確かめて、もう一度読み取ってください。",
    );
    expect(unknown.doc.querySelector('input[name="scan"]')?.getAttribute("value")).toBe("123456789012");
    const letters = await page("/en/staff/buyback/?scan=abc", grader.cookie);
    expect(letters.status).toBe(200);
    expect(letters.doc.querySelector('[data-testid="scan-error"]')?.text).toBe(
      "Scan an IMEI (15 digits) or an invoice number, in digits",
    );
    // Receiving one parcel takes the grader to its device.
    const received = await post("/ja/staff/buyback/?tab=arriving", grader.cookie, {
      intent: "receive",
      applicationId: String(applicationId),
    });
    expect(received.status).toBe(302);
    expect(received.res.headers.get("location")).toBe(`/ja/staff/buyback/${itemId}/`);

    const toGrade = await page("/ja/staff/buyback/?tab=grade", grader.cookie);
    expect(toGrade.doc.querySelector(`a[href="/ja/staff/buyback/${itemId}/"]`)).not.toBeNull();
    const found = await page(`/en/staff/buyback/?q=${invoiceNumber}`, grader.cookie);
    expect(found.doc.querySelector("h2")?.text).toContain(`Results for “${invoiceNumber}”`);
    expect(found.doc.querySelector(`a[href="/en/staff/buyback/${itemId}/"]`)).not.toBeNull();

    // A search that is not a number, or a tab or page that does not exist, is said, never a 500.
    const words = await page("/ja/staff/buyback/?q=iPhone&tab=nope&page=x", grader.cookie);
    expect(words.status).toBe(200);
    expect(words.doc.querySelector('[data-testid="search-error"]')?.text).toBeTruthy();
    expect(words.doc.querySelector('input[name="q"]')?.getAttribute("value")).toBe("iPhone");

    // A parcel the courier picks up: its time slot is said in words, never as its code.
    await server.database.db
      .update(buybackApplications)
      .set({ pickupDate: "2026-11-25", pickupSlot: "06" })
      .where(eq(buybackApplications.id, applicationId));
    const detail = await page(`/ja/staff/buyback/${itemId}/`, grader.cookie);
    expect(detail.doc.text).toContain("2026-11-25 指定なし（17時まで）");
    expect(detail.doc.querySelector('[data-testid="device-state"]')?.text).toBe("査定中");
    expect(detail.doc.querySelector('[data-testid="grading-form"]')).not.toBeNull();
    // The form starts from the model the member named.
    expect(detail.doc.querySelector("#d-model")?.getAttribute("value")).toBe("iPhone 13");

    const graded = await post(`/ja/staff/buyback/${itemId}/`, grader.cookie, gradingForm({ grade: "A" }));
    expect(graded.status).toBe(302);
    const offered = await page(`/ja/staff/buyback/${itemId}/`, grader.cookie);
    expect(offered.doc.querySelector('[data-testid="device-state"]')?.text).toBe("査定完了");
    expect(offered.doc.querySelector('[data-testid="offer-amount"]')?.text).toBe("¥45,000");
    expect(offered.doc.querySelector('[data-testid="offer"]')?.text).toContain("株式会社リユースモバイル");
    expect(offered.doc.querySelector('[data-testid="gradings"]')?.text).toContain("初回の査定");
    const english = await page(`/en/staff/buyback/${itemId}/`, grader.cookie);
    expect(english.doc.querySelector("title")?.text).toContain("Grading a buyback device");
    expect(english.doc.querySelector('[data-testid="device-state"]')?.text).not.toBe("査定完了");
    expect(english.doc.querySelector('[data-testid="grading-form"] h2')?.text).toBe("Regrade");
  });

  it("a form with mistakes answers 422 with a message beside each field, keeps what was typed, changes nothing", async () => {
    const { applicationId, itemId } = await shippedDevice();
    await post("/ja/staff/buyback/", grader.cookie, {
      intent: "receive",
      applicationId: String(applicationId),
    });
    const form = gradingForm({
      grade: "J",
      over: {
        serialNumber: { value: "C39XK0AB1234" },
        modelName: { value: "" },
        osVersion: { na: true, reason: "" },
        imei: { value: "356938035643808" },
      },
    });
    const ja = await post(`/ja/staff/buyback/${itemId}/`, grader.cookie, form);
    expect(ja.status).toBe(422);
    expect(ja.doc.querySelector('[data-testid="error-modelName"]')?.text).toBe(
      "モデル名を入力してください。確認できない場合は「該当なし」にチェックして理由を書いてください",
    );
    // The summary names each field as a link to it.
    const summary = ja.doc.querySelector('[data-testid="error-summary"]');
    expect(summary?.querySelector('a[href="#d-modelName"]')?.text).toBe("モデル名");
    expect(summary?.querySelector('a[href="#d-osVersion"]')?.text).toBe("OSバージョン");
    expect(ja.doc.querySelector('[data-testid="error-osVersion"]')?.text).toBe(
      "OSバージョンを該当なしにする理由を書いてください",
    );
    expect(ja.doc.querySelector('[data-testid="error-imei"]')?.text).toContain("IMEI");
    expect(ja.doc.querySelector('[data-testid="error-ngConditions"]')?.text).toBe(
      "グレードJ（ジャンク）には、不具合を1つ以上選んでください",
    );
    expect(ja.doc.querySelector("#d-serialNumber")?.getAttribute("value")).toBe("C39XK0AB1234");
    expect(ja.doc.querySelector("#d-imei")?.getAttribute("value")).toBe("356938035643808");
    expect(ja.doc.querySelector("#na-osVersion")?.hasAttribute("checked")).toBe(true);
    expect(ja.doc.querySelector('input[name="grade"][value="J"]')?.hasAttribute("checked")).toBe(true);
    expect(ja.doc.querySelector("#d-modelName")?.getAttribute("aria-invalid")).toBe("true");

    const en = await post(`/en/staff/buyback/${itemId}/`, grader.cookie, form);
    expect(en.status).toBe(422);
    expect(en.doc.querySelector('[data-testid="error-osVersion"]')?.text).toBe(
      "Give the reason why OS version is not applicable",
    );
    const [device] = await server.database.db.select().from(buybackItems).where(eq(buybackItems.id, itemId));
    expect(device).toMatchObject({ state: "30", grade: null });
    expect(
      await server.database.db.select().from(buybackGradings).where(eq(buybackGradings.itemId, itemId)),
    ).toEqual([]);

    // A device still locked cannot be graded; refusing it as locked waits for the member.
    const locked = await post(
      `/ja/staff/buyback/${itemId}/`,
      grader.cookie,
      gradingForm({ grade: "B", over: { activationLock: { value: "on" } } }),
    );
    expect(locked.status).toBe(409);
    expect(locked.html).toContain("アクティベーションロックがオンの端末は査定できません");
    const early = await post(`/ja/staff/buyback/${itemId}/`, grader.cookie, {
      intent: "refuse",
      reason: "activation_locked",
      note: "ロックが残っている",
    });
    expect(early.status).toBe(409);
    expect(early.doc.querySelector('[data-testid="refuse-form"] [role="alert"]')?.text).toBe(
      "先に会員へロックの解除を依頼してください",
    );
    expect(early.doc.querySelector('[data-testid="refuse-form"] textarea')?.text).toBe("ロックが残っている");
    const asked = await post(`/ja/staff/buyback/${itemId}/`, grader.cookie, { intent: "unlock" });
    expect(asked.status).toBe(302);
    const after = await page(`/ja/staff/buyback/${itemId}/`, grader.cookie);
    expect(after.doc.querySelector('[data-testid="unlock"]')?.text).toContain("解除を依頼しました");
  });

  it("receives parcels in a batch without JavaScript: scanned invoices and ticked rows, each said; an empty batch is refused", async () => {
    const [a, b] = [await shippedDevice(), await shippedDevice()];
    const batch = await post("/ja/staff/buyback/?tab=arriving", grader.cookie, {
      intent: "batch",
      invoices: `${a.invoiceNumber}\r\n999999999999\r\n`,
      applicationId: [String(b.applicationId)],
    });
    expect(batch.status).toBe(200);
    const outcomes = batch.doc.querySelectorAll('[data-testid="batch-outcome"]').map((li) => li.text);
    expect(outcomes).toEqual([
      `${a.invoiceNumber}：受け取りました（端末 ${a.itemId}）`,
      "999999999999：一致する荷物がありません",
      `申込 ${b.applicationId}：受け取りました（端末 ${b.itemId}）`,
    ]);
    expect(batch.doc.querySelector('[data-testid="batch-result"]')?.text).toContain(
      "3件のうち2件を受け取りました。",
    );
    const empty = await post("/en/staff/buyback/?tab=arriving", grader.cookie, {
      intent: "batch",
      invoices: "",
    });
    expect(empty.status).toBe(422);
    expect(empty.doc.querySelector('[data-testid="batch-error"]')?.text).toBe(
      "Scan the invoice numbers of the parcels to receive, or tick them in the list",
    );
  });

  it("refuses a counterfeit: held, and its page says so", async () => {
    const { applicationId, itemId } = await shippedDevice();
    await post("/ja/staff/buyback/", grader.cookie, {
      intent: "receive",
      applicationId: String(applicationId),
    });
    const refused = await post(`/ja/staff/buyback/${itemId}/`, grader.cookie, {
      intent: "refuse",
      reason: "counterfeit",
      note: "刻印と筐体が純正品と異なる",
    });
    expect(refused.status).toBe(302);
    const detail = await page(`/ja/staff/buyback/${itemId}/`, grader.cookie);
    expect(detail.doc.querySelector('[data-testid="device-state"]')?.text).toBe("キャンセル");
    expect(detail.doc.querySelector('[data-testid="ended"]')?.text).toContain("返送しません");
    expect(detail.doc.querySelector('[data-testid="grading-form"]')).toBeNull();
    const ended = await page("/ja/staff/buyback/?tab=ended", grader.cookie);
    expect(ended.doc.querySelector(`a[href="/ja/staff/buyback/${itemId}/"]`)).not.toBeNull();
  });

  it("adds photos from a multipart form, refuses a file that is not a picture by its content, removes one", async () => {
    const { applicationId, itemId } = await shippedDevice();
    await post("/ja/staff/buyback/", grader.cookie, {
      intent: "receive",
      applicationId: String(applicationId),
    });
    const upload = async (files: { name: string; type: string; bytes: Uint8Array<ArrayBuffer> }[]) => {
      const form = new FormData();
      form.set("intent", "photos");
      for (const f of files) form.append("photos", new File([f.bytes], f.name, { type: f.type }));
      const res = await fetch(`${server.url}/ja/staff/buyback/${itemId}/`, {
        method: "POST",
        redirect: "manual",
        headers: { origin: server.url, cookie: grader.cookie },
        body: form,
      });
      const html = await res.text();
      return { status: res.status, doc: parse(html) };
    };
    const added = await upload([
      { name: "front.jpg", type: "image/jpeg", bytes: await testImage() },
      { name: "back.png", type: "image/png", bytes: await testImage({ format: "png" }) },
    ]);
    expect(added.status).toBe(302);
    const withPhotos = await page(`/ja/staff/buyback/${itemId}/`, grader.cookie);
    const images = withPhotos.doc.querySelectorAll('[data-testid="photos"] img');
    expect(images.map((i) => i.getAttribute("alt"))).toEqual([
      `端末 ${itemId} の写真 1`,
      `端末 ${itemId} の写真 2`,
    ]);
    expect(images[0]?.getAttribute("src")).toMatch(
      new RegExp(`/media/buyback/${itemId}/[0-9a-f]{32}-thumb\\.webp$`),
    );
    const html = new TextEncoder().encode(
      "<html><script>alert(1)</script></html>",
    ) as Uint8Array<ArrayBuffer>;
    const refused = await upload([{ name: "photo.jpg", type: "image/jpeg", bytes: html }]);
    expect(refused.status).toBe(415);
    expect(refused.doc.querySelector('[data-testid="photos"] [role="alert"]')?.text).toBe(
      "JPEG・PNG・WebP・HEIC形式の画像を選んでください",
    );
    const photoId = withPhotos.doc
      .querySelector('[data-testid="photos"] input[name="photoId"]')
      ?.getAttribute("value");
    const removed = await post(`/ja/staff/buyback/${itemId}/`, grader.cookie, {
      intent: "removePhoto",
      photoId: photoId ?? "",
    });
    expect(removed.status).toBe(302);
    const after = await page(`/ja/staff/buyback/${itemId}/`, grader.cookie);
    expect(after.doc.querySelectorAll('[data-testid="photos"] img')).toHaveLength(1);
  });
});
