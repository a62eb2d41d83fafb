import { expect, test } from "./fixtures.ts";
import {
  buyByCard,
  confirmStep,
  journeyShot,
  listPhone,
  logIn,
  ownOrigin,
  readMail,
  seriousA11yProblems,
  TOKYO_ADDRESS,
  tokyoTomorrow,
} from "./helpers.ts";

const PRICE = 3000;

test("a buyer pays with 3-D Secure, the seller ships by courier pickup, both rate, and the seller is paid price − 5% − postage", async ({
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
    data: TOKYO_ADDRESS,
  });
  expect(address.status()).toBe(200);

  await buyer.goto(`/ja/items/${itemId}/`);
  await buyer.getByTestId("buy-button").click();
  await expect(buyer.getByRole("heading", { level: 1, name: "購入内容の確認" })).toBeVisible();
  await expect(buyer.getByTestId("total")).toHaveText("¥3,000");
  expect(await seriousA11yProblems(buyer)).toEqual([]);
  await buyer.getByLabel("新しいカードで支払う").check();
  await buyer.getByLabel("カード番号").fill("4000 0000 0000 3220");
  await buyer.getByLabel("有効期限（月/年）").fill("12/30");
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
  // Where the buyer lands after paying says the purchase is complete and what happens next.
  const complete = buyer.getByTestId("purchase-complete");
  await expect(complete.getByRole("heading", { name: "購入が完了しました" })).toBeVisible();
  await expect(complete).toContainText("出品者が1〜2日で発送します");
  await expect(complete).toContainText("発送されたら、通知とメールでお知らせします。");
  await expect(buyer.getByTestId("trade-title")).toHaveText(title);
  await expect(buyer.getByTestId("trade-price")).toHaveText("¥3,000");
  await expect(buyer.getByTestId("trade-photo")).toBeVisible();
  const steps = buyer.getByRole("list", { name: "取引の流れ" });
  await expect(steps.locator('[aria-current="step"]')).toHaveText("2発送");
  expect(await seriousA11yProblems(buyer)).toEqual([]);
  // …and the same by mail.
  await expect(async () => {
    const mail = await readMail(buyer, "seller01@tsugu.example", "のご購入ありがとうございます");
    expect(mail).toContain("出品者が1〜2日で発送します");
    expect(mail).toContain(`/ja/items/${itemId}/transactions/`);
  }).toPass({ timeout: 30_000 });

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
  // The shipping notice asks first, in a dialog; Escape leaves everything as it was.
  await expect(page.getByTestId("ship-form")).toHaveAttribute("data-hydrated", "true");
  const notify = page.getByRole("button", { name: "発送を通知する" });
  await notify.click();
  const dialog = page.getByRole("alertdialog", { name: "発送を通知しますか？" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("送り状が発行されます: 宅急便コンパクト、集荷");
  // The postage is in the price: the seller is told what comes out of the proceeds.
  await expect(dialog).toContainText("送料¥350は、取引が完了したときに販売利益から差し引かれます");
  await expect(dialog).toContainText("通知したあとは取り消せません");
  expect(await seriousA11yProblems(page)).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(notify).toBeFocused();
  await expect(page.getByTestId("transaction-state")).toHaveText("発送待ち");
  await notify.click();
  await dialog.getByRole("button", { name: "発送を通知する" }).click();
  await expect(page.getByTestId("transaction-state")).toHaveText("受取評価待ち");
  await expect(page.getByRole("list", { name: "取引の流れ" }).locator('[aria-current="step"]')).toHaveText(
    "3受取評価",
  );
  await expect(page.getByTestId("invoice-number")).toHaveText(/^\d{12}$/);
  expect(await seriousA11yProblems(page)).toEqual([]);

  // The buyer sees the invoice number and rates on receipt.
  await buyer.reload();
  await expect(buyer.getByTestId("invoice-number")).toHaveText(/^\d{12}$/);
  await buyer.getByRole("link", { name: "受取評価をする" }).click();
  await buyer.getByLabel("良かった").check();
  await buyer.getByLabel("コメント", { exact: true }).fill("丁寧な梱包でした。ありがとうございました。");
  await expect(buyer.getByTestId("receipt-form")).toHaveAttribute("data-hydrated", "true");
  await buyer.getByRole("button", { name: "受取評価をする" }).click();
  const receipt = buyer.getByRole("alertdialog", { name: "商品の中身を確認しましたか？" });
  await expect(receipt).toContainText("あとから取り消すことはできません");
  await receipt.getByRole("button", { name: "受取評価をする" }).click();
  await expect(buyer.getByTestId("transaction-state")).toHaveText("出品者の評価待ち");

  // The seller rates the buyer, which completes the sale and releases the proceeds.
  await page.goto(`/ja/items/${itemId}/transactions/seller/review/`);
  await page.getByLabel("良かった").check();
  await expect(page.getByTestId("rating-form")).toHaveAttribute("data-hydrated", "true");
  await page.getByRole("button", { name: "評価する" }).click();
  const rating = page.getByRole("alertdialog", { name: "購入者を評価して取引を完了しますか？" });
  await rating.getByRole("button", { name: "評価して取引を完了する" }).click();
  await expect(page.getByTestId("transaction-state")).toHaveText("取引完了");
  await expect(page.getByTestId("courier-fee")).toHaveText("−¥350");
  await expect(page.getByTestId("transaction-proceeds")).toHaveText("¥2,500");

  const before = await page.request.get("/api/v1/me/balance");
  const proceeds = ((await before.json()) as { balance: { proceeds: number } }).balance.proceeds;
  await page.goto("/ja/balance/");
  await expect(page.getByTestId("proceeds")).toHaveText(`¥${proceeds.toLocaleString("ja-JP")}`);
  await page.goto("/ja/balance/transfer-history/");
  const sold = page.getByTestId("history-row").filter({ hasText: "商品が売れました" }).first();
  // ¥3,000 − the 5% fee (¥150) − the postage for a compact box (¥350).
  await expect(sold).toContainText("+¥2,500");
  await expect(sold).toContainText("送料：¥350");
  expect(await seriousA11yProblems(page)).toEqual([]);
  await journeyShot(page, "buying");
  await buyerContext.close();
});

test("a cancellation asks for a reason and a confirmation, and a tracking number is checked for its carrier", async ({
  page,
  browser,
}) => {
  await logIn(page, "taro@tsugu.example");
  const itemId = await listPhone(page, `E2Eキャンセルテスト ${Date.now()}`, PRICE, { shipping_method: "05" });
  const buyerContext = await browser.newContext({
    locale: "ja-JP",
    timezoneId: "Asia/Tokyo",
    viewport: { width: 390, height: 844 },
  });
  const buyer = await buyerContext.newPage();
  await logIn(buyer, "seller02@tsugu.example");
  await buyByCard(buyer, itemId);

  // The buyer asks to cancel: a reason from the list, their own words, then the dialog.
  await buyer.goto(`/ja/items/${itemId}/transactions/buyer/`);
  await expect(buyer.getByTestId("cancel-form")).toHaveAttribute("data-hydrated", "true");
  await buyer.getByText("取引のキャンセル").click();
  await buyer.getByLabel("キャンセルの理由").selectOption({ label: "間違えて購入した" });
  await buyer.getByLabel("詳しい事情").fill("容量を間違えて購入してしまいました。");
  await buyer.getByRole("button", { name: "キャンセルを申請する" }).click();
  const ask = buyer.getByRole("alertdialog", { name: "キャンセルを申請しますか？" });
  await expect(ask).toContainText("理由: 間違えて購入した");
  await expect(ask).toContainText("元に戻すことはできません");
  expect(await seriousA11yProblems(buyer)).toEqual([]);
  await ask.getByRole("button", { name: "戻る" }).click();
  await expect(ask).toBeHidden();
  await expect(buyer.getByTestId("transaction-state")).toHaveText("発送待ち");
  await buyer.getByRole("button", { name: "キャンセルを申請する" }).click();
  await ask.getByRole("button", { name: "キャンセルを申請する" }).click();
  await expect(buyer.getByTestId("transaction-state")).toHaveText("キャンセル手続き中");
  await expect(buyer.getByTestId("cancellation-reason")).toHaveText("間違えて購入した");

  // The seller sees why, and carries on with the sale.
  await page.goto(`/ja/items/${itemId}/transactions/seller/`);
  await expect(page.getByTestId("cancellation-reason")).toHaveText("間違えて購入した");
  await expect(page.getByTestId("cancellation-note")).toHaveText("容量を間違えて購入してしまいました。");
  await page.getByRole("button", { name: "取引を続ける" }).click();
  await expect(page.getByTestId("transaction-state")).toHaveText("発送待ち");

  // 宅急便 is Yamato's: 12 digits with a check digit, typed any way, written back as on the slip.
  await expect(page.getByTestId("ship-form")).toHaveAttribute("data-hydrated", "true");
  const tracking = page.getByLabel("追跡番号", { exact: true });
  await expect(page.getByTestId("ship-form").getByText("任意")).toHaveCount(1);
  await tracking.fill("1234-5678");
  await tracking.blur();
  await expect(page.getByTestId("error-trackingNumber")).toHaveText(
    "ヤマト運輸の伝票番号は12桁の数字です（例: 1234-5678-9012）",
  );
  await expect(tracking).toHaveAttribute("aria-invalid", "true");
  // A wrong number does not even open the dialog.
  await page.getByRole("button", { name: "発送を通知する" }).click();
  await expect(page.getByRole("alertdialog")).toBeHidden();
  await expect(tracking).toBeFocused();
  await tracking.fill("１２３４ ５６７８ ９０１３");
  await tracking.blur();
  await expect(tracking).toHaveValue("1234-5678-9013");
  await expect(page.getByTestId("error-trackingNumber")).toBeHidden();
  await page.getByRole("button", { name: "発送を通知する" }).click();
  const ship = page.getByRole("alertdialog", { name: "発送を通知しますか？" });
  await expect(ship).toContainText("追跡番号: 1234-5678-9013");
  await ship.getByRole("button", { name: "発送を通知する" }).click();
  await expect(page.getByTestId("transaction-state")).toHaveText("受取評価待ち");
  await buyer.reload();
  await expect(buyer.getByTestId("tracking-number")).toHaveText("1234-5678-9013");
  await buyerContext.close();
});

test("drop-off at a locker shows a QR code with its code and expiry, on a phone and in English", async ({
  page,
  browser,
}) => {
  await logIn(page, "taro@tsugu.example");
  const itemId = await listPhone(page, `E2Eロッカーテスト ${Date.now()}`, PRICE);
  const buyerContext = await browser.newContext({ locale: "ja-JP", timezoneId: "Asia/Tokyo" });
  const buyer = await buyerContext.newPage();
  await logIn(buyer, "seller03@tsugu.example");
  await buyByCard(buyer, itemId);
  await buyerContext.close();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/ja/items/${itemId}/transactions/seller/`);
  await page.getByLabel("送り状の種類").selectOption("12");
  await page.getByLabel("発送方法").selectOption("03");
  await page.getByRole("button", { name: "発送を通知する" }).click();
  await confirmStep(page, "発送を通知する");
  await expect(page.getByTestId("transaction-state")).toHaveText("受取評価待ち");
  const dropOff = page.getByTestId("drop-off");
  const qr = dropOff.getByRole("img", { name: "持ち込み用QRコード" });
  await expect(qr).toBeVisible();
  const code = await dropOff.getByTestId("drop-off-code").textContent();
  expect(code).toMatch(/^TSUGU-QR-\d{12}-\d{6}$/);
  await expect(qr).toHaveAttribute("data-code", code!);
  await expect(dropOff).toContainText("宅配便ロッカーの画面で「発送」を選び");
  await expect(dropOff.getByTestId("drop-off-expiry")).toContainText("有効期限: ");
  const box = await qr.boundingBox();
  expect(box!.width).toBeGreaterThanOrEqual(180);
  // Nothing runs off a 390 px phone: the QR code, the steps, the header.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousA11yProblems(page)).toEqual([]);
  await journeyShot(page, "drop-off-qr");

  await page.goto(`/en/items/${itemId}/transactions/seller/`);
  await expect(page.getByTestId("drop-off").getByRole("img", { name: "QR code for drop-off" })).toBeVisible();
  const steps = page.getByRole("list", { name: "Progress of the transaction" });
  await expect(steps.getByRole("listitem")).toHaveText([
    "✓Purchase (done)",
    "✓Shipping (done)",
    "3Receipt",
    "4Complete",
  ]);
  await expect(steps.locator('[aria-current="step"]')).toHaveText("3Receipt");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousA11yProblems(page)).toEqual([]);
  await page.setViewportSize({ width: 412, height: 915 });
});

test("without JavaScript a cancellation request is confirmed on the page the server sends back", async ({
  page,
  browser,
}) => {
  await logIn(page, "taro@tsugu.example");
  const itemId = await listPhone(page, `E2E JavaScriptなし ${Date.now()}`, PRICE);
  const buyerContext = await browser.newContext({
    locale: "ja-JP",
    timezoneId: "Asia/Tokyo",
    javaScriptEnabled: false,
  });
  const buyer = await buyerContext.newPage();
  await logIn(buyer, "seller04@tsugu.example");
  await buyByCard(buyer, itemId);
  await buyer.goto(`/ja/items/${itemId}/transactions/buyer/`);
  await buyer.getByText("取引のキャンセル").click();
  await buyer.getByLabel("キャンセルの理由").selectOption({ label: "取引相手と話し合って合意した" });
  await buyer.getByRole("button", { name: "キャンセルを申請する" }).click();
  const panel = buyer.getByTestId("confirm-panel");
  await expect(panel.getByRole("heading", { name: "キャンセルを申請しますか？" })).toBeVisible();
  await expect(panel).toContainText("理由: 取引相手と話し合って合意した");
  await expect(buyer.getByTestId("transaction-state")).toHaveText("発送待ち");
  await panel.getByRole("button", { name: "キャンセルを申請する" }).click();
  await expect(buyer.getByTestId("transaction-state")).toHaveText("キャンセル手続き中");
  await expect(buyer.getByTestId("cancellation-reason")).toHaveText("取引相手と話し合って合意した");
  await buyerContext.close();
});

test("a buyer collects at a FamilyMart near them: chosen when buying, shown to both sides, never sent by Nekoposu", async ({
  page,
  browser,
}) => {
  const sellerContext = await browser.newContext({ locale: "ja-JP", timezoneId: "Asia/Tokyo" });
  const seller = await sellerContext.newPage();
  await logIn(seller, "taro@tsugu.example");
  const itemId = await listPhone(seller, `E2Eスポット受け取り ${Date.now()}`, PRICE);

  // The buyer, on a phone, picks a spot near the registered address on the purchase page itself.
  await logIn(page, "seller16@tsugu.example");
  expect(
    (
      await page.request.put("/api/v1/me/address", { headers: ownOrigin(page), data: TOKYO_ADDRESS })
    ).status(),
  ).toBe(200);
  await page.goto(`/ja/items/${itemId}/buy/`);
  const delivery = page.getByTestId("delivery-choice");
  await expect(delivery.getByLabel("配送先の住所に届けてもらう")).toBeChecked();
  await delivery.getByLabel(/ファミリーマート 渋谷区神宮前駅前店/).check();
  await expect(delivery).toContainText("7日以内");
  const card = page.getByTestId("card-step");
  await card.getByLabel("カード番号").fill("4242 4242 4242 4242");
  await card.getByLabel("有効期限（月/年）").fill("12/30");
  await card.getByLabel("セキュリティコード").fill("123");
  await page.getByRole("button", { name: "購入する" }).click();
  await expect(page).toHaveURL(new RegExp(`/ja/items/${itemId}/transactions/buyer/$`));
  const spot = page.getByTestId("pickup-spot");
  await expect(spot).toContainText("ファミリーマート 渋谷区神宮前駅前店");
  await expect(spot).toContainText("東京都渋谷区神宮前駅前2-1-1");
  await expect(spot).toContainText("本人確認書類を持って7日以内");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412);
  await journeyShot(page, "pickup-spot-buyer");

  // The seller learns where it goes, and that Nekoposu cannot go there; Compact can.
  await seller.goto(`/ja/items/${itemId}/transactions/seller/`);
  await expect(seller.getByTestId("pickup-spot")).toContainText("ネコポスでは送れません");
  await seller.getByLabel("送り状の種類").selectOption("13");
  await seller.getByLabel("発送方法").selectOption("02");
  await seller.getByRole("button", { name: "発送を通知する" }).click();
  await confirmStep(seller, "発送を通知する");
  await expect(seller.getByText("受け取りスポットへはネコポスで送れません").first()).toBeVisible();
  await expect(seller.getByTestId("transaction-state")).toHaveText("発送待ち");
  await seller.getByLabel("送り状の種類").selectOption("12");
  await seller.getByLabel("発送方法").selectOption("02");
  await seller.getByRole("button", { name: "発送を通知する" }).click();
  await confirmStep(seller, "発送を通知する");
  await expect(seller.getByTestId("transaction-state")).toHaveText("受取評価待ち");
  await seller.goto(`/ja/items/${itemId}/transactions/seller/address/`);
  await expect(seller.getByTestId("pickup-spot")).toContainText("受取人: 佐藤 一郎");
  await sellerContext.close();

  await page.goto(`/en/items/${itemId}/transactions/buyer/`);
  await expect(page.getByTestId("pickup-spot")).toContainText("collect it within 7 days");
  expect(await seriousA11yProblems(page)).toEqual([]);
});

test("a seller who ships an undecided-method sale themselves names the carrier, and the buyer follows it there", async ({
  page,
  browser,
}) => {
  await logIn(page, "taro@tsugu.example");
  const itemId = await listPhone(page, `E2E配送業者テスト ${Date.now()}`, PRICE, { shipping_method: "01" });
  const buyerContext = await browser.newContext({ locale: "ja-JP", timezoneId: "Asia/Tokyo" });
  const buyer = await buyerContext.newPage();
  await logIn(buyer, "seller17@tsugu.example");
  await buyByCard(buyer, itemId);

  await page.goto(`/ja/items/${itemId}/transactions/seller/`);
  await expect(page.getByTestId("ship-form")).toHaveAttribute("data-hydrated", "true");
  await page.getByLabel("配送業者").selectOption({ label: "佐川急便" });
  const tracking = page.getByLabel("追跡番号", { exact: true });
  await tracking.fill("1234-5678-901");
  await tracking.blur();
  await expect(page.getByTestId("error-trackingNumber")).toHaveText(
    "佐川急便のお問い合わせ番号は12桁の数字です（例: 1234-5678-9012）",
  );
  await tracking.fill("123456789013");
  await tracking.blur();
  await expect(tracking).toHaveValue("1234-5678-9013");
  await page.getByRole("button", { name: "発送を通知する" }).click();
  await confirmStep(page, "発送を通知する");
  await expect(page.getByTestId("transaction-state")).toHaveText("受取評価待ち");

  await buyer.goto(`/ja/items/${itemId}/transactions/buyer/`);
  await expect(buyer.getByTestId("tracking-number")).toHaveText("1234-5678-9013");
  const link = buyer.getByTestId("tracking-link-sagawa");
  await expect(link).toHaveText("佐川急便のサイトで配送状況を見る");
  await expect(link).toHaveAttribute("href", /okurijoNo=123456789013$/);
  await expect(buyer.getByTestId("tracking-link-yamato")).toHaveCount(0);
  await buyerContext.close();
});
