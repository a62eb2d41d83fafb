import { expect, test } from "./fixtures.ts";
import { journeyShot, logIn, seriousA11yProblems } from "./helpers.ts";

/**
 * A fresh start shows every page alive: はなこ's balance, its history with every kind of row, her
 * payouts (one sent, one on its way), and the buyers' recommended prices filled from the market's
 * history. Photographed at a phone's size.
 */
test("the demo data fills はなこ's balance pages and the buyers' recommended prices on a phone", async ({
  browser,
}) => {
  const context = await browser.newContext({
    locale: "ja-JP",
    timezoneId: "Asia/Tokyo",
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  await logIn(page, "hanako@tsugu.example");
  await page.goto("/ja/balance/");
  await expect(page.locator("h1").first()).toBeVisible();
  expect(await seriousA11yProblems(page)).toEqual([]);
  await journeyShot(page, "demo-balance-phone");

  await page.goto("/ja/balance/transfer-history/");
  for (const kind of [
    "商品が売れました",
    "商品を購入しました",
    "ポイントを購入しました",
    "売上金でポイントを購入しました",
    "売上金を出金しました",
    "無料ポイントを受け取りました",
    "無料ポイントが失効しました",
  ]) {
    await expect(page.getByText(kind, { exact: true }).first(), kind).toBeVisible();
  }
  expect(await seriousA11yProblems(page)).toEqual([]);
  await journeyShot(page, "demo-transfer-history-phone");

  // The payout on its way and the one sent, each with its receipt.
  const payouts = page.getByRole("link", { name: "出金の詳細" });
  await expect(payouts).toHaveCount(2);
  await payouts.first().click();
  await expect(page).toHaveURL(/\/ja\/balance\/transfer-bank\/finish\/\?id=\d+$/);
  await journeyShot(page, "demo-payout-waiting-phone");
  await page.goto("/ja/balance/transfer-bank/");
  await journeyShot(page, "demo-payout-start-phone");
  await context.close();

  const buyer = await browser.newContext({
    locale: "ja-JP",
    timezoneId: "Asia/Tokyo",
    viewport: { width: 390, height: 844 },
  });
  const portal = await buyer.newPage();
  await logIn(portal, "buyer@tsugu.example");
  await portal.goto("/ja/buyback/bids/");
  await portal.getByRole("button", { name: "おすすめ価格" }).click();
  const dialog = portal.getByRole("dialog", { name: "おすすめ価格" });
  await dialog.getByRole("button", { name: "置き換える" }).click();
  const notice = portal.getByTestId("bids-notice");
  await expect(notice).toContainText(/おすすめ価格を[\d,]+マスに入力しました/);
  const filled = Number(
    (/を([\d,]+)マスに入力/.exec((await notice.textContent()) ?? "")?.[1] ?? "0").replace(/,/g, ""),
  );
  const skipped = Number(
    (/データ不足 ([\d,]+)マス/.exec((await notice.textContent()) ?? "")?.[1] ?? "0").replace(/,/g, ""),
  );
  expect(filled).toBeGreaterThan(skipped);
  await journeyShot(portal, "demo-recommended-prices-phone");
  await buyer.close();
});
