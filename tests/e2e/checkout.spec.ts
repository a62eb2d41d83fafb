import { expect, type Page, test } from "./fixtures.ts";
import { journeyShot, listPhone, logIn, seriousA11yProblems, signUp } from "./helpers.ts";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

/** The buy page as it is now, at phone size and on a desktop, with no serious accessibility problem. */
async function shotBothSizes(page: Page, name: string) {
  expect(await seriousA11yProblems(page), name).toEqual([]);
  await journeyShot(page, `${name}-phone`);
  await page.setViewportSize(DESKTOP);
  await journeyShot(page, `${name}-desktop`);
  await page.setViewportSize(PHONE);
}

test("a new member adds an address and a card inside the purchase, then buys again in two taps", async ({
  page,
  browser,
}) => {
  // A sign-up, two purchases with 3-D Secure and two looks with axe: a long journey.
  test.setTimeout(360_000);
  const stamp = Date.now();
  const seller = await (await browser.newContext({ locale: "ja-JP", timezoneId: "Asia/Tokyo" })).newPage();
  await logIn(seller, "taro@tsugu.example");
  const first = await listPhone(seller, `E2Eチェックアウト Pixel ${stamp}`, 4800);
  const second = await listPhone(seller, `E2Eチェックアウト iPhone ${stamp}`, 5200);

  await page.setViewportSize(PHONE);
  await signUp(page, {
    email: `checkout-${stamp}@example.jp`,
    password: "tsugu-pass-7",
    nickname: "かいもの",
  });

  // No address and no card yet: the purchase asks for both itself, without leaving the page.
  await page.goto(`/ja/items/${first}/`);
  await page.getByTestId("buy-button").click();
  await expect(page).toHaveURL(new RegExp(`/ja/items/${first}/buy/$`));
  const address = page.getByTestId("checkout-address");
  await expect(address.getByText("配送先住所が登録されていません")).toBeVisible();
  await expect(page.getByRole("button", { name: "購入する" })).toHaveCount(0);
  await shotBothSizes(page, "checkout-address-step");

  await address.getByLabel("姓", { exact: true }).fill("鈴木");
  await address.getByLabel("名", { exact: true }).fill("一郎");
  await address.getByLabel("セイ", { exact: true }).fill("スズキ");
  await address.getByLabel("メイ", { exact: true }).fill("イチロウ");
  await address.getByLabel("郵便番号", { exact: true }).fill("1000001");
  await address.getByRole("button", { name: "住所を自動入力" }).click();
  await expect(address.getByLabel("市区町村", { exact: true })).toHaveValue("千代田区");
  await address.getByLabel("町域・番地", { exact: true }).fill("千代田1-1");
  await address.getByRole("button", { name: "この住所に届ける" }).click();
  // The phone is missing: said by the field, the rest stays typed.
  await expect(address.getByTestId("error-phone")).toBeVisible();
  await expect(address.getByLabel("町域・番地", { exact: true })).toHaveValue("千代田1-1");
  await address.getByLabel("電話番号", { exact: true }).fill("090-1111-2222");
  await address.getByRole("button", { name: "この住所に届ける" }).click();
  await expect(page.getByTestId("shipping-address")).toContainText("千代田区千代田1-1");
  await expect(page).toHaveURL(new RegExp(`/ja/items/${first}/buy/`));

  // The card, typed inside the purchase, kept for next time.
  const cardStep = page.getByTestId("card-step");
  await expect(page.getByLabel("新しいカードで支払う")).toBeChecked();
  await expect(cardStep.getByLabel("このカードを登録する")).toBeChecked();
  await cardStep.getByLabel("カード番号").fill("4000 0000 0000 3220");
  await cardStep.getByLabel("有効期限（月/年）").fill("12/30");
  await cardStep.getByLabel("セキュリティコード").fill("123");
  await shotBothSizes(page, "checkout-card-step");
  await page.getByRole("button", { name: "購入する" }).click();

  // 3-D Secure, then back to the purchase's result.
  await expect(page).toHaveURL(new RegExp(`/ja/items/${first}/secure/$`));
  await page.getByRole("link", { name: "認証画面へ進む" }).click();
  await page.getByRole("button", { name: "認証に成功する" }).click();
  await expect(page).toHaveURL(new RegExp(`/ja/items/${first}/transactions/buyer/$`));
  await expect(page.getByTestId("transaction-state")).toHaveText("発送待ち");
  await journeyShot(page, "checkout-first-purchase-done");

  // The second item: 購入手続きへ, 購入する — the address and the saved card are already chosen.
  await page.goto(`/ja/items/${second}/`);
  await page.getByTestId("buy-button").click();
  await expect(page.getByTestId("shipping-address")).toContainText("千代田区千代田1-1");
  await expect(page.getByLabel(/Visa •••• 3220/)).toBeChecked();
  await expect(page.getByTestId("card-step")).toHaveCount(0);
  await page.getByRole("button", { name: "購入する" }).click();
  // This test card asks its issuer for 3-D Secure on every payment: the issuer's step, not ours.
  await expect(page).toHaveURL(new RegExp(`/ja/items/${second}/secure/$`));
  await page.getByRole("link", { name: "認証画面へ進む" }).click();
  await page.getByRole("button", { name: "認証に成功する" }).click();
  await expect(page).toHaveURL(new RegExp(`/ja/items/${second}/transactions/buyer/$`));
  await expect(page.getByTestId("trade-price")).toHaveText("¥5,200");
});
