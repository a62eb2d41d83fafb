import { expect, type Page, test } from "./fixtures.ts";
import { journeyShot, logIn, seriousA11yProblems } from "./helpers.ts";

async function open(page: Page, path: string) {
  const res = await page.goto(path);
  expect(res?.status(), path).toBe(200);
  expect(await seriousA11yProblems(page), path).toEqual([]);
}

/** The first priced model of the smartphone category, or null when nobody bids yet. */
async function pricedModelPath(page: Page, lang: string): Promise<string | null> {
  await page.goto(`/${lang}/buyback/items/05/`);
  const priced = page.getByTestId("priced-models").getByRole("link");
  return (await priced.count()) > 0 ? await priced.first().getAttribute("href") : null;
}

test("the public buyback pages, in Japanese and English, with no serious accessibility problems", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const lang of ["ja", "en"]) {
    for (const path of ["", "items/", "items/05/", "results/", "shop/", "spots/"]) {
      await open(page, `/${lang}/buyback/${path}`);
    }
    // A model page: a priced one when buyers have bid, else one that says it has no price.
    const priced = await pricedModelPath(page, lang);
    const model =
      priced ?? (await page.getByTestId("unpriced-models").getByRole("link").first().getAttribute("href"));
    await open(page, model!);
    if (priced) {
      await expect(page.getByTestId("top-price")).toContainText(/¥[\d,]+/);
    } else {
      await expect(page.getByTestId("no-price")).toBeVisible();
    }
    // A completed buyback's page, when there is one.
    await page.goto(`/${lang}/buyback/results/`);
    const result = page.getByTestId("results").getByRole("link");
    if ((await result.count()) > 0) await open(page, (await result.first().getAttribute("href"))!);
  }
  await page.goto("/ja/buyback/spots/");
  await expect(page.getByTestId("spot").first()).toBeVisible();
  await journeyShot(page, "buyback-spots");
});

test("a visitor checks a price in the quote box and reads the model's page", async ({ page }) => {
  await page.goto("/ja/buyback/");
  await expect(page.getByRole("heading", { name: "Tsugu 買取", level: 1 })).toBeVisible();
  const nothing = page.getByTestId("quote-nothing");
  if ((await nothing.count()) > 0) {
    // No bids in this database: the box says so instead of showing a price.
    await expect(nothing).toContainText("いま買取価格のある機種はありません");
    return;
  }
  const quote = page.getByTestId("quote-form");
  await quote.getByLabel("カテゴリ").selectOption("05");
  await expect(page).toHaveURL(/category=05/);
  const model = quote.getByLabel("機種");
  await expect(model).toBeEnabled();
  const first = await model.locator("option").nth(1).getAttribute("value");
  await model.selectOption(first!);
  const result = page.getByTestId("quote-result");
  await expect(result).toBeVisible();
  await journeyShot(page, "buyback-quote");
  await result.getByRole("link", { name: "不具合がある場合の価格・詳細を見る" }).click();
  await expect(page).toHaveURL(new RegExp(`/ja/buyback/items/\\d\\d/${first}/$`));
  await expect(page.getByTestId("top-price")).toContainText("最大買取価格");
  await page.getByTestId("prices-screen").locator("summary").click();
  await expect(page.getByTestId("prices-screen").getByTestId("price-J")).toBeVisible();
  await journeyShot(page, "buyback-model");
});

test("a visitor's home quotes a model in a condition and leads to the application with both filled in", async ({
  page,
}) => {
  await page.goto("/ja/");
  const quote = page.getByTestId("home-quote");
  await expect(quote.getByRole("heading", { name: "スマホの買取価格をいますぐチェック" })).toBeVisible();
  // The text box narrows the model list as one types.
  await quote.getByLabel("機種名で絞り込む").fill("iphone 13");
  const model = quote.getByLabel("機種", { exact: true });
  await expect(model.locator("option").nth(1)).toHaveText(/^iPhone 13/);
  await model.selectOption({ index: 1 });
  const chosen = await model.inputValue();
  await quote.getByLabel("端末の状態").selectOption("used");
  // Updated in place: the address carries the choice, the page did not scroll away.
  await expect(page).toHaveURL(new RegExp(`[?&]model=${chosen}&condition=used`));
  const result = page.getByTestId("quote-result");
  await expect(result).toContainText("（小さな傷や擦れがある）の買取価格の目安");
  await expect(result.getByTestId("quote-range").or(result.getByTestId("quote-none"))).toBeVisible();
  expect(await seriousA11yProblems(page)).toEqual([]);
  await journeyShot(page, "home-quote-phone");
  await page.setViewportSize({ width: 1366, height: 900 });
  await journeyShot(page, "home-quote-desktop");
  await result.getByRole("link", { name: "この内容で買取を申し込む" }).click();
  // A visitor signs in first, and comes back to the application with the choice.
  await expect(page).toHaveURL(/\/ja\/login\/\?redirect=/);
  expect(decodeURIComponent(page.url())).toContain(`/ja/buyback/application/?model=${chosen}&condition=used`);
});

test("an operator adds a drop-off spot, fixes a mistake, and closes it again", async ({ page }) => {
  await logIn(page, "staff@tsugu.example");
  await open(page, "/ja/staff/buyback/spots/");
  const form = page.getByTestId("spot-form");
  await form.getByLabel("拠点名").fill("Tsugu 買取カウンター 横浜");
  await form.getByLabel("郵便番号").fill("22-0005");
  await form.getByLabel("都道府県").selectOption("14");
  await form.getByLabel("住所（市区町村以降）").fill("横浜市西区南幸2-1-1 ヨコハマビル3F");
  await form.getByLabel("営業時間").fill("10:00〜19:00");
  await form.getByLabel("電話番号").fill("045-123-4567");
  await form.getByRole("button", { name: "追加する" }).click();
  await expect(page.getByTestId("error-postalCode")).toHaveText("7桁の数字で入力してください");
  await expect(form.getByLabel("住所（市区町村以降）")).toHaveValue("横浜市西区南幸2-1-1 ヨコハマビル3F");
  await form.getByLabel("郵便番号").fill("220-0005");
  await form.getByRole("button", { name: "追加する" }).click();
  await expect(page.getByText("拠点を保存しました")).toBeVisible();
  await journeyShot(page, "staff-buyback-spots");

  await page.goto("/ja/buyback/spots/");
  const yokohama = page.getByTestId("prefecture-14");
  await expect(yokohama).toContainText("〒220-0005");
  await expect(yokohama).toContainText("神奈川県横浜市西区南幸2-1-1");

  await page.goto("/ja/staff/buyback/spots/");
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "非公開にする: Tsugu 買取カウンター 横浜" }).click();
  await expect(page.getByText("拠点を非公開にしました")).toBeVisible();
  await page.goto("/ja/buyback/spots/");
  await expect(page.getByTestId("prefecture-14")).toHaveCount(0);
});
