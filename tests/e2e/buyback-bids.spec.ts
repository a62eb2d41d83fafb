import { expect, test } from "./fixtures.ts";
import { journeyShot, logIn, seriousA11yProblems } from "./helpers.ts";

// The market the journey prices (tests/helpers/bid-market.ts `seedBidMarket`): the buyer bids
// S ¥52,000 and A ¥45,000 (B ¥38,000 unchecked); devices sold in the last 90 days at S 50,000…58,000
// (five) and A 40,000…48,000 + 50,000 (six); another company bids A ¥46,000 and B ¥37,000.
test("a buyer fills the bid list with bullish recommended prices after the warning, meets the §5 rule, and confirms", async ({
  page,
}) => {
  await logIn(page, "buyer@tsugu.example");
  await page.goto("/ja/buyback/bids/");
  await expect(page.getByRole("heading", { level: 1, name: "入札価格一覧" })).toBeVisible();
  expect(await seriousA11yProblems(page)).toEqual([]);

  // One model of the list, chosen with the item selector.
  await page.getByLabel("機種", { exact: true }).selectOption({ label: "TORQUE G06" });
  await expect(page).toHaveURL(/[?&]model=\d+/);
  // The table of that model alone is on screen (and the page's scripts are running).
  const form = page.getByTestId("bid-form");
  await expect(form).toHaveAttribute("data-model", /^\d+$/);
  const modelId = await form.getAttribute("data-model");
  await expect(page.locator('[data-testid^="bid-row-"]')).toHaveCount(1);
  await expect(page.getByTestId(`bid-row-${modelId}`)).toContainText("TORQUE G06");
  const price = (grade: string) => page.locator(`input[name="price.${modelId}.${grade}"]`);
  const check = (grade: string) => page.locator(`input[name="on.${modelId}.${grade}"]`);
  await expect(price("S")).toHaveValue("52000");
  await expect(price("A")).toHaveValue("45000");

  // Cancel closes the dialog and changes nothing.
  await page.getByRole("button", { name: "おすすめ価格" }).click();
  const dialog = page.getByRole("dialog", { name: "おすすめ価格" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "キャンセル" }).click();
  await expect(dialog).toBeHidden();
  await expect(price("S")).toHaveValue("52000");

  // Bullish, after the warning that everything typed is replaced.
  await page.getByRole("button", { name: "おすすめ価格" }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("radio", { name: /強気/ })).toBeChecked();
  await expect(dialog.getByTestId("recommend-warning")).toContainText(
    "表に入力中の内容は、おすすめ価格ですべて置き換わります",
  );
  expect(await seriousA11yProblems(page)).toEqual([]);
  await dialog.getByRole("button", { name: "置き換える" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("bids-notice")).toContainText("強気のおすすめ価格を2マスに入力しました");
  // S: the 75th percentile of 50,000…58,000 (56,000) beats the best bid; A: 48,000 beats 46,000.
  await expect(price("S")).toHaveValue("56000");
  await expect(price("A")).toHaveValue("48000");
  await expect(check("S")).toBeChecked();
  await expect(check("A")).toBeChecked();
  // B has three points: not enough data, left as it was.
  await expect(price("B")).toHaveValue("38000");
  await expect(check("B")).not.toBeChecked();
  await expect(page.getByTestId(`bid-row-${modelId}`)).toContainText("データ不足");
  await expect(page.getByTestId("unsaved").first()).toBeVisible();

  // §5: a checked cell needs a price (J has no bid yet), and the list cannot be confirmed until it has one.
  await check("J").check();
  const rule = page.getByTestId(`error-on.${modelId}.J`);
  await expect(rule).toHaveText("金額を入力してからチェックしてください");
  await page.getByTestId("save-bids").first().click();
  await expect(page.getByTestId("bids-saved")).toHaveCount(0);
  await price("J").fill("20000");
  await price("J").blur();
  await expect(rule).toHaveCount(0);

  await page.getByTestId("save-bids").first().click();
  await expect(page.getByTestId("bids-saved")).toContainText("確定しました");
  await journeyShot(page, "buyback-bids");

  // What was confirmed is what the list shows from now on.
  await page.reload();
  await expect(price("S")).toHaveValue("56000");
  await expect(price("A")).toHaveValue("48000");
  await expect(price("J")).toHaveValue("20000");
  await expect(check("J")).toBeChecked();
  await expect(page.getByTestId("unsaved")).toHaveCount(0);
});
