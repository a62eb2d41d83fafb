import { expect, test } from "./fixtures.ts";
import { codeFrom, journeyShot, logIn, readMail, seriousA11yProblems } from "./helpers.ts";

test("a member with a verified mobile number signs in with a texted code", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const stamp = String(Date.now()).slice(-8);
  const email = `denwa-${stamp}@example.jp`;
  const national = `090${stamp}`;
  const typed = `090-${stamp.slice(0, 4)}-${stamp.slice(4)}`;

  // A new member verifies a mobile number.
  await page.goto("/ja/signup/email/");
  await page.getByLabel("メールアドレス", { exact: true }).fill(email);
  await page.getByLabel("パスワード", { exact: true }).fill("tsugu-pass-3");
  await page.getByRole("button", { name: "確認コードを送信" }).click();
  await expect(page.getByLabel("確認コード", { exact: true })).toBeVisible();
  await page
    .getByLabel("確認コード", { exact: true })
    .fill(codeFrom(await readMail(page, email, "確認コード")));
  await page.getByRole("button", { name: "確認する" }).click();
  await page.getByLabel("ニックネーム", { exact: true }).fill("でんわ");
  await page.getByRole("button", { name: "登録を完了する" }).click();
  await expect(page).toHaveURL(/\/ja\/mypage\/$/);
  await page.goto("/ja/settings/sms/");
  await page.getByLabel("携帯電話番号", { exact: true }).fill(typed);
  await page.getByRole("button", { name: "確認コードを送信" }).click();
  await expect(page).toHaveURL(/\/ja\/settings\/sms\/verify\/$/);
  await page.getByLabel("確認コード", { exact: true }).fill(codeFrom(await readMail(page, national, "SMS")));
  await page.getByRole("button", { name: "認証する" }).click();
  await expect(page.getByTestId("verified-phone")).toContainText(typed);
  await page.goto("/ja/mypage/");
  await page.getByRole("button", { name: "ログアウト" }).click();
  await expect(page).toHaveURL(/\/ja\/$/);

  // From the login page (where the member was going is kept), by number.
  await page.goto("/ja/login/?redirect=%2Fja%2Fsettings%2F");
  await page.getByRole("link", { name: "電話番号でログイン" }).click();
  await expect(page).toHaveURL(/\/ja\/login\/phone\/\?redirect=%2Fja%2Fsettings%2F$/);
  const number = page.getByLabel("携帯電話番号", { exact: true });
  await expect(number).toHaveAttribute("inputmode", "tel");
  expect(await seriousA11yProblems(page)).toEqual([]);
  await journeyShot(page, "phone-login-number");
  await number.fill(typed);
  await page.getByRole("button", { name: "確認コードを送る" }).click();
  await expect(page).toHaveURL(/\/ja\/login\/phone\/code\/\?redirect=%2Fja%2Fsettings%2F$/);
  await expect(page.getByText(`${typed} が登録済みの番号であれば`)).toBeVisible();
  const code = page.getByLabel("確認コード", { exact: true });
  await expect(code).toHaveAttribute("inputmode", "numeric");
  await expect(code).toHaveAttribute("autocomplete", "one-time-code");
  const right = codeFrom(await readMail(page, national, "ログイン用"));

  // A wrong code first: the message, and the number still shown.
  await code.fill(right === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
  await expect(page.getByTestId("error-code")).toHaveText("確認コードが正しくありません");
  await expect(page.getByText(`${typed} が登録済みの番号であれば`)).toBeVisible();
  expect(await seriousA11yProblems(page)).toEqual([]);
  await journeyShot(page, "phone-login-wrong-code");

  // The number page, opened again, still holds the number.
  await page.getByRole("link", { name: "番号を入力し直す・コードを再送する" }).click();
  await expect(page).toHaveURL(/\/ja\/login\/phone\/\?redirect=%2Fja%2Fsettings%2F$/);
  await expect(page.getByLabel("携帯電話番号", { exact: true })).toHaveValue(typed);
  await page.goBack();

  await page.getByLabel("確認コード", { exact: true }).fill(right);
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
  await expect(page).toHaveURL(/\/ja\/settings\/$/);
  await expect(page.getByTestId("toast").filter({ hasText: "ログインしました" })).toBeVisible();

  // The member turns on SMS two-step verification, then loses the phone: support resets it.
  await page.goto("/ja/settings/two-step/");
  await page.getByRole("button", { name: "SMSでも確認コードを受け取る" }).click();
  await page.getByRole("link", { name: "保存しました" }).click();
  await expect(page.getByTestId("two-step-status")).toHaveText("オン");
  const support = await (
    await page
      .context()
      .browser()!
      .newContext({ locale: "ja-JP", timezoneId: "Asia/Tokyo", viewport: { width: 390, height: 844 } })
  ).newPage();
  await logIn(support, "support@tsugu.example");
  await support.goto(`/ja/staff/members/?q=${encodeURIComponent(email)}`);
  await support
    .getByRole("row", { name: /でんわ/ })
    .getByRole("link")
    .first()
    .click();
  await expect(support).toHaveURL(/\/staff\/members\/\d+\/$/);
  const form = support.getByTestId("reset-two-step-form");
  await expect(form.getByTestId("member-two-step")).toHaveText("現在: オン（SMS・バックアップコード10件）");
  // A reason is required: nothing happens without one.
  await form.getByRole("button", { name: "二段階認証をリセットする" }).click();
  await expect(form.getByTestId("error-reason")).toContainText("理由");
  await form.getByLabel("理由", { exact: true }).fill("電話で本人確認済み（問い合わせ #8821）");
  expect(await seriousA11yProblems(support)).toEqual([]);
  await journeyShot(support, "back-office-reset-two-step");
  await form.getByRole("button", { name: "二段階認証をリセットする" }).click();
  await expect(support.getByTestId("toast").filter({ hasText: "二段階認証をリセットし" })).toBeVisible();
  await expect(support.getByTestId("member-two-step")).toHaveText("現在: オフ");

  // The member was signed out everywhere and told by mail; the English page reads as well.
  await page.goto("/ja/mypage/");
  await expect(page).toHaveURL(/\/ja\/login\//);
  expect(await readMail(page, email, "二段階認証がリセットされました")).toContain("/ja/settings/two-step/");
  await page.goto("/en/login/phone/");
  await expect(page.getByRole("heading", { name: "Log in with your phone number" })).toBeVisible();
  expect(await seriousA11yProblems(page)).toEqual([]);
  await journeyShot(page, "phone-login-number-en");
});
