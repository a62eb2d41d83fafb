import { totpCode } from "../helpers/two-step.ts";
import { expect, test } from "./fixtures.ts";
import { journeyShot, passTwoStep, signUp } from "./helpers.ts";

test("a member turns on two-step verification with an authenticator app and logs in with its code", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const email = `nidan-${Date.now()}@example.jp`;
  const password = "tsugu-pass-2";

  // A new member.
  await signUp(page, { email, password, nickname: "にだん" });

  // Settings → two-step verification: off, then an authenticator app is set up.
  await page.goto("/ja/settings/");
  await page.getByRole("link", { name: "二段階認証" }).click();
  await expect(page).toHaveURL(/\/ja\/settings\/two-step\/$/);
  await expect(page.getByTestId("two-step-status")).toHaveText("オフ");
  await journeyShot(page, "two-step-settings-off");
  await page.getByRole("button", { name: "認証アプリを設定する" }).click();
  await expect(page.getByRole("heading", { name: "認証アプリの設定" })).toBeVisible();
  await expect(page.getByRole("img", { name: "認証アプリに読み取らせるQRコード" })).toBeVisible();
  await expect(page.getByRole("link", { name: "このスマートフォンの認証アプリで開く" })).toHaveAttribute(
    "href",
    /^otpauth:\/\/totp\/Tsugu:/,
  );
  const secret = ((await page.getByTestId("totp-secret").textContent()) ?? "").replace(/\s/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await journeyShot(page, "two-step-enrol");

  // A wrong code first: refused, nothing turned on.
  const right = totpCode(secret);
  await page.getByLabel("確認コード", { exact: true }).fill(right === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "確認して設定を完了する" }).click();
  await expect(page.getByTestId("error-code")).toContainText("確認コードが正しくありません");
  await page.getByLabel("確認コード", { exact: true }).fill(totpCode(secret));
  await page.getByRole("button", { name: "確認して設定を完了する" }).click();

  // The backup codes, shown once.
  await expect(page.getByRole("heading", { name: "バックアップコード" })).toBeVisible();
  await expect(page.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
  await journeyShot(page, "two-step-recovery-codes");
  await page.getByRole("link", { name: "保存しました" }).click();
  await expect(page.getByTestId("two-step-status")).toHaveText("オン");

  // Log out; the password alone no longer opens the account.
  await page.goto("/ja/mypage/");
  await page.getByRole("button", { name: "ログアウト" }).click();
  await expect(page).toHaveURL(/\/ja\/$/);
  await page.goto("/ja/mypage/");
  await page.getByLabel("メールアドレス", { exact: true }).fill(email);
  await page.getByLabel("パスワード", { exact: true }).fill(password);
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
  await expect(page).toHaveURL(/\/ja\/login\/two-step\/\?redirect=%2Fja%2Fmypage%2F$/);
  await expect(page.getByRole("heading", { name: "二段階認証" })).toBeVisible();
  await journeyShot(page, "two-step-login");

  // The code computed from the secret (the next 30 seconds' when this one was just used).
  await passTwoStep(page, secret);
  await expect(page).toHaveURL(/\/ja\/mypage\/$/);
  await expect(page.getByTestId("mypage-nickname")).toHaveText("にだん");
});
