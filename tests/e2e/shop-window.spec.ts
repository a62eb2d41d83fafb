import { type Browser, expect, type Page, test } from "./fixtures.ts";
import { buyByCard, journeyShot, listPhone, logIn, seriousA11yProblems } from "./helpers.ts";

/**
 * The pages a member lives in, at a phone's size and a desk's, in both languages: each is
 * photographed (kept with the test results, not in git) and checked by axe. The desktop layout is
 * checked for what it promises: 出品 in the header, the buy button beside the photos, wide grids.
 */

const SIZES = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1366, height: 900 },
] as const;

async function memberPage(browser: Browser, width: number, height: number, email: string): Promise<Page> {
  const context = await browser.newContext({
    locale: "ja-JP",
    timezoneId: "Asia/Tokyo",
    viewport: { width, height },
  });
  const page = await context.newPage();
  await logIn(page, email);
  return page;
}

test("home, search, item, sell, buy, transaction, my page, balance and settings at phone and desk sizes, in Japanese and English", async ({
  browser,
}) => {
  test.setTimeout(600_000);
  // taro lists two phones; hanako buys the first, so she has a trade under way, and looks at the second.
  const seller = await memberPage(browser, 1366, 900, "taro@tsugu.example");
  const stamp = Date.now();
  const sold = await listPhone(seller, `ショーウィンドウ確認 iPhone 13 ${stamp}`, 24800);
  const onSale = await listPhone(seller, `ショーウィンドウ確認 iPhone 12 ${stamp}`, 19800);
  await seller.context().close();
  const first = await memberPage(browser, 1366, 900, "hanako@tsugu.example");
  await buyByCard(first, sold);
  await first.context().close();

  const pages = [
    ["home", "/"],
    ["search", "/items/search/?keyword=iPhone"],
    ["item", `/items/${onSale}/`],
    ["sell", "/sell/"],
    ["buy", `/items/${onSale}/buy/`],
    ["transaction", `/items/${sold}/transactions/buyer/`],
    ["mypage", "/mypage/"],
    ["balance", "/balance/"],
    ["settings", "/settings/"],
  ] as const;

  const problems: string[] = [];
  for (const size of SIZES) {
    const page = await memberPage(browser, size.width, size.height, "hanako@tsugu.example");
    for (const lang of ["ja", "en"] as const) {
      for (const [name, path] of pages) {
        const response = await page.goto(`/${lang}${path}`);
        expect(response?.status(), `${lang}${path}`).toBe(200);
        await expect(page.locator("h1").first()).toBeVisible();
        for (const p of await seriousA11yProblems(page)) problems.push(`${size.name} /${lang}${path}: ${p}`);
        await page.screenshot({
          path: `.cache/test-results/shop-window/${lang}-${size.name}-${name}.png`,
          fullPage: true,
        });
        // Every word the page read was in the message files its head listed (decision 052).
        for (const mark of await page.evaluate(() =>
          performance
            .getEntriesByType("mark")
            .map((m) => m.name)
            .filter((m) => m.startsWith("tsugu:messages-waited:")),
        )) {
          problems.push(`${size.name} /${lang}${path}: ${mark}`);
        }
      }
    }

    // What each size promises.
    await page.goto(`/ja/items/${onSale}/`);
    const buy = page.getByTestId("buy-button");
    const buyBox = await buy.boundingBox();
    expect(buyBox, "the buy button is on the page").not.toBeNull();
    if (size.name === "desktop") {
      // 出品 sits in the header; the buy button stands beside the photos, above the fold.
      await expect(page.getByTestId("header-sell")).toBeVisible();
      await expect(page.getByRole("navigation", { name: "メインメニュー" })).toBeHidden();
      const photoBox = await page.getByTestId("gallery").boundingBox();
      expect(buyBox!.y + buyBox!.height).toBeLessThan(size.height);
      expect(buyBox!.x).toBeGreaterThan(photoBox!.x + photoBox!.width);
      await expect(page.getByTestId("key-facts")).toBeVisible();
      // Listing grids use the width: six tiles a row on the home page.
      await page.goto("/ja/");
      const tiles = page.getByRole("list", { name: "新着の商品" }).getByRole("listitem");
      const tops = await tiles.evaluateAll((els) =>
        els.slice(0, 8).map((e) => e.getBoundingClientRect().top),
      );
      expect(tops.filter((top) => top === tops[0]).length).toBe(6);
    } else {
      // On a phone the item page keeps the buy button at the bottom of the screen, in place of the tabs.
      await expect(page.getByTestId("key-facts")).toBeHidden();
      await expect(page.getByRole("navigation", { name: "メインメニュー" })).toHaveCount(0);
      expect(buyBox!.y + buyBox!.height).toBeLessThanOrEqual(size.height);
      // Elsewhere the tab bar has 出品, and the header leaves room for the search box.
      await page.goto("/ja/");
      await expect(page.getByTestId("header-sell")).toBeHidden();
      await expect(
        page.getByRole("navigation", { name: "メインメニュー" }).getByRole("link", { name: "出品" }),
      ).toBeVisible();
    }

    // A member's home page and my page put their own trades first, with what they wait for.
    await page.goto("/ja/");
    await expect(page.getByRole("heading", { level: 1, name: "はなこさん、ようこそ" })).toBeVisible();
    const trade = page
      .getByTestId("trade-row")
      .filter({ hasText: `ショーウィンドウ確認 iPhone 13 ${stamp}` });
    await expect(trade).toContainText("出品者の発送待ち");
    await expect(trade).toHaveAttribute("href", `/ja/items/${sold}/transactions/buyer/`);
    // Her to-do list comes first: the buyback offer to answer and the proceeds near their deadline.
    const toDo = page.getByTestId("to-do");
    await expect(toDo.getByRole("heading", { name: "要対応" })).toBeVisible();
    await expect(toDo.getByTestId("to-do-row").filter({ hasText: "売上金" }).first()).toContainText(
      /売上金¥[\d,]+の期限は\d{4}\/\d{1,2}\/\d{1,2}です/,
    );
    const offer = toDo.getByTestId("to-do-row").filter({ hasText: "買取価格" });
    await expect(offer).toHaveAttribute("href", /^\/ja\/buyback\/transactions\/\d+\/$/);
    await expect(toDo.getByTestId("to-do-all")).toHaveAttribute("href", "/ja/mypage/#to-do");
    if (size.name === "phone") await journeyShot(page, "to-do-home-phone");
    await page.goto("/ja/mypage/");
    await expect(page.getByTestId("to-do").getByTestId("to-do-row").first()).toBeVisible();
    if (size.name === "phone") await journeyShot(page, "to-do-mypage-phone");
    await expect(page.getByTestId("mypage-points")).toHaveText(/^[\d,]+P$/);
    await expect(page.getByTestId("mypage-proceeds")).toHaveText(/^¥[\d,]+$/);
    await expect(page.getByTestId("trade-row").first()).toBeVisible();
    await page.context().close();
  }
  expect(problems).toEqual([]);
});

test("the seller sees the sale waiting for them in one to-do list, on the home page and my page", async ({
  browser,
}) => {
  const seller = await memberPage(browser, 390, 844, "seller03@tsugu.example");
  const title = `要対応の確認 Pixel ${Date.now()}`;
  const itemId = await listPhone(seller, title, 12000);
  const buyer = await memberPage(browser, 390, 844, "seller04@tsugu.example");
  await buyByCard(buyer, itemId);
  await buyer.context().close();
  await seller.goto("/en/");
  // One to-do list says what to do, how long it has waited and where; the trade list says where it stands.
  const toDo = seller.getByTestId("to-do-row").filter({ hasText: title });
  await expect(toDo).toContainText(`Ship “${title}”`);
  await expect(toDo).toContainText(/Waiting \d+ minutes?/);
  await expect(toDo).toHaveAttribute("href", `/en/items/${itemId}/transactions/seller/`);
  const row = seller.getByTestId("trade-row").first();
  await expect(row).toContainText(title);
  await expect(row).toContainText("Ship the item");
  await expect(row).toHaveAttribute("data-your-turn", "true");
  await expect(row).toContainText("¥12,000");
  await seller.goto("/ja/mypage/");
  const mine = seller.getByTestId("to-do-row").filter({ hasText: title });
  await expect(mine).toContainText(`「${title}」を発送してください`);
  expect(await seriousA11yProblems(seller)).toEqual([]);
  await journeyShot(seller, "to-do-seller-mypage-phone");
  await mine.click();
  await expect(seller).toHaveURL(new RegExp(`/ja/items/${itemId}/transactions/seller/$`));
  await seller.goto("/ja/mypage/");
  await expect(seller.getByTestId("trade-row").first()).toContainText("商品を発送してください");
  await seller.context().close();
});
