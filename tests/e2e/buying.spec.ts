import { expect, test } from "./fixtures.ts";
import { journeyShot, listPhone, logIn, ownOrigin, seriousA11yProblems, tokyoTomorrow } from "./helpers.ts";

const PRICE = 3000;

test("a buyer pays with 3-D Secure, the seller ships by courier pickup, both rate, and the seller is paid price − 5%", async ({
  page,
  browser,
}) => {
  const title = `E2E購入テスト iPhone ${Date.now()}`;
  await logIn(page, "taro@tsugu.example");
  const itemId = await listPhone(page, title, PRICE);
  // The seller keeps the item page open: the sale arrives there live.
  await page.goto(`/ja/items/${itemId}/`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.locator('[data-live="on"]')).toBeAttached();

  const buyerContext = await browser.newContext({
    locale: "ja-JP",
    timezoneId: "Asia/Tokyo",
    viewport: { width: 412, height: 915 },
  });
  const buyer = await buyerContext.newPage();
  await logIn(buyer, "seller01@tsugu.example");
  const address = await buyer.request.put("/api/v1/me/address", {
    headers: ownOrigin(buyer),
    data: {
      family_name: "佐藤",
      given_name: "一郎",
      family_name_kana: "サトウ",
      given_name_kana: "イチロウ",
      postal_code: "1500001",
      prefecture_code: "13",
      city: "渋谷区神宮前",
      street: "1-2-3",
      building: "",
      phone: "09012345678",
    },
  });
  expect(address.status()).toBe(200);

  await buyer.goto(`/ja/items/${itemId}/`);
  await buyer.getByTestId("buy-button").click();
  await expect(buyer.getByRole("heading", { level: 1, name: "購入内容の確認" })).toBeVisible();
  await expect(buyer.getByTestId("total")).toHaveText("¥3,000");
  expect(await seriousA11yProblems(buyer)).toEqual([]);
  await buyer.getByLabel("新しいカードで支払う").check();
  await buyer.getByLabel("カード番号").fill("4000 0000 0000 3220");
  await buyer.getByLabel("有効期限（月）").fill("12");
  await buyer.getByLabel("有効期限（年）").fill("2030");
  await buyer.getByLabel("セキュリティコード").fill("123");
  await buyer.getByRole("button", { name: "購入する" }).click();

  // 3-D Secure: our step page, then the (sandbox) card issuer's page, then back to the result.
  await expect(buyer).toHaveURL(new RegExp(`/ja/items/${itemId}/secure/$`));
  await buyer.getByRole("link", { name: "認証画面へ進む" }).click();
  await expect(buyer.getByRole("heading", { name: "本人認証（テスト環境）" })).toBeVisible();
  await expect(buyer.getByText("¥3,000")).toBeVisible();
  // The seller's open page will hear of the sale the moment it is paid: watch from now on, as the
  // toast shows for a few seconds only.
  const announced = expect(
    page.getByTestId("toast").filter({ hasText: `「${title}」が購入されました` }),
  ).toBeVisible({
    timeout: 30_000,
  });
  await buyer.getByRole("button", { name: "認証に成功する" }).click();
  await expect(buyer).toHaveURL(new RegExp(`/ja/items/${itemId}/transactions/buyer/$`));
  await expect(buyer.getByTestId("transaction-state")).toHaveText("発送待ち");

  await announced;

  // The sale is listed among the seller's sales in progress.
  await page.goto("/ja/mypage/listing-items/");
  await page
    .getByRole("list", { name: "取引中の商品" })
    .getByRole("link", { name: new RegExp(title) })
    .click();
  await expect(page).toHaveURL(new RegExp(`/ja/items/${itemId}/transactions/seller/$`));

  // The seller books a courier pickup for tomorrow morning.
  await page.goto(`/ja/items/${itemId}/transactions/`);
  await expect(page).toHaveURL(new RegExp(`/ja/items/${itemId}/transactions/seller/$`));
  await page.getByRole("link", { name: "配送先住所" }).click();
  await expect(page.getByTestId("ship-to")).toContainText("佐藤 一郎");
  await page.goBack();
  await page.getByLabel("送り状の種類").selectOption("12");
  await page.getByLabel("発送方法").selectOption("00");
  await page.getByLabel("集荷希望日").fill(tokyoTomorrow());
  await page.getByLabel("集荷希望時間帯").selectOption("07");
  await page.getByRole("button", { name: "発送を通知する" }).click();
  await expect(page.getByTestId("transaction-state")).toHaveText("受取評価待ち");
  await expect(page.getByTestId("invoice-number")).toHaveText(/^\d{12}$/);
  expect(await seriousA11yProblems(page)).toEqual([]);

  // The buyer sees the invoice number and rates on receipt.
  await buyer.reload();
  await expect(buyer.getByTestId("invoice-number")).toHaveText(/^\d{12}$/);
  await buyer.getByRole("link", { name: "評価する" }).click();
  await buyer.getByLabel("良かった").check();
  await buyer.getByLabel("コメント（任意）").fill("丁寧な梱包でした。ありがとうございました。");
  await buyer.getByRole("button", { name: "評価する" }).click();
  await expect(buyer.getByTestId("transaction-state")).toHaveText("出品者の評価待ち");

  // The seller rates the buyer, which completes the sale and releases the proceeds.
  await page.goto(`/ja/items/${itemId}/transactions/seller/review/`);
  await page.getByLabel("良かった").check();
  await page.getByRole("button", { name: "評価する" }).click();
  await expect(page.getByTestId("transaction-state")).toHaveText("取引完了");

  const before = await page.request.get("/api/v1/me/balance");
  const proceeds = ((await before.json()) as { balance: { proceeds: number } }).balance.proceeds;
  await page.goto("/ja/balance/");
  await expect(page.getByTestId("proceeds")).toHaveText(`¥${proceeds.toLocaleString("ja-JP")}`);
  await page.goto("/ja/balance/transfer-history/");
  await expect(page.getByTestId("history-row").filter({ hasText: "商品が売れました" }).first()).toContainText(
    "+¥2,850",
  );
  expect(await seriousA11yProblems(page)).toEqual([]);
  await journeyShot(page, "buying");
  await buyerContext.close();
});
