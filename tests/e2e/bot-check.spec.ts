import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { DEMO_PASSWORD, journeyShot, readMail } from "./helpers.ts";

/**
 * The bot check a person never sees: a guarded form sent without a token is answered
 * `missing-recaptcha-token`, the page's script fetches a token for the form's action from the bot
 * check (the sandbox here) and sends the form again as it stands.
 */
function watchBotCheck(page: Page) {
  const seen = { tokens: 0, missing: 0 };
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/sandbox/bot-check/token") seen.tokens += 1;
  });
  page.on("response", (response) => {
    if (response.request().method() === "POST" && response.status() === 400) seen.missing += 1;
  });
  return seen;
}

test("sign-up passes the bot check without the person noticing", async ({ page }) => {
  const seen = watchBotCheck(page);
  const email = `bot-check-${Date.now()}@example.jp`;
  await page.goto("/ja/signup/email/");
  await page.getByLabel("メールアドレス", { exact: true }).fill(email);
  await page.getByLabel("パスワード", { exact: true }).fill("tsugu-pass-1");
  await journeyShot(page, "bot-check-signup");
  await page.getByRole("button", { name: "確認コードを送信" }).click();
  await expect(page.getByRole("heading", { name: "確認コードを入力" })).toBeVisible();
  await expect(page.getByText(`${email} に6桁の確認コードを送りました`)).toBeVisible();
  // The first sending had no token: it was answered 400 and sent again with one.
  expect(seen).toEqual({ tokens: 1, missing: 1 });
  expect(await readMail(page, email, "確認コード")).toContain("確認コード");
});

test("a password reset request passes the bot check without the person noticing", async ({ page }) => {
  const seen = watchBotCheck(page);
  const email = "seller18@tsugu.example";
  await page.goto("/ja/reset-password/");
  await page.getByLabel("メールアドレス", { exact: true }).fill(email);
  await page.getByRole("button", { name: "再設定メールを送信" }).click();
  await expect(page.getByRole("heading", { name: "メールを送信しました" })).toBeVisible();
  expect(seen).toEqual({ tokens: 1, missing: 1 });
  expect(await readMail(page, email, "パスワードの再設定")).toContain("/ja/settings/reset-password/");
});

test("after two failed sign-ins a person still signs in, the check passed on the way", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const seen = watchBotCheck(page);
  const email = "seller18@tsugu.example";
  await page.goto("/ja/login/");
  await page.getByLabel("メールアドレス", { exact: true }).fill(email);
  for (const wrong of ["wrong-pass-1", "wrong-pass-2"]) {
    await page.getByLabel("パスワード", { exact: true }).fill(wrong);
    await page.getByRole("button", { name: "ログイン", exact: true }).click();
    await expect(page.getByRole("alert")).toHaveText("メールアドレスまたはパスワードが正しくありません");
  }
  // No check was asked for the first two.
  expect(seen.tokens).toBe(0);
  await journeyShot(page, "bot-check-login-failed");
  await page.getByLabel("パスワード", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
  await expect(page).toHaveURL(/\/ja\/mypage\/$/);
  expect(seen).toEqual({ tokens: 1, missing: 1 });
});

test.describe("without scripts", () => {
  test.use({ javaScriptEnabled: false });

  test("the forms still work with the token the sandbox renders into the page", async ({ page }) => {
    await page.goto("/en/reset-password/");
    await page.getByLabel("Email address", { exact: true }).fill("seller18@tsugu.example");
    await journeyShot(page, "bot-check-reset-without-scripts");
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page).toHaveURL(/\/en\/reset-password\/sent\/$/);
  });
});
