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
  await journeyShot(page, "desk-dashboard");
  await page.setViewportSize({ width: 390, height: 844 });
  await journeyShot(page, "desk-dashboard-phone");
  await page.getByTestId("desk-menu").locator("summary").click();
  await journeyShot(page, "desk-dashboard-phone-menu");
  expect(await seriousA11yProblems(page)).toEqual([]);
});
