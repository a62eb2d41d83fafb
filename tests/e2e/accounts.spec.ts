import { expect, test } from "./fixtures.ts";
import { codeFrom, journeyShot, linkFrom, readMail } from "./helpers.ts";

test("a newcomer signs up, logs out and in, resets the password, and switches to English", async ({
  page,
}) => {
  const email = `hajime-${Date.now()}@example.jp`;

  // The root picks Japanese for a Japanese browser.
  await page.goto("/");
  await expect(page).toHaveURL(/\/ja\/$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "ja");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("壊れたスマホも、次の人へ。");

  // Sign up with email: first a wrong input, which keeps what was typed.
  await page.getByRole("link", { name: "無料で会員登録" }).click();
  await expect(page).toHaveURL(/\/ja\/signup\/$/);
  await page.getByRole("link", { name: "メールアドレスで登録" }).click();
  await page.getByLabel("メールアドレス", { exact: true }).fill(email);
  await page.getByLabel("パスワード", { exact: true }).fill("short");
  await page.getByRole("button", { name: "確認コードを送信" }).click();
  await expect(page.getByTestId("error-password")).toHaveText("パスワードは8文字以上で入力してください");
  // The server's answer puts the summary of errors above the fields (the field's own message shows
  // as it is left): corrected after that, as a person would, not while the button moves down.
  await expect(page.getByTestId("error-summary")).toBeVisible();
  await expect(page.getByLabel("メールアドレス", { exact: true })).toHaveValue(email);
  await page.getByLabel("パスワード", { exact: true }).fill("tsugu-pass-1");
  await page.getByRole("button", { name: "確認コードを送信" }).click();
  await expect(page.getByRole("heading", { name: "確認コードを入力" })).toBeVisible();
  await expect(page.getByText(`${email} に6桁の確認コードを送りました`)).toBeVisible();

  // The code arrives by mail.
  const signupMail = await readMail(page, email, "確認コード");
  await page
    .getByLabel("確認コード", { exact: true })
    .fill(codeFrom(signupMail) === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "確認する" }).click();
  await expect(page.getByTestId("error-code")).toHaveText("確認コードが正しくありません");
  await page.getByLabel("確認コード", { exact: true }).fill(codeFrom(signupMail));
  await page.getByRole("button", { name: "確認する" }).click();

  // Last step: a nickname, then signed in on my page.
  await expect(page.getByRole("heading", { name: "プロフィールの登録" })).toBeVisible();
  await page.getByLabel("ニックネーム", { exact: true }).fill("はじめ");
  await page.getByRole("button", { name: "登録を完了する" }).click();
  await expect(page).toHaveURL(/\/ja\/mypage\/$/);
  await expect(page.getByTestId("toast").filter({ hasText: "会員登録が完了しました" })).toBeVisible();
  await expect(page.getByTestId("mypage-nickname")).toHaveText("はじめ");
  await journeyShot(page, "signup-mypage");
  await page.goto("/ja/settings/email/");
  await expect(page.getByTestId("current-email")).toHaveText(email);

  // Log out, then in again.
  await page.goto("/ja/mypage/");
  await page.getByRole("button", { name: "ログアウト" }).click();
  await expect(page).toHaveURL(/\/ja\/$/);
  await expect(page.getByTestId("toast").filter({ hasText: "ログアウトしました" })).toBeVisible();
  await page.goto("/ja/mypage/");
  await expect(page).toHaveURL(/\/ja\/login\/\?redirect=%2Fja%2Fmypage%2F$/);
  await page.getByLabel("メールアドレス", { exact: true }).fill(email);
  await page.getByLabel("パスワード", { exact: true }).fill("wrong-pass-9");
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText("メールアドレスまたはパスワードが正しくありません");
  await page.getByLabel("パスワード", { exact: true }).fill("tsugu-pass-1");
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
  await expect(page).toHaveURL(/\/ja\/mypage\/$/);
  await expect(page.getByTestId("mypage-nickname")).toHaveText("はじめ");
  await page.getByRole("button", { name: "ログアウト" }).click();
  await expect(page).toHaveURL(/\/ja\/$/);

  // Forgot the password: request a link, open it, choose a new one.
  await page.goto("/ja/login/");
  await page.getByRole("link", { name: "パスワードをお忘れの方" }).click();
  // The login page has an address field too: type only once the reset page is there.
  await expect(page.getByRole("heading", { level: 1, name: "パスワードの再設定" })).toBeVisible();
  await page.getByLabel("メールアドレス", { exact: true }).fill(email);
  await page.getByRole("button", { name: "再設定メールを送信" }).click();
  await expect(page.getByRole("heading", { name: "メールを送信しました" })).toBeVisible();
  const resetMail = await readMail(page, email, "パスワードの再設定");
  await page.goto(linkFrom(resetMail, "/ja/settings/reset-password/"));
  await expect(page).toHaveURL(/\/ja\/settings\/reset-password\/$/);
  await page.getByLabel("新しいパスワード", { exact: true }).fill("tsugu-pass-2");
  await page.getByLabel("新しいパスワード（確認）", { exact: true }).fill("tsugu-pass-2");
  await page.getByRole("button", { name: "パスワードを再設定する" }).click();
  await expect(page).toHaveURL(/\/ja\/login\/$/);
  await expect(page.getByTestId("toast").filter({ hasText: "パスワードを再設定しました" })).toBeVisible();
  await page.getByLabel("メールアドレス", { exact: true }).fill(email);
  await page.getByLabel("パスワード", { exact: true }).fill("tsugu-pass-2");
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
  await expect(page).toHaveURL(/\/ja\/mypage\/$/);

  // Switch to English on the same page.
  await page.getByRole("link", { name: "English" }).click();
  await expect(page).toHaveURL(/\/en\/mypage\/$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("My page");
  await expect(page.getByRole("navigation", { name: "Main menu" })).toBeVisible();
  await journeyShot(page, "mypage-english");
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === "i18n_locale")?.value).toBe("en");
  const session = cookies.find((c) => c.name === "tsugu");
  expect(session?.httpOnly).toBe(true);
  expect(session?.sameSite).toBe("Lax");
});

test("unknown pages show the Japanese not-found page with a way home", async ({ page }) => {
  const res = await page.goto("/ja/no-such-page/");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "ページが見つかりませんでした" })).toBeVisible();
  await page.getByRole("link", { name: "トップにもどる" }).click();
  await expect(page).toHaveURL(/\/ja\/$/);
  await journeyShot(page, "home");
});
