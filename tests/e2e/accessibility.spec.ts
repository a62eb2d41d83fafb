import { expect, type Page, test } from "./fixtures.ts";
import { logIn, seriousA11yProblems } from "./helpers.ts";

async function expectAccessible(page: Page, path: string) {
  await page.goto(path);
  expect(await seriousA11yProblems(page), path).toEqual([]);
}

test("public pages have no serious accessibility problems", async ({ page }) => {
  for (const path of [
    "/ja/",
    "/ja/login/",
    "/ja/signup/",
    "/ja/signup/email/",
    "/ja/reset-password/",
    "/ja/no-such-page/",
    "/en/login/",
  ]) {
    await expectAccessible(page, path);
  }
});

test("member pages have no serious accessibility problems, and the shell works by keyboard", async ({
  page,
}) => {
  await logIn(page, "hanako@tsugu.example");
  for (const path of [
    "/ja/mypage/",
    "/ja/settings/email/",
    "/ja/settings/change-password/",
    "/ja/settings/passkeys/",
    "/ja/settings/profile/",
    "/ja/settings/credit-card/",
    "/ja/settings/credit-card/add/",
    "/ja/balance/",
    "/ja/mypage/purchased-items/",
  ]) {
    await expectAccessible(page, path);
  }
  // The first Tab reaches the skip link, which moves focus to the main content.
  await page.goto("/ja/mypage/");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "本文へスキップ" });
  await expect(skip).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.locator("main")).toBeFocused();
  // The bottom navigation marks the current tab, and the back button follows the route's metadata.
  await expect(
    page.getByRole("navigation", { name: "メインメニュー" }).getByRole("link", { name: "マイページ" }),
  ).toHaveAttribute("aria-current", "page");
  await page.goto("/ja/settings/change-password/");
  await page.getByRole("link", { name: "戻る" }).click();
  await expect(page).toHaveURL(/\/ja\/mypage\/$/);
});
