import { expect, type Page, test } from "./fixtures.ts";
import { journeyShot, listPhone, logIn, putSelfCheck, seriousA11yProblems } from "./helpers.ts";

const DESK = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

const focusedHref = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute("href") ?? null);

/**
 * A keyboard from page load to the first result, pressing only Tab: how many presses until the first
 * result's link has focus, and how many until the skip link to the filters had it on the way.
 */
async function tabsToFirstResult(page: Page): Promise<{ total: number; toFilterLink: number }> {
  const first = page
    .getByRole("list", { name: /検索結果|Search results/ })
    .getByRole("link")
    .first();
  await expect(first).toBeVisible();
  const href = await first.getAttribute("href");
  let toFilterLink = 0;
  for (let presses = 1; presses <= 100; presses++) {
    await page.keyboard.press("Tab");
    const focused = await focusedHref(page);
    if (focused === "#search-filters" && !toFilterLink) toFilterLink = presses;
    if (focused === href) return { total: presses, toFilterLink };
  }
  return { total: Number.POSITIVE_INFINITY, toFilterLink };
}

test.describe("at a 1366 × 900 desk", () => {
  test.use({ viewport: DESK, isMobile: false, hasTouch: false });

  test("keyboard only: the first search result is reached in 15 Tab presses or fewer, the filters one skip link away", async ({
    page,
  }) => {
    await page.goto("/ja/items/search/?keyword=iphone");
    const visitor = await tabsToFirstResult(page);
    console.log(`Tab presses to the first result, signed out: ${JSON.stringify(visitor)}`);
    expect(visitor.total).toBeLessThanOrEqual(15);
    expect(visitor.toFilterLink).toBeGreaterThan(0);

    // The skip link shows when it has focus, and Enter on it goes to the filters: the next Tab is in them.
    await page.reload();
    const toFilters = page.getByRole("link", { name: "絞り込み条件へ移動" });
    for (let presses = 0; presses < visitor.toFilterLink; presses++) await page.keyboard.press("Tab");
    await expect(toFilters).toBeFocused();
    await expect(toFilters).toBeInViewport();
    await page.keyboard.press("Enter");
    await expect(page.locator("#search-filters")).toBeFocused();
    // At the head of the filters: the link that drops them all, then the first filter.
    await page.keyboard.press("Tab");
    await expect(page.getByTestId("filter-sheet").getByRole("link", { name: "条件をクリア" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(
      page.getByTestId("filter-sheet").getByRole("combobox", { name: "カテゴリー" }),
    ).toBeFocused();

    // The filters are a sidebar that scrolls with the page: nothing in it is cut off by a box of its own.
    const sheet = page.getByTestId("filter-sheet");
    await expect(sheet.getByRole("heading", { name: "絞り込み" })).toBeVisible();
    const battery = sheet.getByLabel("バッテリー最大容量（以上）");
    const inner = await battery.evaluate((el) => {
      for (let e = el.parentElement; e; e = e.parentElement) {
        const style = getComputedStyle(e);
        if (/(auto|scroll)/.test(style.overflowY) && e.scrollHeight > e.clientHeight) return true;
      }
      return false;
    });
    expect(inner).toBe(false);
    await battery.scrollIntoViewIfNeeded();
    await expect(battery).toBeInViewport();
    await expect(sheet.getByTestId("show-results")).toBeInViewport();
    await page.evaluate(() => window.scrollTo(0, 0));
    await journeyShot(page, "desk-search");
    expect(await seriousA11yProblems(page)).toEqual([]);

    // A member's header has more in it; the first result is still within reach.
    await logIn(page, "hanako@tsugu.example");
    // Typed as people do, in full-width letters and digits.
    await page.goto(`/ja/items/search/?${new URLSearchParams({ keyword: "ｉＰｈｏｎｅ　１３" })}`);
    const member = await tabsToFirstResult(page);
    console.log(`Tab presses to the first result, signed in, typed in full width: ${JSON.stringify(member)}`);
    expect(member.total).toBeLessThanOrEqual(15);
    await page.goto("/ja/items/search/?keyword=iphone");
    const memberPlain = await tabsToFirstResult(page);
    console.log(`Tab presses to the first result, signed in: ${JSON.stringify(memberPlain)}`);
    expect(memberPlain.total).toBeLessThanOrEqual(15);
    // A member's saved searches do not stand between the keyboard and the results.
    await page.getByRole("button", { name: "この検索条件を保存" }).click();
    await expect(page.getByText("検索条件を保存しました")).toBeVisible();
    // They are listed on the search page with no condition, after the results.
    await page.goto("/ja/items/search/");
    await expect(page.getByRole("heading", { name: "保存した検索条件" })).toBeVisible();
    const withSaved = await tabsToFirstResult(page);
    expect(withSaved.total).toBeLessThanOrEqual(15);
    // Hanako's alerts stay as the other journeys expect them.
    const savedList = page.locator("section", {
      has: page.getByRole("heading", { name: "保存した検索条件" }),
    });
    await savedList.getByRole("button", { name: "削除" }).click();
    await expect(page.getByRole("heading", { name: "保存した検索条件" })).toHaveCount(0);
  });

  test("filtering by model (the list follows the brand) and by who pays the postage, in the URL", async ({
    page,
  }) => {
    await page.goto("/ja/items/search/");
    // The list follows the brand once the page's scripts run.
    await page.waitForLoadState("networkidle");
    const sheet = page.getByTestId("filter-sheet");
    const model = sheet.getByLabel("機種");
    await expect(model.getByRole("option")).toHaveCount(1);
    await sheet.getByLabel("ブランド").selectOption({ label: "Apple" });
    await expect(model.getByRole("option", { name: "iPhone 13", exact: true })).toHaveCount(1);
    await model.selectOption({ label: "iPhone 13" });
    await sheet.getByRole("group", { name: "配送料" }).getByLabel("送料込み").check();
    await sheet.getByTestId("show-results").click();
    await expect(page).toHaveURL(/[?&]model=\d+/);
    await expect(page).toHaveURL(/[?&]postage=INCLUDED/);
    const results = page.getByRole("list", { name: "検索結果" }).getByRole("listitem");
    await expect(results.first()).toBeVisible();
    // The list before the filters may still be on screen while the filtered one loads: wait for it to go.
    await expect(results.filter({ hasNotText: /iPhone ?13/i })).toHaveCount(0);
    await expect(results.first()).toBeVisible();
    // The filters stay as chosen; another brand empties the model list's choice.
    await expect(model).toHaveValue(/\d+/);
    await expect(sheet.getByRole("group", { name: "配送料" }).getByLabel("送料込み")).toBeChecked();
    await results.first().getByRole("link").first().click();
    await expect(page.getByText("送料込み（出品者負担）").first()).toBeVisible();
    await page.goBack();
    await sheet.getByLabel("ブランド").selectOption({ label: "Google" });
    await expect(model.getByRole("option", { name: "iPhone 13", exact: true })).toHaveCount(0);
    await expect(model).toHaveValue("");

    // The same search through the API.
    const api = await page.request.get(`/api/v1/items?${new URL(page.url()).searchParams}`);
    expect(api.status()).toBe(200);
  });

  test("in English, Self-checked in the sidebar keeps only the listing with a report in date, in the URL and the API", async ({
    page,
  }) => {
    await logIn(page, "taro@tsugu.example");
    const stamp = String(Date.now());
    const checked = await listPhone(page, `Wombat ${stamp} boxed`, 31_000);
    await listPhone(page, `Wombat ${stamp} bare`, 32_000);
    await putSelfCheck(page, checked);

    await page.goto(`/en/items/search/?keyword=${stamp}`);
    await page.waitForLoadState("networkidle");
    const results = page.getByRole("list", { name: "Search results" }).getByRole("listitem");
    await expect(results).toHaveCount(2);
    await expect(results.filter({ hasText: "boxed" }).getByTestId("self-checked")).toHaveText(/Self-checked/);
    await expect(results.filter({ hasText: "bare" }).getByTestId("self-checked")).toHaveCount(0);
    const sheet = page.getByTestId("filter-sheet");
    const box = sheet.getByRole("checkbox", { name: /^Self-checked/ });
    await expect(box).toBeVisible();
    await box.check();
    await expect(sheet.getByTestId("show-results")).toHaveText("Show 1 listing");
    await sheet.getByTestId("show-results").click();
    await expect(page).toHaveURL(/[?&]checked=1/);
    await expect(results).toHaveCount(1);
    await expect(results.first()).toContainText("boxed");
    await expect(page.getByTestId("active-self-checked")).toContainText("Self-checked");
    await expect(box).toBeChecked();
    await journeyShot(page, "search-self-checked-desk");
    expect(await seriousA11yProblems(page)).toEqual([]);

    // The same through the API; a value it cannot read is refused.
    const api = await page.request.get(`/api/v1/items?${new URL(page.url()).searchParams}`);
    const body = (await api.json()) as { items: { id: number; checked: boolean }[] };
    expect(body.items.map((i) => [i.id, i.checked])).toEqual([[checked, true]]);
    expect((await page.request.get("/api/v1/items?checked=yes")).status()).toBe(422);

    // Unticked, both again.
    await box.uncheck();
    await sheet.getByTestId("show-results").click();
    await expect(page).not.toHaveURL(/checked=/);
    await expect(results).toHaveCount(2);
  });
});

test.describe("at a desk without scripts", () => {
  test.use({ viewport: DESK, isMobile: false, hasTouch: false, javaScriptEnabled: false });

  test("the model filter works as a plain form: a brand, a search, then its models", async ({ page }) => {
    await page.goto("/ja/items/search/");
    const sheet = page.getByTestId("filter-sheet");
    // Without scripts the sidebar opens from its button.
    await sheet.locator("summary").click();
    await expect(sheet.getByText("ブランドを選んで検索すると、そのブランドの機種から選べます")).toBeVisible();
    await sheet.getByLabel("ブランド").selectOption({ label: "Apple" });
    await sheet.getByRole("group", { name: "配送料" }).getByLabel("着払い").check();
    await sheet.getByTestId("show-results").click();
    await expect(page).toHaveURL(/brand=00001/);
    await page.getByTestId("filter-sheet").locator("summary").click();
    await page.getByTestId("filter-sheet").getByLabel("機種").selectOption({ label: "iPhone 13" });
    await page.getByTestId("show-results").click();
    await expect(page).toHaveURL(/[?&]model=\d+/);
    await expect(page).toHaveURL(/[?&]postage=ARRIVAL/);
    await expect(page.getByTestId("chosen-model")).toContainText("iPhone 13");
  });
});

test("a member saves a search, sees it on マイページ with its new listings, changes its alert, opens it and deletes it", async ({
  page,
  browser,
}) => {
  await page.setViewportSize(DESK);
  await logIn(page, "taro@tsugu.example");
  // Nothing saved yet: the page says how to save one.
  await page.goto("/ja/mypage/");
  await page.getByRole("link", { name: "保存した検索条件" }).click();
  await expect(page).toHaveURL(/\/ja\/mypage\/saved-searches\/$/);
  await expect(page.getByRole("heading", { level: 1, name: "保存した検索条件" })).toBeVisible();
  await expect(page.getByTestId("empty-state")).toContainText("「この検索条件を保存」");
  expect(await seriousA11yProblems(page)).toEqual([]);

  await page.goto(
    "/ja/items/search/?keyword=%EF%BD%89%EF%BD%90%EF%BD%88%EF%BD%8F%EF%BD%8E%EF%BD%85&postage=INCLUDED&brand=00001",
  );
  await page.getByRole("button", { name: "この検索条件を保存" }).click();
  await expect(page.getByText("検索条件を保存しました")).toBeVisible();

  await page.goto("/ja/mypage/saved-searches/");
  const saved = page.getByTestId("saved-search");
  await expect(saved).toHaveCount(1);
  await expect(saved.getByRole("heading")).toHaveText(
    "「ｉｐｈｏｎｅ」 ・ ブランド：Apple ・ 配送料：送料込み",
  );
  // Saved just now: the listings already on sale are not new.
  await expect(saved.getByTestId("saved-search-new")).toHaveText("新着はありません");
  // Another member lists an iPhone with the postage included: one new listing.
  const seller = await browser.newPage();
  await logIn(seller, "hanako@tsugu.example");
  await listPhone(seller, "iPhone 12 64GB ブルー 送料込み", 15_000);
  await seller.close();
  await page.reload();
  await expect(saved.getByTestId("saved-search-new")).toHaveText("前回見てから1件の新着");
  const alert = saved.getByLabel("お知らせ");
  await expect(alert).toHaveValue("app");
  await alert.selectOption({ label: "メール" });
  await saved.getByRole("button", { name: "お知らせを変更" }).click();
  await expect(page.getByText("お知らせの方法を変更しました")).toBeVisible();
  await expect(page.getByTestId("saved-search").getByLabel("お知らせ")).toHaveValue("mail");
  await journeyShot(page, "saved-searches-desk");
  expect(await seriousA11yProblems(page)).toEqual([]);
  await page.setViewportSize(PHONE);
  expect(await seriousA11yProblems(page)).toEqual([]);
  await journeyShot(page, "saved-searches-phone");
  await page.setViewportSize(DESK);

  // Opening it runs the search, the new listing first; once seen, nothing is new.
  await page.getByRole("link", { name: "この条件で探す" }).click();
  await expect(page).toHaveURL(/\/ja\/items\/search\/\?.*postage=INCLUDED/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("「ｉｐｈｏｎｅ」の検索結果");
  await expect(page.getByRole("list", { name: "検索結果" }).getByRole("listitem").first()).toBeVisible();

  await page.goto("/ja/mypage/saved-searches/");
  await expect(page.getByTestId("saved-search-new")).toHaveText("新着はありません");
  await page.getByRole("button", { name: /^検索条件「.*」を削除$/ }).click();
  await expect(page.getByText("検索条件を削除しました")).toBeVisible();
  await expect(page.getByTestId("empty-state")).toBeVisible();
});

test("in English on a phone, the search page and the saved searches page read well and pass axe", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto("/en/items/search/?keyword=iPhone%2013&postage=ARRIVAL");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Results for “iPhone 13”");
  expect(await seriousA11yProblems(page)).toEqual([]);
  await journeyShot(page, "search-phone-en");
  await page.getByTestId("filter-sheet").locator("summary").click();
  await expect(page.getByRole("group", { name: "Postage" }).getByLabel("Paid on delivery")).toBeChecked();
  expect(await seriousA11yProblems(page)).toEqual([]);
  await logIn(page, "hanako@tsugu.example");
  await page.goto("/en/mypage/saved-searches/");
  await expect(page.getByRole("heading", { level: 1, name: "Saved searches" })).toBeVisible();
  expect(await seriousA11yProblems(page)).toEqual([]);
});
