import type { Locator } from "@playwright/test";
import { expect, type Page, test } from "./fixtures.ts";
import { DEMO_PASSWORD, journeyShot } from "./helpers.ts";

const EMAIL = "taro@tsugu.example";

async function signIn(page: Page) {
  await page.goto("/ja/login/");
  await page.getByLabel("メールアドレス", { exact: true }).fill(EMAIL);
  await page.getByLabel("パスワード", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
  await expect(page).not.toHaveURL(/\/login\//);
}

async function confirmInDialog(page: Page, name: string) {
  const dialog = page.getByTestId("confirm-dialog");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name, exact: true }).click();
}

/** A finger dragging down from near the top of `target`, as on a phone's touch screen. */
async function swipeDown(page: Page, target: Locator) {
  const box = await target.boundingBox();
  if (!box) throw new Error("nothing to swipe");
  const cdp = await page.context().newCDPSession(page);
  const x = box.x + box.width / 2;
  const y = box.y + 16;
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y }] });
  for (const step of [1, 2, 3, 4, 5]) {
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x, y: y + step * 30 }] });
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
}

test("a member sees two signed-in browsers and signs the other one out", async ({ page, browser }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  await page.goto("/ja/settings/");
  await page.getByRole("link", { name: "ログイン中の端末" }).click();
  await expect(page).toHaveURL(/\/ja\/settings\/sessions\/$/);
  await expect(page.getByTestId("session").first()).toBeVisible();
  // Sessions left from earlier journeys go first, so the list holds only this journey's browsers.
  const others = page.getByTestId("end-other-sessions");
  if (await others.isVisible()) {
    await expect(others).toHaveAttribute("data-hydrated", "true");
    await others.getByRole("button").click();
    await confirmInDialog(page, "すべてログアウトさせる");
    await expect(page.getByText("この端末以外をすべてログアウトさせました")).toBeVisible();
  }

  // A second browser, at a desk.
  const desk = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const second = await desk.newPage();
  await signIn(second);
  await second.goto("/ja/settings/sessions/");
  await expect(second.getByTestId("session")).toHaveCount(2);
  await expect(second.locator('[data-current="true"]')).toContainText("この端末");
  await journeyShot(second, "sessions-desktop");

  // The phone lists both and signs the desk out, after asking.
  await page.reload();
  const cards = page.getByTestId("session");
  await expect(cards).toHaveCount(2);
  await expect(cards.first()).toContainText("この端末");
  await expect(cards.first()).toContainText("このサーバー自身（ローカル）");
  await expect(cards.nth(1)).toContainText("最終利用");
  await journeyShot(page, "sessions-phone");
  const end = cards.nth(1).getByRole("button", { name: "ログアウトさせる" });
  await expect(cards.nth(1).locator("form")).toHaveAttribute("data-hydrated", "true");
  await end.click();
  await expect(page.getByTestId("confirm-dialog")).toContainText("次の操作のときにログアウトされます");
  await journeyShot(page, "sessions-confirm-phone");
  // Spec §9: on a phone the dialog is a sheet that a swipe down closes, changing nothing.
  await swipeDown(page, page.getByTestId("confirm-dialog"));
  await expect(page.getByTestId("confirm-dialog")).toHaveCount(0);
  await expect(cards).toHaveCount(2);
  await end.click();
  await confirmInDialog(page, "ログアウトさせる");
  await expect(page.getByText("端末をログアウトさせました")).toBeVisible();
  await expect(page.getByTestId("session")).toHaveCount(1);
  await expect(page.getByText("ほかにログイン中の端末はありません。")).toBeVisible();

  // The desk is signed out at its next page.
  await second.goto("/ja/mypage/");
  await expect(second).toHaveURL(/\/ja\/login\//);
  await desk.close();
});

test("the login form says when it cannot reach the server, and keeps what was typed", async ({ page }) => {
  await page.goto("/ja/login/");
  await expect(page.locator("form[data-live-validation='on']")).toBeVisible();
  await page.getByLabel("メールアドレス", { exact: true }).fill(EMAIL);
  await page.getByLabel("パスワード", { exact: true }).fill(DEMO_PASSWORD);
  await page.context().setOffline(true);
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "通信できませんでした" })).toBeVisible();
  await expect(page.getByLabel("メールアドレス", { exact: true })).toHaveValue(EMAIL);
  await page.context().setOffline(false);
});
