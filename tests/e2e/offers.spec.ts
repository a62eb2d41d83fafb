import { expect, test } from "./fixtures.ts";
import {
  confirmStep,
  journeyShot,
  listPhone,
  logIn,
  ownOrigin,
  seriousA11yProblems,
  TOKYO_ADDRESS,
} from "./helpers.ts";

const PHONE = { width: 390, height: 844 };

test("a buyer offers, the seller counters, the buyer accepts and buys at the counter price", async ({
  page,
  browser,
}) => {
  const title = `E2E値下げ交渉 iPhone ${Date.now()}`;
  await page.setViewportSize(PHONE);
  await logIn(page, "taro@tsugu.example");
  const itemId = await listPhone(page, title, 10_000);

  const buyerContext = await browser.newContext({
    locale: "ja-JP",
    timezoneId: "Asia/Tokyo",
    viewport: PHONE,
  });
  const buyer = await buyerContext.newPage();
  await logIn(buyer, "seller03@tsugu.example");
  expect(
    (
      await buyer.request.put("/api/v1/me/address", { headers: ownOrigin(buyer), data: TOKYO_ADDRESS })
    ).status(),
  ).toBe(200);

  // The sheet says the lowest allowed price, checks as the amount is typed, and the server agrees.
  await buyer.goto(`/ja/items/${itemId}/`);
  await buyer.getByTestId("offer-button").click();
  const sheet = buyer.getByTestId("offer-sheet");
  await expect(sheet.getByRole("heading", { name: "価格を交渉する（オファー）" })).toBeVisible();
  await expect(sheet.getByTestId("offer-lowest")).toHaveText("オファーできる最低金額: ¥9,000");
  const amount = sheet.getByLabel("オファー金額");
  await amount.fill("8000");
  await expect(
    sheet.getByText("9,000円以上の金額を入力してください（この商品の最低価格です）"),
  ).toBeVisible();
  await sheet.getByRole("button", { name: "この金額でオファーする" }).click();
  // Sent anyway, the server refuses it the same way, and the typed amount stays.
  await expect(buyer.getByTestId("offer-sheet").getByLabel("オファー金額")).toHaveValue("8000");
  await expect(
    buyer
      .getByTestId("offer-sheet")
      .getByText("9,000円以上の金額を入力してください（この商品の最低価格です）"),
  ).toBeVisible();
  await journeyShot(buyer, "offers-1-too-low");
  expect(await seriousA11yProblems(buyer)).toEqual([]);
  await buyer.getByTestId("offer-sheet").getByLabel("オファー金額").fill("9000");
  await buyer.getByTestId("offer-sheet").getByRole("button", { name: "この金額でオファーする" }).click();
  await expect(buyer.getByTestId("my-offer")).toContainText("あなたのオファー: ¥9,000");
  await expect(buyer.getByTestId("my-offer")).toContainText("出品者の回答待ち");
  await expect(buyer.getByTestId("offer-button")).toHaveCount(0);
  await journeyShot(buyer, "offers-2-sent");

  // The seller sees it on the offers page and proposes ¥9,500.
  await page.goto("/ja/mypage/");
  await page.getByRole("link", { name: "オファー（価格交渉）" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "オファー（価格交渉）" })).toBeVisible();
  const card = page.getByTestId("offer-card").filter({ hasText: title });
  await expect(card.getByTestId("offer-price")).toHaveText("¥9,000");
  await expect(card.getByTestId("offer-state")).toHaveText("回答してください");
  expect(await seriousA11yProblems(page)).toEqual([]);
  await card.locator("summary", { hasText: "金額を提示する" }).click();
  await card.getByLabel("提示する金額").fill("9500");
  await card.getByRole("button", { name: "この金額を提示する" }).click();
  await confirmStep(page, "この金額を提示する");
  await expect(
    page.getByTestId("offer-card").filter({ hasText: title }).getByTestId("offer-state"),
  ).toHaveText("購入者の回答待ち");
  await journeyShot(page, "offers-3-countered");

  // The buyer accepts the counter: the listing is reserved for them.
  await buyer.goto("/ja/mypage/offers/?side=sent");
  const sent = buyer.getByTestId("offer-card").filter({ hasText: title });
  await expect(sent.getByTestId("counter-price")).toHaveText("¥9,500");
  expect(await seriousA11yProblems(buyer)).toEqual([]);
  await sent.getByRole("button", { name: "この金額で購入する" }).click();
  await confirmStep(buyer, "この金額で購入する");
  const agreed = buyer.getByTestId("offer-card").filter({ hasText: title });
  await expect(agreed.getByTestId("offer-state")).toHaveText("成立・取引予約中");
  await journeyShot(buyer, "offers-4-agreed");

  // Anyone else sees it reserved, with nothing to buy.
  const visitorContext = await browser.newContext({
    locale: "ja-JP",
    timezoneId: "Asia/Tokyo",
    viewport: PHONE,
  });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/ja/items/${itemId}/`);
  await expect(visitor.getByTestId("reserved-notice")).toContainText("取引予約中");
  await expect(visitor.getByTestId("buy-button")).toHaveCount(0);
  await visitorContext.close();

  // The buyer buys at ¥9,500 with a new card.
  await agreed.getByTestId("offer-buy").click();
  await expect(buyer.getByRole("heading", { level: 1, name: "購入内容の確認" })).toBeVisible();
  await expect(buyer.getByTestId("total")).toHaveText("¥9,500");
  await buyer.getByLabel("新しいカードで支払う").check();
  await buyer.getByLabel("カード番号").fill("4242 4242 4242 4242");
  await buyer.getByLabel("有効期限（月/年）").fill("12/30");
  await buyer.getByLabel("セキュリティコード").fill("123");
  await buyer.getByRole("button", { name: "購入する" }).click();
  await expect(buyer).toHaveURL(new RegExp(`/ja/items/${itemId}/transactions/buyer/$`));
  await expect(buyer.getByTestId("trade-price")).toHaveText("¥9,500");
  await journeyShot(buyer, "offers-5-bought");
  await buyer.goto("/ja/mypage/offers/?side=sent");
  await expect(
    buyer.getByTestId("offer-card").filter({ hasText: title }).getByTestId("offer-state"),
  ).toHaveText("購入済み");
  await buyerContext.close();
});

test("はなこ's demo offers on a desk, in Japanese and English, with the notice that leads there", async ({
  browser,
}) => {
  const context = await browser.newContext({
    locale: "ja-JP",
    timezoneId: "Asia/Tokyo",
    viewport: { width: 1366, height: 900 },
  });
  const page = await context.newPage();
  await logIn(page, "hanako@tsugu.example");
  await page.goto("/ja/notifications/");
  const notice = page.getByRole("link", { name: /たろうさんから「.+」に[\d,]+円のオファーが届きました/ });
  await expect(notice).toBeVisible();
  await notice.click();
  await expect(page).toHaveURL(/\/ja\/mypage\/offers\/$/);
  const received = page.getByTestId("offer-card").filter({ hasText: "たろうさんから" });
  await expect(received.getByTestId("offer-state")).toHaveText("回答してください");
  await expect(received.getByRole("button", { name: "承認する" })).toBeVisible();
  expect(await seriousA11yProblems(page)).toEqual([]);
  await journeyShot(page, "offers-6-desktop-received");

  await page.goto("/en/mypage/offers/?side=sent");
  await expect(page.getByRole("heading", { level: 1, name: "Offers" })).toBeVisible();
  const sent = page.getByTestId("offer-card").filter({ hasText: "Seller: たろう" });
  await expect(sent.getByTestId("offer-state")).toHaveText("Waiting for the seller");
  expect(await seriousA11yProblems(page)).toEqual([]);
  await journeyShot(page, "offers-7-desktop-sent-en");
  // The listing's page says the offer is waiting, in place of a second one.
  await sent.getByRole("link").first().click();
  await expect(page.getByTestId("my-offer")).toContainText("Your offer:");
  await expect(page.getByTestId("offer-button")).toHaveCount(0);
  await journeyShot(page, "offers-8-desktop-item-en");
  await context.close();
});
