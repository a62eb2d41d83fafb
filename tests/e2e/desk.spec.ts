import { expect, type Page, test } from "./fixtures.ts";
import {
  DEMO_OPERATOR_TOTP_SECRET,
  DEMO_PASSWORD,
  journeyShot,
  passTwoStep,
  seriousA11yProblems,
} from "./helpers.ts";

test.use({ viewport: { width: 1366, height: 900 }, locale: "ja-JP", timezoneId: "Asia/Tokyo" });

/** An operator signs in from the login page itself, sent there by no page. */
async function signInAsOperator(page: Page, email: string) {
  await page.goto("/ja/login/");
  await page.getByLabel("メールアドレス", { exact: true }).fill(email);
  await page.getByLabel("パスワード", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
  await passTwoStep(page, DEMO_OPERATOR_TOTP_SECRET);
}

test("an operator signs in and lands on the dashboard in the desk shell", async ({ page }) => {
  await signInAsOperator(page, "staff@tsugu.example");
  await expect(page).toHaveURL(/\/ja\/staff\/$/);
  await expect(page.getByRole("heading", { level: 1, name: "ダッシュボード" })).toBeVisible();
  // The desk's frame, not the site's: no search bar, 出品する or tab bar.
  await expect(page.getByRole("search")).toHaveCount(0);
  await expect(page.getByTestId("header-sell")).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "メインメニュー" })).toHaveCount(0);
  await expect(page.getByTestId("desk-name")).toHaveText("Tsugu 運営");
  await expect(page.getByTestId("desk-roles")).toHaveText("管理者");
  const menu = page.getByRole("navigation", { name: "管理メニュー" });
  await expect(menu.getByRole("link", { name: "取引" })).toBeVisible();
  // The numbers an operator watches, each a link to its list.
  await expect(page.getByTestId("figure-sales")).toContainText("流通総額");
  await page.getByTestId("figure-sales").getByRole("link").click();
  await expect(page).toHaveURL(/\/ja\/staff\/transactions\/\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.goBack();
  await page.getByTestId("figure-payoutsWaiting").getByRole("link").click();
  await expect(page).toHaveURL(/\/ja\/staff\/payouts\/\?state=READY$/);
  await page.goBack();
  await page.getByTestId("figure-moneyAlerts").getByRole("link").click();
  await expect(page).toHaveURL(/\/ja\/staff\/money-alerts\/$/);
  await page.goBack();
  await page.getByTestId("figure-inGrading").getByRole("link").click();
  await expect(page).toHaveURL(/\/ja\/staff\/buyback\/$/);
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1, name: "ダッシュボード" })).toBeVisible();
  await journeyShot(page, "desk-dashboard");

  // axe finds nothing serious on the dashboard and the money and member lists, at a desk and on a phone.
  const pages = ["", "transactions/", "payouts/", "members/", "payout-runs/", "money-alerts/"];
  for (const size of [
    { width: 1366, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    for (const path of pages) {
      await page.goto(`/ja/staff/${path}`);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await seriousA11yProblems(page), `${path} at ${size.width}`).toEqual([]);
    }
  }
  // On a phone the menu is one button away, every entry in it.
  await page.goto("/ja/staff/");
  await expect(page.getByRole("navigation", { name: "管理メニュー" })).toBeHidden();
  await page.getByTestId("desk-menu").getByText("メニュー", { exact: true }).click();
  await expect(
    page.getByRole("navigation", { name: "管理メニュー" }).getByRole("link", { name: "ロールと権限" }),
  ).toBeVisible();
  await journeyShot(page, "desk-dashboard-phone-menu");
});
