import { expect, type Page, test } from "./fixtures.ts";
import { codeFrom, journeyShot, logIn, readMail } from "./helpers.ts";

/**
 * Forms that help (issue 14): after a failed submit the focus moves to a summary of the problems
 * that links to each field; fields are checked as they are left, with the server's rules, and clear
 * once fixed; what can be converted is converted; sign-up can send its code again; passwords can be
 * shown; each card field says what is wrong with it.
 */

/** The page has hydrated: its form checks fields as they are left. */
async function liveForm(page: Page) {
  await expect(page.locator("form[data-live-validation=on]").first()).toBeAttached();
}

const summary = (page: Page) => page.getByRole("alert").filter({ hasText: "入力内容を確認してください" });

test("a failed sign-up moves the focus to a summary whose links lead to each field", async ({ page }) => {
  await page.goto("/ja/signup/email/");
  await liveForm(page);
  await page.getByRole("button", { name: "確認コードを送信" }).click();

  const box = summary(page);
  await expect(box).toBeFocused();
  await expect(box.getByRole("heading", { name: "入力内容を確認してください" })).toBeVisible();
  await expect(box).toContainText("2件の項目に誤りがあります");
  const links = box.getByRole("link");
  await expect(links).toHaveText(["メールアドレスを入力してください", "パスワードを入力してください"]);
  await expect(links.first()).toHaveAttribute("href", "#field-email");
  await expect(links.nth(1)).toHaveAttribute("href", "#field-password");
  await journeyShot(page, "forms-error-summary");

  // A link takes the keyboard to its field.
  await links.nth(1).click();
  await expect(page.getByLabel("パスワード", { exact: true })).toBeFocused();

  // Fixing a field takes it off the summary; the other stays.
  await page.getByLabel("メールアドレス", { exact: true }).fill("summary@example.jp");
  await page.getByLabel("メールアドレス", { exact: true }).blur();
  await expect(links).toHaveText(["パスワードを入力してください"]);
});

test("sign-up checks each field as it is left, with the server's messages, and clears them once fixed", async ({
  page,
}) => {
  await page.goto("/ja/signup/email/");
  await liveForm(page);
  const email = page.getByLabel("メールアドレス", { exact: true });
  const password = page.getByLabel("パスワード", { exact: true });

  // Passing through an empty field says nothing.
  await email.focus();
  await password.focus();
  await expect(page.getByTestId("error-email")).toHaveCount(0);

  await email.fill("hanako@");
  await email.blur();
  await expect(page.getByTestId("error-email")).toHaveText("メールアドレスの形式が正しくありません");
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await email.fill("hanako@example.jp");
  await expect(page.getByTestId("error-email")).toHaveCount(0);

  await password.fill("password");
  await password.blur();
  await expect(page.getByTestId("error-password")).toHaveText(
    "パスワードには英字と数字をどちらも含めてください",
  );
  await password.fill("passw0rd");
  await expect(page.getByTestId("error-password")).toHaveCount(0);
  // No submit happened: the summary is for failed submits.
  await expect(summary(page)).toHaveCount(0);
});

test("a password field shows what was typed when asked, with a button that says whether it does", async ({
  page,
}) => {
  await page.goto("/ja/login/");
  const password = page.getByLabel("パスワード", { exact: true });
  const toggle = page.getByRole("button", { name: "パスワードを表示" });
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await password.fill("tsugu-demo-2026");
  await expect(password).toHaveAttribute("type", "password");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await expect(password).toHaveAttribute("type", "text");
  await expect(password).toHaveValue("tsugu-demo-2026");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await expect(password).toHaveAttribute("type", "password");
});

test("sign-up sends the code again: a new mail whose code works, once a minute", async ({ page }) => {
  test.setTimeout(360_000);
  const email = `resend-${Date.now()}@example.jp`;
  await page.goto("/ja/signup/email/");
  await page.getByLabel("メールアドレス", { exact: true }).fill(email);
  await page.getByLabel("パスワード", { exact: true }).fill("tsugu-pass-1");
  await page.getByRole("button", { name: "確認コードを送信" }).click();
  await expect(page.getByRole("heading", { name: "確認コードを入力" })).toBeVisible();
  const first = codeFrom(await readMail(page, email, "確認コード"));

  // Right away: too soon, and the page says when it can be sent.
  await page.getByRole("button", { name: "確認コードを再送する" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: /確認コードを再送できるのは\d+秒後からです/ }),
  ).toBeVisible();

  // A minute after the first mail, a new code arrives.
  await page.waitForTimeout(61_000);
  await page.getByRole("button", { name: "確認コードを再送する" }).click();
  await expect(page.getByRole("status").filter({ hasText: "確認コードを再送しました" })).toBeVisible();
  let second = first;
  await expect
    .poll(async () => {
      second = codeFrom(await readMail(page, email, "確認コード"));
      return second;
    })
    .not.toBe(first);

  // The new code, typed with full-width digits as a Japanese keyboard may, is converted and works.
  const fullWidth = second.replace(/\d/g, (d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0));
  await page.getByLabel("確認コード", { exact: true }).fill(fullWidth);
  await page.getByRole("button", { name: "確認する" }).click();
  await expect(page).toHaveURL(/\/ja\/signup\/user-info\/$/);
});

test("the address form converts kana as it is left, and refuses a phone number without an area code", async ({
  page,
}) => {
  await logIn(page, "seller08@tsugu.example");
  await page.goto("/ja/settings/address/");
  await liveForm(page);
  const kana = page.getByLabel("セイ", { exact: true });
  await kana.fill("すずき");
  await kana.blur();
  await expect(kana).toHaveValue("スズキ");
  await expect(page.getByTestId("error-familyNameKana")).toHaveCount(0);
  const given = page.getByLabel("メイ", { exact: true });
  await given.fill("ｲﾁﾛｳ");
  await given.blur();
  await expect(given).toHaveValue("イチロウ");

  const phone = page.getByLabel("電話番号", { exact: true });
  await phone.fill("1234567890");
  await phone.blur();
  await expect(page.getByTestId("error-phone")).toHaveText(
    "電話番号は0から始まる市外局番から入力してください",
  );
  await phone.fill("03-1234-5678");
  await expect(page.getByTestId("error-phone")).toHaveCount(0);

  // A prefecture left unchosen asks to choose one.
  await page.getByLabel("都道府県", { exact: true }).selectOption("");
  await expect(page.getByTestId("error-prefectureCode")).toHaveText("都道府県を選択してください");
  await page.getByLabel("都道府県", { exact: true }).selectOption({ label: "東京都" });
  await expect(page.getByTestId("error-prefectureCode")).toHaveCount(0);

  await page.getByLabel("姓", { exact: true }).fill("鈴木");
  await page.getByLabel("名", { exact: true }).fill("一郎");
  await page.getByLabel("郵便番号", { exact: true }).fill("〒１００－０００１");
  await page.getByLabel("市区町村", { exact: true }).fill("千代田区");
  await page.getByLabel("町域・番地", { exact: true }).fill("千代田1-1");
  await page.getByLabel("建物名・部屋番号", { exact: true }).fill("ツグハイツ101");
  await page.getByRole("button", { name: "保存する" }).click();
  await expect(page).toHaveURL(/\/ja\/mypage\/$/);
  // The saved address is written as Japanese addresses are.
  await page.goto("/ja/settings/address/");
  await expect(page.getByTestId("current-address")).toContainText(
    "〒100-0001 東京都千代田区千代田1-1 ツグハイツ101",
  );
  await expect(page.getByLabel("セイ", { exact: true })).toHaveValue("スズキ");
});

test("the card form says what is wrong with each field, and its labels stay above their boxes at 390px", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, "seller09@tsugu.example");
  await page.goto("/ja/settings/credit-card/add/");
  await expect(page.locator("[data-card-checks=on]")).toBeAttached();

  // The security code's label is one line above its box.
  const label = page.locator('label[for="card-cvc"]');
  const box = page.getByLabel("セキュリティコード");
  const [labelBox, inputBox] = [await label.boundingBox(), await box.boundingBox()];
  expect(labelBox && inputBox).toBeTruthy();
  expect(labelBox!.y + labelBox!.height).toBeLessThanOrEqual(inputBox!.y + 1);
  expect(labelBox!.height).toBeLessThan(24);
  expect(labelBox!.x + labelBox!.width).toBeLessThanOrEqual(inputBox!.x + inputBox!.width + 1);

  await page.getByLabel("カード番号").fill("4242 4242 4242 424");
  await page.getByLabel("有効期限（月/年）").fill("13/30");
  await box.fill("1");
  await page.getByRole("button", { name: "カードを登録する" }).click();
  const problems = page.getByRole("alert").filter({ hasText: "入力内容を確認してください" });
  await expect(problems).toBeFocused();
  await expect(problems.getByRole("link")).toHaveText([
    // A message that names its field is shown as it is; one that does not gets the field's name.
    "Visaのカード番号は16桁です（入力は15桁）",
    "有効期限（月/年）：有効期限の月は01〜12で入力してください",
    "セキュリティコードはカード裏面の3桁の数字です",
  ]);
  await expect(page.getByTestId("error-card-number")).toHaveText("Visaのカード番号は16桁です（入力は15桁）");
  await expect(page.getByTestId("error-card-expiry")).toHaveText("有効期限の月は01〜12で入力してください");
  await expect(page.getByTestId("error-card-cvc")).toHaveText(
    "セキュリティコードはカード裏面の3桁の数字です",
  );
  await journeyShot(page, "forms-card-errors");

  // Each clears as it is corrected; the expiry is written as the card prints it.
  await page.getByLabel("カード番号").fill("4242 4242 4242 4242");
  await expect(page.getByTestId("error-card-number")).toHaveCount(0);
  await page.getByLabel("有効期限（月/年）").fill("0420");
  await page.getByLabel("有効期限（月/年）").blur();
  await expect(page.getByTestId("error-card-expiry")).toHaveText("このカードは有効期限が切れています");
  await page.getByLabel("有効期限（月/年）").fill("1230");
  await page.getByLabel("有効期限（月/年）").blur();
  await expect(page.getByLabel("有効期限（月/年）")).toHaveValue("12/30");
  await expect(page.getByTestId("error-card-expiry")).toHaveCount(0);
  await box.fill("123");
  await page.getByRole("button", { name: "カードを登録する" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: "カードを登録しました" })).toBeVisible();
});

test("the listing form tells every problem at once, the photo's too, and checks its text as it is left", async ({
  page,
}) => {
  await logIn(page, "seller10@tsugu.example");
  await page.goto("/ja/sell/");
  await liveForm(page);

  // As it is left: the IMEI as iPhone's settings show it is fine; a wrong one is told at once.
  const imei = page.getByLabel("IMEI", { exact: true });
  await imei.fill("35 693803 564380 8");
  await imei.blur();
  await expect(page.getByTestId("error-imei")).toHaveText("IMEIを正しく入力してください");
  await imei.fill("35 693803 564380 9");
  await expect(page.getByTestId("error-imei")).toHaveCount(0);
  const price = page.getByLabel("販売価格");
  await price.fill("10");
  await price.blur();
  await expect(page.getByTestId("error-price")).toBeVisible();
  await price.fill("");

  await page.getByRole("button", { name: "出品する" }).click();
  const box = summary(page);
  await expect(box).toBeFocused();
  // The photo's message comes with the others on the first try, and the lists ask to choose.
  await expect(box.getByRole("link", { name: "商品画像を1枚以上登録してください" })).toBeVisible();
  await expect(box.getByRole("link", { name: "商品名を入力してください" })).toBeVisible();
  await expect(box.getByRole("link", { name: "配送の方法を選択してください" })).toBeVisible();
  await expect(page.getByTestId("error-photos")).toHaveText("商品画像を1枚以上登録してください");
  await expect(page.getByTestId("error-shippingMethod")).toHaveText("配送の方法を選択してください");
  await journeyShot(page, "forms-listing-summary");

  await box.getByRole("link", { name: "商品名を入力してください" }).click();
  await expect(page.getByLabel("商品名", { exact: true })).toBeFocused();
});

test("the payout and profile forms check the amount and the nickname as they are left", async ({ page }) => {
  await logIn(page, "hanako@tsugu.example");
  for (const path of ["/ja/balance/transfer-bank/"]) {
    await page.goto(path);
    await liveForm(page);
    const amount = page.locator('input[name="amount"]');
    await amount.fill("三千円");
    await amount.blur();
    await expect(page.getByTestId("error-amount"), path).toBeVisible();
    await expect(amount).toHaveAttribute("aria-invalid", "true");
    await amount.fill("3000");
    await expect(page.getByTestId("error-amount"), path).toHaveCount(0);
    await expect(summary(page)).toHaveCount(0);
  }
  await page.goto("/ja/settings/profile/");
  await liveForm(page);
  const nickname = page.getByLabel("ニックネーム", { exact: true });
  const kept = await nickname.inputValue();
  await nickname.fill("はなこ".repeat(7));
  await nickname.blur();
  await expect(page.getByTestId("error-nickname")).toBeVisible();
  await nickname.fill(kept);
  await expect(page.getByTestId("error-nickname")).toHaveCount(0);
});

test("the buyback application checks each device's fields as they are filled in", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, "hanako@tsugu.example");
  await page.goto("/ja/buyback/application/");
  await liveForm(page);
  const device = page.getByTestId("device-0");
  const imei = device.getByLabel("IMEI", { exact: false }).first();
  await imei.fill("35693803564380");
  await imei.blur();
  const imeiError = page.getByTestId("error-devices.0.imei");
  await expect(imeiError).toBeVisible();
  await expect(imei).toHaveAttribute("aria-invalid", "true");
  await imei.fill("356938035643809");
  await expect(imeiError).toHaveCount(0);
  // A choice is judged at once, and a right one says nothing.
  await device.locator('select[name="devices.0.categoryCode"]').selectOption("05");
  await device.locator('select[name="devices.0.modelId"]').selectOption({ index: 1 });
  await expect(page.getByTestId("error-devices.0.categoryCode")).toHaveCount(0);
  await expect(page.getByTestId("error-devices.0.modelId")).toHaveCount(0);
  await expect(summary(page)).toHaveCount(0);
  await journeyShot(page, "buyback-application-live-check-phone");
});
