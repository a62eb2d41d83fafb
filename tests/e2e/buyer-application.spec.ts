import type { Browser } from "@playwright/test";
import { expect, type Page, test } from "./fixtures.ts";
import { axe, codeFrom, journeyShot, linkFrom, logIn, readMail, seriousA11yProblems } from "./helpers.ts";

/**
 * A company that wants to buy devices applies without an invitation; an operator approves it from
 * the back office's queue; the invitation that approval sends lets the company's contact sign up.
 */

const DESK = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

test.use({ viewport: DESK });

/** axe's serious problems and any heading out of order, at a desk and on a phone (shot there). */
async function cleanAtBothWidths(page: Page, shot: string): Promise<void> {
  for (const size of [DESK, PHONE]) {
    await page.setViewportSize(size);
    expect(await seriousA11yProblems(page)).toEqual([]);
    const { violations } = await axe(page).withRules(["heading-order"]).analyze();
    expect(violations.map((v) => v.id)).toEqual([]);
  }
  await journeyShot(page, `${shot}-phone`);
  await page.setViewportSize(DESK);
}

async function newDesk(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: "ja-JP", timezoneId: "Asia/Tokyo", viewport: DESK });
  return context.newPage();
}

test("a company applies, an operator approves it from the queue, and the company signs up from the invitation", async ({
  page,
  browser,
}) => {
  const stamp = Date.now();
  const email = `kaitori.${stamp}@reuse-partners.example`;
  const licence = String(stamp).slice(-12).padStart(12, "3");
  const company = `株式会社リユースパートナーズ ${stamp}`;

  // The sign-up page without an invitation is the application form.
  await page.goto("/ja/buyback/signup/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("法人バイヤーの利用申し込み");
  await cleanAtBothWidths(page, "buyer-application");

  // Bad input: a message by each field, what was typed kept.
  await page.getByLabel("会社名", { exact: true }).fill(company);
  await page.getByLabel("古物商許可番号", { exact: true }).fill("30101");
  await page.getByRole("button", { name: "申し込む" }).click();
  await expect(page.getByTestId("error-summary")).toBeFocused();
  await expect(page.getByTestId("error-licenceNumber")).toHaveText(
    "古物商許可番号は12桁の数字で入力してください",
  );
  await expect(page.getByTestId("error-licenceCommission")).toBeVisible();
  await expect(page.getByTestId("error-categories")).toHaveText("買い取るカテゴリを1つ以上選んでください");
  await expect(page.getByLabel("会社名", { exact: true })).toHaveValue(company);
  await journeyShot(page, "buyer-application-errors");

  // Filled in as the licence reads (第…号, full-width digits are fine).
  await page.getByLabel("古物商許可番号", { exact: true }).fill(`第${licence}号`);
  await page.getByLabel("許可した公安委員会").selectOption({ label: "東京都公安委員会" });
  await page.getByLabel("所在地", { exact: true }).fill("東京都千代田区外神田3-1-1");
  await page.getByLabel("ご担当者名", { exact: true }).fill("佐藤 健");
  await page.getByLabel("メールアドレス", { exact: true }).fill(email);
  await page.getByLabel("電話番号", { exact: true }).fill("03-5555-0101");
  await page.getByLabel("月間の買取予定台数").selectOption({ label: "50〜199台" });
  await page.getByRole("checkbox", { name: "スマートフォン" }).check();
  await page.getByRole("checkbox", { name: "パソコン・タブレット" }).check();
  await page.getByRole("button", { name: "申し込む" }).click();
  const sent = page.getByTestId("application-sent");
  await expect(sent).toContainText(email);
  await expect(page.getByRole("heading", { name: "このあとの流れ" })).toBeVisible();
  await journeyShot(page, "buyer-application-sent");
  expect(await readMail(page, email, "お申し込みを受け付けました")).toContain("佐藤 健 様");

  // A second application for the same address while the first waits: a friendly message.
  await page.goto("/ja/buyback/signup/");
  await page.getByLabel("会社名", { exact: true }).fill(company);
  await page.getByLabel("古物商許可番号", { exact: true }).fill(licence);
  await page.getByLabel("許可した公安委員会").selectOption({ label: "東京都公安委員会" });
  await page.getByLabel("所在地", { exact: true }).fill("東京都千代田区外神田3-1-1");
  await page.getByLabel("ご担当者名", { exact: true }).fill("佐藤 健");
  await page.getByLabel("メールアドレス", { exact: true }).fill(email);
  await page.getByLabel("電話番号", { exact: true }).fill("0355550101");
  await page.getByLabel("月間の買取予定台数").selectOption({ label: "50〜199台" });
  await page.getByRole("checkbox", { name: "スマートフォン" }).check();
  await page.getByRole("button", { name: "申し込む" }).click();
  await expect(page.getByTestId("error-email")).toContainText("すでに受け付けており、審査中です");
  await expect(page.getByTestId("error-licenceNumber")).toContainText("すでに受け付けており、審査中です");

  // The operator signs in (password and two-step) and finds it in the queue from the dashboard.
  const staff = await newDesk(browser);
  await logIn(staff, "staff@tsugu.example");
  await staff.goto("/ja/staff/");
  const queue = staff.getByTestId("queue-buyer-applications");
  await expect(queue).toContainText("法人バイヤーの申し込み");
  await queue.getByRole("link").click();
  await expect(staff).toHaveURL(/\/ja\/staff\/buyer-applications\/$/);
  const row = staff.getByRole("row").filter({ hasText: company });
  await expect(row.getByText("審査待ち")).toBeVisible();
  await cleanAtBothWidths(staff, "buyer-applications-queue");
  await journeyShot(staff, "buyer-applications-queue");
  await row.getByRole("link").first().click();
  await expect(staff.getByRole("heading", { level: 1 })).toContainText("申し込み");
  await expect(staff.getByText(`東京都公安委員会 第${licence}号`)).toBeVisible();
  await cleanAtBothWidths(staff, "buyer-application-detail");
  await journeyShot(staff, "buyer-application-detail");
  await staff.getByRole("button", { name: "承認して招待を送る" }).click();
  const dialog = staff.getByTestId("confirm-dialog");
  await expect(dialog).toContainText(`「${company}」を承認しますか？`);
  await dialog.getByRole("button", { name: "承認する", exact: true }).click();
  await expect(staff.getByTestId("application-state")).toHaveText("承認済み");
  await expect(staff.getByTestId("decision")).toContainText("Tsugu 運営");

  // The invitation arrives; the contact signs up from it as any invited buyer does.
  const invitation = await readMail(page, email, "法人バイヤーへの招待");
  expect(invitation).toContain(company);
  const buyer = await newDesk(browser);
  await buyer.goto(linkFrom(invitation, "/ja/buyback/signup/"));
  await expect(buyer.getByTestId("invitation")).toContainText(company);
  await buyer.getByLabel("ユーザー名", { exact: true }).fill("佐藤 健");
  await buyer.getByRole("button", { name: "確認コードを送信" }).click();
  await expect(buyer.getByLabel("確認コード", { exact: true })).toBeVisible();
  await buyer
    .getByLabel("確認コード", { exact: true })
    .fill(codeFrom(await readMail(page, email, "確認コード")));
  await buyer.getByRole("button", { name: "登録する" }).click();
  await expect(buyer).toHaveURL(/\/ja\/buyback\/setup\/account\/$/);
  await expect(buyer.getByLabel("会社名", { exact: true })).toHaveValue(company);

  await staff.context().close();
  await buyer.context().close();
});

test("the member's buyback application has its headings in order", async ({ page }) => {
  await logIn(page, "hanako@tsugu.example");
  await page.goto("/ja/buyback/application/");
  await expect(page.getByRole("heading", { level: 2, name: "1台目の端末" })).toBeVisible();
  await cleanAtBothWidths(page, "buyback-application");
});
