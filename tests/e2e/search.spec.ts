import { expect, test } from "./fixtures.ts";
import { journeyShot, listPhone, logIn, putSelfCheck, seriousA11yProblems } from "./helpers.ts";

test("on a phone, a buyer types how people type a model, picks it, narrows by a defect in the filter sheet and sees the market price", async ({
  page,
}) => {
  await page.goto("/ja/");
  // The suggestions come with the page's scripts: words typed before they run are searched as typed.
  await page.waitForLoadState("networkidle");
  const box = page.getByRole("combobox", { name: "キーワードで探す" });
  await box.fill("iphone12 じゃんく");
  // The models the words may mean, the exact one first, with the other words kept as the keyword,
  // as they were typed.
  const options = page.getByRole("listbox").getByRole("option");
  await expect(options.first()).toContainText("iPhone 12");
  await expect(options.first()).toContainText("じゃんく");
  await expect(options.filter({ hasText: "iPhone 13" })).toHaveCount(0);
  await journeyShot(page, "search-suggestions");
  await options.first().click();

  // The model itself: never an iPhone 12 mini or Pro; the count says how many.
  await expect(page).toHaveURL(/\/ja\/items\/search\/\?model=\d+&keyword=/);
  await expect(page.getByTestId("chosen-model")).toContainText("iPhone 12");
  const results = page.getByRole("list", { name: "検索結果" }).getByRole("listitem");
  await expect(results.first()).toBeVisible();
  for (const title of await results.allTextContents()) {
    expect(title).toContain("iPhone 12");
    expect(title).not.toMatch(/iPhone 12 (mini|Pro)/);
  }
  const before = Number((await page.getByTestId("result-count").textContent())?.replace(/\D/g, ""));
  expect(before).toBeGreaterThan(0);
  expect(await seriousA11yProblems(page)).toEqual([]);

  // The filters open as a full-screen sheet; choosing a defect updates the count on its button.
  const sheet = page.getByTestId("filter-sheet");
  await sheet.locator("summary").click();
  const show = sheet.getByTestId("show-results");
  await expect(show).toBeInViewport();
  await expect(show).toHaveText(`${before}件を表示`);
  await sheet.getByRole("group", { name: "この不具合がある" }).getByLabel("画面割れ").check();
  await expect(show).not.toHaveText(`${before}件を表示`);
  const after = Number((await show.textContent())?.replace(/\D/g, ""));
  expect(after).toBeLessThan(before);
  expect(after).toBeGreaterThan(0);
  await journeyShot(page, "search-filter-sheet");
  await show.click();
  await expect(page.getByTestId("result-count")).toHaveText(`${after}件`);

  // A result: its page shows what this model in this condition sells for.
  await results.first().getByRole("link").first().click();
  await expect(page).toHaveURL(/\/ja\/items\/\d+\/$/);
  const market = page.getByTestId("market-price");
  await expect(market).toBeVisible();
  await expect(market.getByRole("heading", { name: "この機種・状態の相場" })).toBeVisible();
  await expect(page.getByTestId("market-median")).toHaveText(/^¥[\d,]+$/);
  await expect(page.getByTestId("market-count")).toHaveText(/過去90日の取引 \d+件/);
  await journeyShot(page, "search-market-price");
  expect(await seriousA11yProblems(page)).toEqual([]);
});

test("on a phone, 動作チェック済み in the filter sheet keeps only the self-checked listing, and its chip above the results takes it away", async ({
  page,
}) => {
  await logIn(page, "hanako@tsugu.example");
  // A word of this run's own, so a retry on the same server finds only its own listings.
  const stamp = String(Date.now());
  const checked = await listPhone(page, `クオッカ ${stamp} 本体のみ`, 21_000);
  await listPhone(page, `クオッカ ${stamp} 箱あり`, 22_000);
  await putSelfCheck(page, checked);

  await page.goto(`/ja/items/search/?keyword=${stamp}`);
  await page.waitForLoadState("networkidle");
  const results = page.getByRole("list", { name: "検索結果" }).getByRole("listitem");
  await expect(results).toHaveCount(2);
  // The self-checked listing's tile says so.
  await expect(results.filter({ has: page.getByTestId("self-checked") })).toHaveText(
    /本体のみ.*動作チェック済み/,
  );

  await journeyShot(page, "search-self-checked-tiles");
  const sheet = page.getByTestId("filter-sheet");
  await sheet.locator("summary").click();
  const show = sheet.getByTestId("show-results");
  await expect(show).toHaveText("2件を表示");
  const box = sheet.getByRole("checkbox", { name: /^動作チェック済み/ });
  await box.check();
  await expect(show).toHaveText("1件を表示");
  await journeyShot(page, "search-self-checked-sheet");
  await show.click();
  await expect(page).toHaveURL(/[?&]checked=1/);
  await expect(results).toHaveCount(1);
  await expect(results.first()).toContainText("本体のみ");
  await expect(page.getByTestId("result-count")).toHaveText("1件");
  const active = page.getByTestId("active-self-checked");
  await expect(active).toContainText("動作チェック済み");
  expect(await seriousA11yProblems(page)).toEqual([]);

  await active.getByRole("link", { name: "「動作チェック済み」の絞り込みを外す" }).click();
  await expect(page).not.toHaveURL(/checked=/);
  await expect(results).toHaveCount(2);
  await expect(active).toHaveCount(0);
  await sheet.locator("summary").click();
  await expect(box).not.toBeChecked();
});

test("the same in English: a wrong letter is put right, and an empty result offers a way out", async ({
  page,
}) => {
  await page.goto("/en/items/search/?keyword=iphne%2012");
  await expect(page.getByTestId("corrected-keyword")).toContainText("Showing results for “iphone 12”");
  await expect(page.getByTestId("result-count")).toHaveText(/^\d+ listings?$/);
  await page.goto("/en/items/search/?keyword=iPhone%2017");
  await expect(page.getByTestId("no-results")).toBeVisible();
  await expect(page.getByTestId("nearest-models").getByRole("link").first()).toHaveText("iPhone 16");
  expect(await seriousA11yProblems(page)).toEqual([]);
});

test("on a phone, the results load more by themselves twice as they are scrolled, then wait for もっと見る, so the footer can be reached", async ({
  page,
}) => {
  // An endless catalogue: every next page the list asks for is answered with more listings.
  let realCursor: string | null = null;
  let served = 0;
  await page.route("**/ja/items/search/results/?**", async (route) => {
    const url = new URL(route.request().url());
    realCursor ??= url.searchParams.get("cursor");
    url.searchParams.set("cursor", realCursor ?? "");
    const body = (await (await route.fetch({ url: url.toString() })).json()) as {
      items: { id: number }[];
    };
    served += 1;
    await route.fulfill({
      json: {
        items: body.items.map((item) => ({ ...item, id: item.id + served * 10_000_000 })),
        nextCursor: `endless-${served}`,
      },
    });
  });
  await page.goto("/ja/items/search/");
  const list = page.getByTestId("paged-list");
  await expect(list).toHaveAttribute("data-status", "idle");
  const toTheEnd = () => page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await toTheEnd();
  await expect.poll(() => served).toBe(1);
  await expect(list).toHaveAttribute("data-status", "loaded");
  await toTheEnd();
  await expect.poll(() => served).toBe(2);
  await expect(list).toHaveAttribute("data-status", "loaded");
  // Two pages came by scrolling: the end of the page stays where it is, with the legal notices.
  for (let i = 0; i < 3; i++) {
    await toTheEnd();
    await page.waitForTimeout(300);
  }
  expect(served).toBe(2);
  await expect(page.getByRole("link", { name: "特定商取引法に基づく表記" })).toBeInViewport();
  await page.getByRole("button", { name: "もっと見る" }).click();
  await expect.poll(() => served).toBe(3);
});
