import { CPU_THROTTLE, expect, type Page, test } from "./fixtures.ts";
import { journeyShot, logIn, readMail, seriousA11yProblems } from "./helpers.ts";

/** The help centre on a phone: browsing, searching in Japanese, reading, and asking the office. */

async function mailTo(page: Page, to: string, subjectPart: string): Promise<string> {
  let text = "";
  await expect(async () => {
    text = await readMail(page, to, subjectPart);
  }).toPass({ timeout: 30_000 * CPU_THROTTLE });
  return text;
}

test("a visitor finds an answer in the help centre by searching in Japanese, and reads it on a phone", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // From the footer of any page (the home page's: the search page's list grows as it is scrolled).
  await page.goto("/ja/");
  await page.getByTestId("footer-help").click();
  await expect(page).toHaveURL(/\/ja\/help\/$/);
  await expect(page).toHaveTitle("ヘルプセンター - Tsugu");
  await expect(page.getByRole("heading", { level: 2, name: "ポイント・売上金・振込" })).toBeVisible();
  expect(await seriousA11yProblems(page)).toEqual([]);
  await journeyShot(page, "help-home-phone");

  await page.getByLabel("ヘルプを検索").fill("振込 手数料");
  await page.getByRole("main").getByRole("button", { name: "検索" }).click();
  await expect(page.getByRole("heading", { name: "「振込 手数料」の検索結果" })).toBeVisible({
    timeout: 10_000,
  });
  const first = page.getByRole("main").getByRole("listitem").first();
  await expect(first).toContainText("売上金の振込と手数料");
  expect(await seriousA11yProblems(page)).toEqual([]);
  await journeyShot(page, "help-search-phone");

  await first.getByRole("link").click();
  await expect(page).toHaveURL(/\/ja\/help\/payout-fees\/$/);
  await expect(page).toHaveTitle("売上金の振込と手数料 - Tsugu");
  await expect(page.getByRole("cell", { name: "250円" })).toBeVisible();
  expect(await seriousA11yProblems(page)).toEqual([]);
  await journeyShot(page, "help-article-phone");

  // Nothing found: said so in words, with the way back.
  await page.goto("/ja/help/?q=%E3%81%B5%E3%81%8C%E3%81%B7%E3%81%87");
  await expect(page.getByText("に合う記事は見つかりませんでした")).toBeVisible();

  // The English pages too.
  await page.goto("/en/help/?q=refund");
  await expect(page.getByRole("main").getByRole("link", { name: "Cancelling a purchase" })).toBeVisible();
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto("/en/help/proceeds-deadline/");
  await expect(
    page.getByRole("heading", { level: 1, name: "The proceeds deadline (180 days)" }),
  ).toBeVisible();
  await journeyShot(page, "help-article-desktop-en");
});

test("a visitor asks the office from the contact form, an operator answers, and the answer arrives by mail", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const email = `visitor-${Date.now()}@example.jp`;
  await page.goto("/ja/help/");
  await page.getByRole("link", { name: "お問い合わせ" }).first().click();
  await expect(page).toHaveURL(/\/ja\/help\/contact\/$/);
  const form = page.getByTestId("contact-form");
  await expect(form).toHaveAttribute("data-live-validation", "on");
  // Checked as it is typed: a wrong address is said at once.
  await page.getByLabel("メールアドレス", { exact: true }).fill("visitor@");
  await page.getByLabel("メールアドレス", { exact: true }).blur();
  await expect(page.getByText("メールアドレスの形式が正しくありません").first()).toBeVisible();
  await page.getByLabel("お名前", { exact: true }).fill("問い合わせ 花子");
  await page.getByLabel("メールアドレス", { exact: true }).fill(email);
  await page.getByLabel("お問い合わせの種類", { exact: true }).selectOption("buyback");
  await page.getByLabel("件名", { exact: true }).fill("買取の返送について");
  await page
    .getByLabel("お問い合わせ内容", { exact: true })
    .fill("査定額をお断りした場合、返送の送料はかかりますか？");
  expect(await seriousA11yProblems(page)).toEqual([]);
  await journeyShot(page, "help-contact-phone");
  await page.getByRole("button", { name: "送信する" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "お問い合わせを受け付けました" })).toBeVisible();
  const reference = /受付番号は (\d+) です/.exec(
    (await page.getByRole("main").getByRole("status").textContent()) ?? "",
  )?.[1];
  expect(reference).toBeTruthy();
  await journeyShot(page, "help-contact-sent-phone");

  // The support desk sees it in its queue, marked as a visitor's, and answers.
  const context = await page
    .context()
    .browser()!
    .newContext({ locale: "ja-JP", timezoneId: "Asia/Tokyo", viewport: { width: 1366, height: 900 } });
  const support = await context.newPage();
  await logIn(support, "support@tsugu.example");
  await support.goto("/ja/staff/support/");
  const row = support.getByRole("row").filter({ hasText: "買取の返送について" });
  await expect(row).toContainText(`問い合わせ 花子（未登録のお客さま・${email}）`);
  await row.getByRole("link", { name: "買取の返送について" }).click();
  await expect(support).toHaveURL(new RegExp(`/ja/staff/support/${reference}/$`));
  await expect(support.getByText("回答はこのメールアドレスに送られます")).toBeVisible();
  await support
    .getByLabel("回答", { exact: true })
    .fill("返送の送料は当社が負担します。お気軽にお申し込みください。");
  await support.getByRole("button", { name: "回答を送信する" }).click();
  await expect(support.getByText("返送の送料は当社が負担します。")).toBeVisible();
  await journeyShot(support, "help-contact-staff-answered");
  await context.close();

  const mail = await mailTo(page, email, "への回答");
  expect(mail).toContain("問い合わせ 花子 様");
  expect(mail).toContain("返送の送料は当社が負担します。");
});
