import { expect, test } from "./fixtures.ts";
import { journeyShot, listPhone, logIn, seriousA11yProblems } from "./helpers.ts";

test.use({ viewport: { width: 390, height: 844 }, permissions: ["clipboard-read", "clipboard-write"] });

test("on a phone the item page keeps the price and 購入手続きへ at the bottom in place of the tabs, shares its link, and shows the seller's other listings", async ({
  page,
  browser,
}) => {
  // Three listings with photos and two accessibility checks: more than the default time.
  test.setTimeout(360_000);
  // taro lists three phones; hanako looks at the first on her phone.
  const seller = await (await browser.newContext({ locale: "ja-JP", timezoneId: "Asia/Tokyo" })).newPage();
  await logIn(seller, "taro@tsugu.example");
  const stamp = Date.now();
  const itemId = await listPhone(seller, `商品ページ確認 iPhone 13 ${stamp}`, 21800);
  const others = [
    await listPhone(seller, `商品ページ確認 iPhone 12 ${stamp}`, 15800),
    await listPhone(seller, `商品ページ確認 iPhone SE ${stamp}`, 9800),
  ];
  await seller.context().close();

  // The share sheet, as a phone's browser has it: what the page hands over is kept to check.
  await page.addInitScript(() => {
    const shared: ShareData[] = [];
    Object.assign(window, { shared });
    Object.defineProperty(navigator, "share", {
      configurable: true,
      value: async (data: ShareData) => void shared.push(data),
    });
  });
  await logIn(page, "hanako@tsugu.example");
  await page.goto(`/ja/items/${itemId}/`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`商品ページ確認 iPhone 13 ${stamp}`);

  // No tabs here: the bar with the price and the buy button stays at the bottom while the page scrolls.
  await expect(page.getByRole("navigation", { name: "メインメニュー" })).toHaveCount(0);
  const bar = page.getByTestId("action-bar");
  await expect(bar.getByTestId("action-bar-price")).toContainText("¥21,800");
  await expect(bar.getByRole("link", { name: "購入手続きへ" })).toBeVisible();
  for (const y of [600, 1400]) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await expect(bar.getByRole("link", { name: "購入手続きへ" })).toBeInViewport();
  }
  const barBox = (await bar.boundingBox())!;
  expect(Math.round(barBox.y + barBox.height)).toBe(844);
  // At the very end nothing is under the bar: the footer leaves it room.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const lastLine = page.getByText(/©/);
  await expect(lastLine).toBeInViewport();
  expect((await lastLine.boundingBox())!.y + (await lastLine.boundingBox())!.height).toBeLessThanOrEqual(
    (await bar.boundingBox())!.y,
  );

  // The seller's other listings on sale, this one left out, and the way to all of them.
  const row = page.getByRole("list", { name: "この出品者の商品" });
  // Newest first, six at most (taro has more on sale from before).
  const links = row.getByRole("listitem").getByRole("link");
  await expect(links.nth(0)).toHaveAttribute("href", `/ja/items/${others[1]}/`);
  await expect(links.nth(1)).toHaveAttribute("href", `/ja/items/${others[0]}/`);
  expect(await links.count()).toBeLessThanOrEqual(6);
  await expect(row.locator(`a[href="/ja/items/${itemId}/"]`)).toHaveCount(0);
  await expect(page.getByRole("link", { name: "この出品者の商品をもっと見る" })).toHaveAttribute(
    "href",
    /\/ja\/users\/\d+\/#listings$/,
  );

  // Share: the share sheet gets the title, a line and the link.
  const url = new URL(`/ja/items/${itemId}/`, page.url()).toString();
  await page.getByRole("button", { name: "共有する" }).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared))
    .toEqual([{ title: `商品ページ確認 iPhone 13 ${stamp}`, text: "¥21,800で出品中", url }]);
  // Without a share sheet, the link is copied and the page says so.
  await page.evaluate(() => Object.defineProperty(navigator, "share", { value: undefined }));
  await page.getByRole("button", { name: "共有する" }).click();
  await expect(page.getByRole("status").filter({ hasText: "リンクをコピーしました" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await page.evaluate(() => window.scrollTo(0, 0));
  await journeyShot(page, "item-page-phone");
  expect(await seriousA11yProblems(page)).toEqual([]);

  // On a desk the buy button stands beside the photos, and the bar is not there.
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.evaluate(() => window.scrollTo(0, 0));
  const buy = page.getByRole("link", { name: "購入手続きへ" });
  await expect(buy).toBeInViewport();
  await expect(bar.getByTestId("action-bar-price")).toBeHidden();
  expect((await buy.boundingBox())!.x).toBeGreaterThan((await page.getByTestId("gallery").boundingBox())!.x);
  await journeyShot(page, "item-page-desktop");
  expect(await seriousA11yProblems(page)).toEqual([]);
});
