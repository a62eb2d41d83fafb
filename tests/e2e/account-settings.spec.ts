import sharp from "sharp";
import { expect, test } from "./fixtures.ts";
import { codeFrom, journeyShot, logIn, readMail, seriousA11yProblems } from "./helpers.ts";

async function picture(width: number, height: number, colour: string): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
}

test("a member fills the address by postal code, verifies a phone by SMS and passes identification", async ({
  page,
}) => {
  await logIn(page, "hanako@tsugu.example");

  // Address: the postal code fills prefecture, city and town.
  await page.getByRole("link", { name: "住所" }).click();
  await expect(page).toHaveURL(/\/ja\/settings\/address\/$/);
  await page.getByLabel("姓", { exact: true }).fill("山田");
  await page.getByLabel("名", { exact: true }).fill("花子");
  await page.getByLabel("セイ", { exact: true }).fill("山田");
  await page.getByLabel("メイ", { exact: true }).fill("ハナコ");
  await page.getByLabel("郵便番号", { exact: true }).fill("1000001");
  await page.getByLabel("市区町村", { exact: true }).fill("");
  await page.getByLabel("町域・番地", { exact: true }).fill("");
  await page.getByRole("button", { name: "住所を自動入力" }).click();
  await expect(page.getByTestId("postal-lookup-status")).toHaveText(
    "住所を入力しました。続けて番地をご入力ください",
  );
  await expect(page.getByLabel("都道府県", { exact: true })).toHaveValue("13");
  await expect(page.getByLabel("市区町村", { exact: true })).toHaveValue("千代田区");
  await expect(page.getByLabel("町域・番地", { exact: true })).toHaveValue("千代田");
  await page.getByLabel("町域・番地", { exact: true }).fill("千代田1-1");
  await page.getByLabel("電話番号", { exact: true }).fill("03-1234-5678");
  await page.getByRole("button", { name: "保存する" }).click();
  // Kanji where katakana is asked for (hiragana would be converted): the message sits by the field
  // and the rest stays typed.
  await expect(page.getByTestId("error-familyNameKana")).toHaveText("全角カタカナで入力してください");
  await expect(page.getByLabel("市区町村", { exact: true })).toHaveValue("千代田区");
  await page.getByLabel("セイ", { exact: true }).fill("ヤマダ");
  await page.getByRole("button", { name: "保存する" }).click();
  await expect(page).toHaveURL(/\/ja\/mypage\/$/);
  await expect(page.getByTestId("toast").filter({ hasText: "住所を保存しました" })).toBeVisible();

  // Phone: a code by SMS, read in the development mailbox.
  await page.getByRole("link", { name: "電話番号認証" }).click();
  await expect(page.getByTestId("verified-phone")).toHaveText("まだ認証されていません");
  await page.getByLabel("携帯電話番号", { exact: true }).fill("090-1234-5678");
  await page.getByRole("button", { name: "確認コードを送信" }).click();
  await expect(page).toHaveURL(/\/ja\/settings\/sms\/verify\/$/);
  await expect(page.getByText("090-1234-5678 にSMSで6桁の確認コードを送りました")).toBeVisible();
  const sms = await readMail(page, "09012345678", "SMS");
  await page.getByLabel("確認コード", { exact: true }).fill(codeFrom(sms));
  await page.getByRole("button", { name: "認証する" }).click();
  await expect(page).toHaveURL(/\/ja\/settings\/sms\/$/);
  await expect(page.getByTestId("toast").filter({ hasText: "電話番号を認証しました" })).toBeVisible();
  await expect(page.getByTestId("verified-phone")).toContainText("090-1234-5678");

  // Identification: photo ID and selfie, approved on the provider's (sandbox) page.
  await page.goto("/ja/mypage/");
  await page.getByRole("link", { name: "本人確認" }).click();
  await expect(page.getByTestId("identification-status")).toHaveText("未確認");
  await page.getByLabel("本人確認書類（表面）", { exact: true }).setInputFiles({
    name: "license.jpg",
    mimeType: "image/jpeg",
    buffer: await picture(856, 540, "#e8d9a8"),
  });
  await page.getByLabel("顔写真", { exact: true }).setInputFiles({
    name: "selfie.jpg",
    mimeType: "image/jpeg",
    buffer: await picture(600, 800, "#c9a27e"),
  });
  await page.getByRole("button", { name: "本人確認をはじめる" }).click();
  await expect(page).toHaveURL(/\/sandbox\/polarify\/plr_[\w-]+\/$/);
  await expect(page.getByRole("heading", { name: "Polarify 本人確認（サンドボックス）" })).toBeVisible();
  await expect(page.getByRole("img", { name: "本人確認書類（表面）" })).toBeVisible();
  await expect(page.getByLabel("氏名", { exact: true })).toHaveValue("山田 花子");
  await page.getByRole("button", { name: "承認する" }).click();
  await expect(page).toHaveURL(/\/ja\/ekyc\/polarify\/success\/\?reference=plr_/);
  await expect(page.getByRole("heading", { name: "本人確認が完了しました" })).toBeVisible();
  await page.getByRole("link", { name: "本人確認の画面へ" }).click();
  await expect(page).toHaveURL(/\/ja\/settings\/identification\/$/);
  await expect(page.getByTestId("identification-status")).toHaveText("本人確認済み");
  await expect(page.getByText("オンライン本人確認（写真付き本人確認書類と容貌の撮影）")).toBeVisible();
  await journeyShot(page, "account-settings");
});

test("the settings pages and the seller setup flow have no serious accessibility problems", async ({
  page,
}) => {
  await logIn(page, "taro@tsugu.example");
  for (const path of [
    "/ja/settings/address/",
    "/ja/settings/bank-account/",
    "/ja/settings/sms/",
    "/ja/settings/identification/",
    "/ja/setup/address/?redirect=/ja/sell/",
    "/ja/setup/bank-account/?redirect=/ja/sell/",
    "/ja/setup/credit-card/?redirect=/ja/sell/",
    "/en/settings/address/",
  ]) {
    await page.goto(path);
    expect(await seriousA11yProblems(page), path).toEqual([]);
  }
  // The setup flow shows where the member is.
  await page.goto("/ja/setup/address/?redirect=/ja/sell/");
  await expect(page.getByTestId("setup-progress")).toHaveText("ステップ 1/4");
});
