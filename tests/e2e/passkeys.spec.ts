import { expect, type Page, serverUrl, test } from "./fixtures.ts";
import { journeyShot, signUp } from "./helpers.ts";

// A passkey belongs to a host name, never to an address: the journey opens the site as localhost.
// biome-ignore lint/correctness/noEmptyPattern: Playwright reads which fixtures a fixture needs from this pattern.
test.use({ baseURL: async ({}, use, testInfo) => use(serverUrl(testInfo.parallelIndex, "localhost")) });

/** Chromium's virtual authenticator: a phone's built-in one that keeps passkeys and checks its user. */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

async function signOut(page: Page) {
  await page.goto("/ja/mypage/");
  await page.getByRole("button", { name: "ログアウト" }).click();
  await expect(page).toHaveURL(/\/ja\/$/);
}

test("a member makes a passkey, signs in with it without a password, and removes it", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await virtualAuthenticator(page);
  const email = `passkey-${Date.now()}@example.jp`;

  // A new member.
  await signUp(page, { email, password: "tsugu-pass-3", nickname: "ぱすきー" });

  // Settings → passkeys: none yet; one is made on this phone.
  await page.goto("/ja/settings/");
  await page.getByRole("link", { name: "パスキー", exact: true }).click();
  await expect(page).toHaveURL(/\/ja\/settings\/passkeys\/$/);
  await expect(page.getByTestId("no-passkeys")).toBeVisible();
  await page.getByTestId("add-passkey").click();
  await expect(page.getByText("パスキーを作成しました")).toBeVisible();
  const card = page.getByTestId("passkey");
  await expect(card).toHaveCount(1);
  await expect(card).toContainText("Chrome");
  await expect(card).toContainText("未使用");
  await journeyShot(page, "passkeys-settings-phone");

  // Signed out, the sign-in page asks the browser for a passkey in the e-mail field's suggestions
  // (conditional UI); the virtual authenticator picks its one passkey at once. No password typed.
  await signOut(page);
  await page.goto("/ja/mypage/");
  await expect(page).toHaveURL(/\/ja\/mypage\/$/);
  await expect(page.getByTestId("mypage-nickname")).toHaveText("ぱすきー");

  // A browser without passkey suggestions: the button opens the passkey dialog instead.
  await page.addInitScript(() => {
    PublicKeyCredential.isConditionalMediationAvailable = async () => false;
  });
  await signOut(page);
  await page.goto("/ja/mypage/");
  await expect(page).toHaveURL(/\/ja\/login\//);
  await expect(page.getByLabel("メールアドレス", { exact: true })).toHaveAttribute(
    "autocomplete",
    "username webauthn",
  );
  await expect(page.getByTestId("passkey-login")).toBeVisible();
  await journeyShot(page, "passkeys-login-phone");
  await page.getByTestId("passkey-login").click();
  await expect(page).toHaveURL(/\/ja\/mypage\/$/);
  await expect(page.getByTestId("mypage-nickname")).toHaveText("ぱすきー");

  // Just signed in, the passkey may be removed (after asking).
  await page.goto("/ja/settings/passkeys/");
  await expect(card).toContainText("最終利用");
  await expect(card).not.toContainText("未使用");
  const form = card.locator("form");
  await expect(form).toHaveAttribute("data-hydrated", "true");
  await card.getByRole("button", { name: "削除する" }).click();
  const dialog = page.getByTestId("confirm-dialog");
  await expect(dialog).toContainText("このパスキーを削除しますか？");
  await dialog.getByRole("button", { name: "削除する", exact: true }).click();
  await expect(page.getByText("パスキーを削除しました")).toBeVisible();
  await expect(page.getByTestId("no-passkeys")).toBeVisible();

  // The phone still holds the passkey, but the site no longer knows it: refused, and said so.
  await signOut(page);
  await page.goto("/ja/login/");
  await page.getByTestId("passkey-login").click();
  await expect(page.getByRole("alert").filter({ hasText: "登録されていません" })).toBeVisible();
  await expect(page).toHaveURL(/\/ja\/login\//);
});
