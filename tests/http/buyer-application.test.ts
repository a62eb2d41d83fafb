import { eq } from "drizzle-orm";
import { parse } from "node-html-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buybackCompanies, buyerApplications } from "#db/schema/index.ts";
import { sandboxBotToken } from "../helpers/bot-check.ts";
import { startTestServer, type TestServer } from "../helpers/http-server.ts";
import { getPage, postForm, signInOperator } from "../helpers/web.ts";

// A company's application and the office's decision, as the pages answer without JavaScript.

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const post = (path: string, form: [string, string][], cookie = "") => postForm(server, path, form, cookie);

const page = (path: string, cookie = "") => getPage(server, path, cookie);

const FORM: [string, string][] = [
  ["companyName", "合同会社テスト端末"],
  ["licenceNumber", "621010000777"],
  ["licenceCommission", "27"],
  ["address", "大阪府大阪市北区梅田1-1-1"],
  ["contactName", "田中 一郎"],
  ["email", "tanaka@test-tanmatsu.example"],
  ["phone", "06-1234-5678"],
  ["monthlyVolume", "under10"],
  ["categories", "05"],
  ["categories", "08"],
];

describe("a company's application without JavaScript", () => {
  it("keeps what was typed with each field's message, then sends, and the office approves after confirming", async () => {
    const form = await page("/en/buyback/signup/");
    expect(form.status).toBe(200);
    expect(form.doc.querySelector("h1")?.text).toBe("Apply to become a business buyer");
    expect(form.doc.querySelectorAll('select[name="licenceCommission"] option')).toHaveLength(48);

    const bad = await post("/ja/buyback/signup/", [
      ...FORM.filter(([name]) => name !== "categories" && name !== "licenceNumber"),
      ["licenceNumber", "１２３"],
      ["botCheckToken", await sandboxBotToken(server.url, "contact")],
    ]);
    expect(bad.status).toBe(422);
    const badDoc = parse(await bad.text());
    expect(badDoc.querySelector('[data-testid="error-licenceNumber"]')?.text).toBe(
      "古物商許可番号は12桁の数字で入力してください",
    );
    expect(badDoc.querySelector('[data-testid="error-categories"]')?.text).toBe(
      "買い取るカテゴリを1つ以上選んでください",
    );
    expect(badDoc.querySelector('input[name="companyName"]')?.getAttribute("value")).toBe(
      "合同会社テスト端末",
    );
    expect(badDoc.querySelector('input[name="licenceNumber"]')?.getAttribute("value")).toBe("１２３");
    expect(await server.database.db.select().from(buyerApplications)).toHaveLength(0);

    const sent = await post("/ja/buyback/signup/", [
      ...FORM,
      ["botCheckToken", await sandboxBotToken(server.url, "contact")],
    ]);
    expect(sent.status).toBe(200);
    expect(parse(await sent.text()).querySelector('[data-testid="application-sent"]')?.text).toContain(
      "tanaka@test-tanmatsu.example",
    );
    const [row] = await server.database.db.select().from(buyerApplications);
    expect(row).toMatchObject({ state: "PENDING", categories: ["05", "08"], licenceCommission: "27" });

    const admin = await signInOperator(server, ["admin"]);
    const queue = await page("/ja/staff/buyer-applications/", admin.cookie);
    expect(queue.doc.querySelector('[data-testid="applications-pending"]')?.text).toBe("審査待ち 1件");
    const here = `/ja/staff/buyer-applications/${row!.id}/`;
    // Asked first: nothing changes until the operator confirms.
    const asked = await post(here, [["intent", "approve"]], admin.cookie);
    expect(asked.status).toBe(200);
    expect(parse(await asked.text()).querySelector('[data-testid="confirm-panel"]')?.text).toContain(
      "「合同会社テスト端末」を承認しますか？",
    );
    expect((await server.database.db.select().from(buyerApplications))[0]?.state).toBe("PENDING");
    const approved = await post(
      here,
      [
        ["intent", "approve"],
        ["confirmed", "1"],
      ],
      admin.cookie,
    );
    expect(approved.status).toBe(302);
    const [company] = await server.database.db
      .select()
      .from(buybackCompanies)
      .where(eq(buybackCompanies.name, "合同会社テスト端末"));
    expect(company?.dealerLicence).toBe("大阪府公安委員会 第621010000777号");
    const decided = await page(here, admin.cookie);
    expect(decided.doc.querySelector('[data-testid="application-state"]')?.text).toBe("承認済み");

    // A declining operator must give a reason; the page keeps the form and says so.
    const again = await post("/ja/buyback/signup/", [
      ...FORM,
      ["botCheckToken", await sandboxBotToken(server.url, "contact")],
    ]);
    expect(again.status).toBe(200);
    const second = (await server.database.db.select().from(buyerApplications)).find(
      (a) => a.state === "PENDING",
    )!;
    const noReason = await post(
      `/ja/staff/buyer-applications/${second.id}/`,
      [
        ["intent", "decline"],
        ["reason", ""],
      ],
      admin.cookie,
    );
    expect(noReason.status).toBe(422);
    expect(parse(await noReason.text()).querySelector('[data-testid="error-reason"]')?.text).toBe(
      "お断りする理由を入力してください",
    );
  });
});
