import iconv from "iconv-lite";
import { expect, type Page, test } from "./fixtures.ts";
import { journeyShot, logIn, seriousA11yProblems } from "./helpers.ts";

const DESK = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

/** The buyer's tablets with a camera fault: a table of its own, which no other journey prices. */
const TABLE = "/ja/buyback/bids/?category=06&ng=camera";

async function downloaded(page: Page, link: string): Promise<string> {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: link }).click(),
  ]);
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  const bytes = Buffer.concat(chunks);
  return link.includes("Shift_JIS") ? iconv.decode(bytes, "Shift_JIS") : bytes.toString("utf8");
}

test("a buyer at a desk fills bids from recommended prices, fills a column at once, uploads a CSV with one bad row and downloads it again", async ({
  page,
}) => {
  await page.setViewportSize(DESK);
  await logIn(page, "buyer@tsugu.example");
  await page.goto(TABLE);
  await expect(page.getByRole("heading", { level: 1, name: "入札価格一覧" })).toBeVisible();
  const rows = page.locator('[data-testid^="bid-row-"]');
  await expect(rows).toHaveCount(5);
  const ids = await rows.evaluateAll((els) => els.map((e) => e.getAttribute("data-testid")!.slice(8)));
  const [first, second] = ids as [string, string];
  const price = (model: string, grade: string) => page.locator(`input[name="price.${model}.${grade}"]`);
  const check = (model: string, grade: string) => page.locator(`input[name="on.${model}.${grade}"]`);

  // The scrolling table is a labelled region reached by keyboard; its header row stays at the top.
  const region = page.getByRole("region", { name: "パソコン・タブレット・カメラ不良の入札価格" });
  await expect(region).toHaveAttribute("tabindex", "0");
  await expect(page.locator("thead th").first()).toHaveCSS("position", "sticky");
  await expect(page.locator("tbody th").first()).toHaveCSS("position", "sticky");
  // Every saved cell says what it is in words.
  await expect(page.getByTestId(`bid-row-${first}`)).toContainText("受付中");
  expect(await seriousA11yProblems(page)).toEqual([]);

  // Recommended prices from the demo's market: B, C and J of every tablet (a camera fault is never S or A).
  await page.getByRole("button", { name: "おすすめ価格" }).click();
  const dialog = page.getByRole("dialog", { name: "おすすめ価格" });
  await dialog.getByRole("button", { name: "置き換える" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("bids-notice")).toContainText(
    "強気のおすすめ価格を15マスに入力しました（データ不足 10マス）",
  );
  await expect(check(first, "B")).toBeChecked();
  await expect(price(first, "B")).not.toHaveValue("");
  // Each filled cell says the window and the sample it stands on.
  await expect(page.getByTestId(`bid-row-${first}`)).toContainText(/直近90日・\d+件から/);
  await expect(page.getByTestId(`bid-row-${first}`)).toContainText("データ不足");

  // One price for the whole J column: the grade, the price, Enter (3 steps, 6 keys typed).
  await page.getByLabel("入力する範囲").selectOption({ label: "J（ジャンク）：表のすべての機種" });
  await page.getByLabel("まとめて入力する金額（円）").fill("3000");
  await page.getByLabel("まとめて入力する金額（円）").press("Enter");
  await expect(page.getByTestId("bids-notice")).toContainText("5マスに3,000円を入力し");
  for (const id of ids) {
    await expect(price(id, "J")).toHaveValue("3000");
    await expect(check(id, "J")).toBeChecked();
  }
  // Bearish recommended prices for one model's row only: its J goes back to the data, the others keep 3,000.
  await page.getByLabel("入力する範囲").selectOption(`row:${first}`);
  await page.getByLabel("入力する値").selectOption({ label: "おすすめ価格（弱気）" });
  await page.getByTestId("fill-apply").click();
  await expect(page.getByTestId("bids-notice")).toContainText(
    "弱気のおすすめ価格を3マスに入力しました（データ不足 2マス）",
  );
  await expect(price(first, "J")).not.toHaveValue("3000");
  await expect(price(second, "J")).toHaveValue("3000");
  await page.getByTestId("save-bids").first().click();
  await expect(page.getByTestId("bids-saved")).toContainText("確定しました");
  await expect(price(second, "J")).toHaveValue("3000");

  // A spreadsheet's edit: a good line, and a line with C checked but no price (§5).
  const csv = await downloaded(page, "CSVをダウンロード（Excel用・Shift_JIS）");
  const lines = csv.split("\r\n");
  expect(lines[0]).toBe(
    "機種ID,機種,状態（NG条件）,S 金額,S チェック,A 金額,A チェック,B 金額,B チェック,C 金額,C チェック,J 金額,J チェック,上限台数,有効期限",
  );
  expect(lines.filter((l) => l !== "")).toHaveLength(6);
  const cells = (id: string) => lines.find((l) => l.startsWith(`${id},`))!.split(",");
  const good = cells(first);
  good.splice(7, 2, "22222", "1");
  const bad = cells(second);
  bad.splice(9, 2, "", "1");
  const upload = iconv.encode(`${[lines[0], good.join(","), bad.join(",")].join("\r\n")}\r\n`, "Shift_JIS");
  await page
    .getByLabel("CSVファイル")
    .setInputFiles({ name: "bids.csv", mimeType: "text/csv", buffer: upload });
  await page.getByTestId("upload-csv").click();
  await expect(page.getByTestId("csv-result")).toContainText("1行を保存しました");
  await expect(page.getByTestId("csv-result")).toContainText("Shift_JIS");
  await expect(page.getByTestId("csv-line-3")).toHaveText(
    "3行目　C チェック：金額を入力してからチェックしてください",
  );
  await expect(page.getByTestId("csv-rejected")).not.toContainText("2行目");
  // The good line is saved and in the table; the bad one changed nothing.
  await expect(price(first, "B")).toHaveValue("22222");
  await expect(check(second, "C")).toBeChecked();
  expect(await seriousA11yProblems(page)).toEqual([]);
  await journeyShot(page, "buyback-bids-desk");

  // Downloaded again (UTF-8 this time): the saved prices are in the file.
  const again = (await downloaded(page, "CSVをダウンロード（UTF-8）")).replace(/^\ufeff/, "");
  const line = again.split("\r\n").find((l) => l.startsWith(`${first},`))!;
  expect(line.split(",").slice(7, 9)).toEqual(["22222", "1"]);
  expect(
    again
      .split("\r\n")
      .find((l) => l.startsWith(`${second},`))!
      .split(",")
      .slice(11, 13),
  ).toEqual(["3000", "1"]);
});

test("the buyer portal's pages have no serious accessibility problem at a desk and on a phone", async ({
  page,
}) => {
  await logIn(page, "buyer@tsugu.example");
  for (const size of [DESK, PHONE]) {
    await page.setViewportSize(size);
    for (const path of [TABLE, "/ja/buyback/deliveries/", "/ja/buyback/products/"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await seriousA11yProblems(page), `${path} at ${size.width}px`).toEqual([]);
    }
  }
});
