import { expect, type Page, test } from "./fixtures.ts";
import { codeFrom, journeyShot, readMail } from "./helpers.ts";

/** At the sandbox provider's page (standing in for LINE, Google or Apple): sign in as this account. */
async function atSandbox(page: Page, provider: "LINE" | "Google", o: { name: string; email: string }) {
  await expect(page).toHaveURL(/\/sandbox\/oidc\/(line|google)\/authorize\?/);
  await expect(page.getByText("サンドボックス")).toBeVisible();
  await page.getByLabel("名前").fill(o.name);
  await page.getByLabel("メールアドレス", { exact: true }).fill(o.email);
  await page.getByRole("button", { name: `${provider}でサインイン` }).click();
}

async function logOut(page: Page) {
  await page.goto("/ja/mypage/");
  await page.getByRole("button", { name: "ログアウト" }).click();
  await expect(page).toHaveURL(/\/ja\/$/);
}

test("a member signs up with LINE, links Google, and signs in with either", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const stamp = Date.now();
  const lineAccount = { name: "ライン 花子", email: `line-${stamp}@example.jp` };
  const googleAccount = { name: "Hanako G", email: `google-${stamp}@example.jp` };

  // The three buttons under the log-in form, in each provider's colours.
  await page.goto("/ja/login/");
  const buttons = page.getByTestId("provider-buttons");
  await expect(buttons.getByRole("button", { name: "LINEでログイン" })).toBeVisible();
  await expect(buttons.getByRole("button", { name: "Googleでログイン" })).toBeVisible();
  await expect(buttons.getByRole("button", { name: "Appleでログイン" })).toBeVisible();
  await expect(buttons.getByRole("button", { name: "LINEでログイン" })).toHaveCSS(
    "background-color",
    "rgb(4, 135, 57)",
  );
  await journeyShot(page, "providers-login");

  // Sign up with LINE: the provider vouches for the address, a nickname is all that is left.
  await buttons.getByRole("button", { name: "LINEでログイン" }).click();
  await expect(page.getByText("サンドボックス")).toBeVisible();
  await journeyShot(page, "providers-sandbox-line");
  await atSandbox(page, "LINE", lineAccount);
  await expect(page).toHaveURL(/\/ja\/signup\/with-provider\/$/);
  await expect(page.getByLabel("ニックネーム")).toHaveValue("ライン 花子");
  await journeyShot(page, "providers-nickname");
  await page.getByLabel("ニックネーム").fill("はなこ");
  await page.getByRole("button", { name: "登録してはじめる" }).click();
  await expect(page).not.toHaveURL(/with-provider/);

  // Link Google in the settings.
  await page.goto("/ja/settings/");
  await page.getByRole("link", { name: "外部サービス連携" }).click();
  await expect(page).toHaveURL(/\/ja\/settings\/linked-accounts\/$/);
  await expect(page.getByTestId("linked-account")).toHaveCount(1);
  await expect(page.getByTestId("linked-account")).toContainText("LINE");
  await page.getByRole("button", { name: "Googleと連携する" }).click();
  await atSandbox(page, "Google", googleAccount);
  await expect(page).toHaveURL(/\/ja\/settings\/linked-accounts\/$/);
  await expect(page.getByText("アカウントを連携しました").first()).toBeVisible();
  await expect(page.getByTestId("linked-account")).toHaveCount(2);
  await expect(page.locator('[data-testid="linked-account"][data-provider="google"]')).toContainText(
    googleAccount.email,
  );
  await journeyShot(page, "providers-linked-accounts");

  // Sign out and sign in with Google, then the same with LINE: the same member each time.
  for (const [provider, account] of [
    ["Google", googleAccount],
    ["LINE", lineAccount],
  ] as const) {
    await logOut(page);
    await page.goto("/ja/login/?redirect=%2Fja%2Fmypage%2F");
    await page.getByRole("button", { name: `${provider}でログイン` }).click();
    await atSandbox(page, provider, account);
    await expect(page).toHaveURL(/\/ja\/mypage\/$/);
    await expect(page.getByText("はなこ").first()).toBeVisible();
  }
});

test("a provider's account with the address of an existing account is linked only once its member proves it", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // A demo member's address (README): the provider says it is theirs, but that is not proof enough.
  const email = "taro@tsugu.example";
  await page.goto("/ja/login/");
  await page.getByRole("button", { name: "Googleでログイン" }).click();
  await atSandbox(page, "Google", { name: "Taro", email });
  await expect(page).toHaveURL(/\/ja\/signup\/with-provider\/$/);
  await expect(page.getByRole("heading", { name: "すでにアカウントがあります" })).toBeVisible();
  await expect(page.locator('[data-reason="account-exists-with-different-credential"]')).toBeVisible();
  await journeyShot(page, "providers-account-exists");

  // A wrong password is said on the page; the code mailed to the address proves it instead.
  await page.getByLabel("Tsuguのパスワード").fill("not-the-password");
  await page.getByRole("button", { name: "パスワードで確認する" }).click();
  await expect(page.getByTestId("error-password")).toHaveText("パスワードが正しくありません");
  await page.getByRole("button", { name: "確認コードを送る" }).click();
  await expect(page.getByText("確認コードを送りました")).toBeVisible();
  const code = codeFrom(await readMail(page, email, "確認コード"));
  await page.getByLabel("確認コード", { exact: true }).fill(code);
  await page.getByRole("button", { name: "確認する", exact: true }).click();
  await expect(page).not.toHaveURL(/with-provider/);
  await page.goto("/ja/settings/linked-accounts/");
  await expect(page.locator('[data-testid="linked-account"][data-provider="google"]')).toBeVisible();
});

test("cancelling at the provider is said clearly, and nothing is signed in", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/ja/login/");
  await page.getByRole("button", { name: "LINEでログイン" }).click();
  await expect(page).toHaveURL(/\/sandbox\/oidc\/line\/authorize\?/);
  await page.getByRole("button", { name: "キャンセル" }).click();
  await expect(page.getByText("LINEでのログインがキャンセルされました")).toBeVisible();
  await expect(page.locator('[data-reason="cancelled-popup-request"]')).toBeVisible();
  await page.getByRole("link", { name: "ログイン画面に戻る" }).click();
  await expect(page).toHaveURL(/\/ja\/login\/$/);
});
