import { expect, type Page, test } from "./fixtures.ts";
import { logIn } from "./helpers.ts";

/**
 * The likely next pages, fetched ahead (decision 053): a link in view brings its page's code, a link
 * pointed at brings its data too, four at once at most, and opening the page reads what came ahead.
 */

type Asked = { url: string; purpose: string | undefined };

/**
 * Every page-data request the browser sends to the server (what the page answers itself is not
 * sent), with its `Purpose` header, and the most that were under way at once.
 */
async function watchData(page: Page): Promise<{ asked: Asked[]; mostAtOnce: () => number }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  const asked: Asked[] = [];
  const open = new Set<string>();
  let most = 0;
  cdp.on("Network.requestWillBeSent", (event) => {
    if (!new URL(event.request.url).pathname.endsWith(".data")) return;
    const headers = event.request.headers as Record<string, string>;
    asked.push({ url: event.request.url, purpose: headers.Purpose ?? headers.purpose });
    open.add(event.requestId);
    most = Math.max(most, open.size);
  });
  const done = (event: { requestId: string }) => open.delete(event.requestId);
  cdp.on("Network.loadingFinished", done);
  cdp.on("Network.loadingFailed", done);
  return { asked, mostAtOnce: () => most };
}

const pathOf = (url: string) => new URL(url).pathname;

test("a card pointed at on the search page brings the item's data ahead, and opening it asks the server for nothing more", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const { asked } = await watchData(page);
  await page.goto("/ja/items/search/?keyword=iPhone");
  const tiles = page.getByTestId("item-tile");
  await expect(tiles.first()).toBeVisible();
  const href = (await tiles.first().getAttribute("href"))!;
  const itemData = `${href}_.data`;

  // Nothing comes ahead while the page only loads; from a person's first move, the cards in view
  // bring the item page's code and words, once for every card.
  await page.waitForTimeout(500);
  expect(
    await page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .some((entry) => /\/assets\/messages-ja-offers-/.test(entry.name)),
    ),
  ).toBe(false);
  await page.mouse.move(5, 5);
  await expect
    .poll(() =>
      page.evaluate(() =>
        performance
          .getEntriesByType("resource")
          .some((entry) => /\/assets\/messages-ja-offers-[\w-]+\.js$/.test(entry.name)),
      ),
    )
    .toBe(true);
  expect(asked).toEqual([]);

  await tiles.first().hover();
  await expect.poll(() => asked.map((request) => pathOf(request.url))).toContain(itemData);
  expect(asked).toEqual([{ url: expect.stringContaining(itemData), purpose: "prefetch" }]);
  // Let the answer arrive whole before the click.
  await page.waitForTimeout(500);

  await tiles.first().click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.locator("h1#item-title")).toBeVisible();
  // Opening it read the answer fetched ahead: the server was not asked again.
  expect(asked.filter((request) => pathOf(request.url) === itemData)).toHaveLength(1);

  // Back on the search page and to the item again: this time its data comes fresh from the server.
  // The item page stays in view until the search page's data is back, and its own cards (the
  // seller's other listings) are cards too: the same card is waited for once the item page is gone.
  await page.goBack();
  await expect(page.locator("h1#item-title")).toHaveCount(0);
  const same = page.locator(`[data-testid="item-tile"][href="${href}"]`).first();
  await expect(same).toBeVisible();
  await same.click();
  await expect(page.locator("h1#item-title")).toBeVisible();
  await expect.poll(() => asked.filter((request) => pathOf(request.url) === itemData).length).toBe(2);
  expect(asked.at(-1)?.purpose).toBeUndefined();
});

test("no more than four pages' data are fetched ahead at once, however fast the pointer moves", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const { asked, mostAtOnce } = await watchData(page);
  await page.goto("/ja/items/search/?keyword=iPhone");
  const tiles = page.getByTestId("item-tile");
  await expect(tiles.nth(9)).toBeVisible();
  for (let at = 0; at < 10; at += 1) {
    await tiles.nth(at).hover();
    await page.waitForTimeout(110);
  }
  await expect.poll(() => asked.length).toBeGreaterThan(1);
  expect(mostAtOnce()).toBeLessThanOrEqual(4);
  expect(asked.every((request) => request.purpose === "prefetch")).toBe(true);
});

test("a member pointing at the notifications does not fetch them ahead: opening them marks them read", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await logIn(page, "hanako@tsugu.example");
  const { asked } = await watchData(page);
  await page.goto("/ja/items/search/?keyword=iPhone");
  const bell = page.locator('header a[href="/ja/notifications/"]').first();
  await bell.hover();
  await page.waitForTimeout(600);
  await page.getByTestId("item-tile").first().hover();
  await expect.poll(() => asked.length).toBeGreaterThan(0);
  expect(asked.map((request) => pathOf(request.url))).not.toContain("/ja/notifications/_.data");
});
