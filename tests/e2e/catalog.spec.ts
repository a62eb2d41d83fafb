import sharp from "sharp";
import { expect, type Page, test } from "./fixtures.ts";
import { journeyShot, logIn, ownOrigin } from "./helpers.ts";

async function logOut(page: Page) {
  await page.goto("/ja/mypage/");
  await page.getByRole("button", { name: "ログアウト" }).click();
  await expect(page).toHaveURL(/\/ja\/$/);
}

const photo = async (color: string) => ({
  name: `${color}.jpg`,
  mimeType: "image/jpeg",
  buffer: await sharp({ create: { width: 600, height: 800, channels: 3, background: color } })
    .jpeg()
    .toBuffer(),
});

test("a member lists a broken phone, buyers find it by keyword and defect, like and comment; a blocked member is refused", async ({
  page,
}) => {
  const token = `QA${Date.now() % 100000}`;
  const title = `Xperia 10 V 充電口不良 ${token}`;

  // List an item with photos and device facts.
  await logIn(page, "hanako@tsugu.example");
  await page.getByRole("navigation", { name: "メインメニュー" }).getByRole("link", { name: "出品" }).click();
  await expect(page).toHaveURL(/\/ja\/sell\/$/);
  await page.getByLabel("出品画像（最大10枚）").setInputFiles([await photo("#2d6cdf"), await photo("#d33")]);
  await page.getByLabel("商品名", { exact: true }).fill(title);
  await page
    .getByLabel("商品の説明")
    .fill("充電口が接触不良で、角度によって充電できません。画面はきれいです。");
  await page.getByLabel("カテゴリー").selectOption({ label: "スマートフォン" });
  await page.getByLabel("商品の状態").selectOption({ label: "故障あり" });
  await page.getByLabel("ブランド").selectOption({ label: "ソニー" });
  await page.getByLabel("機種").selectOption({ label: "Xperia 10 V" });
  await page.getByLabel("容量", { exact: true }).selectOption({ label: "128GB" });
  await page.getByLabel("キャリア").selectOption({ label: "docomo" });
  await page.getByLabel("ネットワーク利用制限").selectOption({ label: "○（制限なし）" });
  await page.getByLabel("バッテリー最大容量").fill("81");
  await page.getByRole("checkbox", { name: "充電口の不具合" }).check();
  await page.getByLabel("配送料の負担").selectOption({ label: "送料込み（出品者負担）" });
  await page.getByLabel("配送の方法").selectOption({ label: "宅急便" });
  await page.getByLabel("発送までの日数").selectOption({ label: "1〜2日で発送" });
  await page.getByLabel("販売価格").fill("40");
  await page.getByRole("button", { name: "出品する" }).click();
  await expect(page.getByTestId("error-price")).toHaveText("販売価格は50以上で入力してください");
  await expect(page.getByLabel("商品名", { exact: true })).toHaveValue(title);
  // The photos chosen stay with the form: nothing to choose again.
  await expect(page.getByTestId("photo-item")).toHaveCount(2);
  await page.getByLabel("販売価格").fill("4800");
  await expect(page.getByTestId("proceeds")).toHaveText("¥4,560");
  await page.getByRole("button", { name: "出品する" }).click();
  await expect(page).toHaveURL(/\/ja\/items\/\d+\/$/);
  const itemUrl = new URL(page.url()).pathname;
  await expect(page.getByTestId("toast").filter({ hasText: "出品しました" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.getByTestId("gallery").getByRole("img")).toHaveCount(2);
  await expect(page.getByTestId("item-facts")).toContainText("Xperia 10 V");
  await expect(page.getByTestId("item-defects")).toHaveText("充電口の不具合");
  await journeyShot(page, "item-page");
  await logOut(page);

  // A buyer finds it by a 2-character Japanese keyword, and by the defect filter.
  await logIn(page, "taro@tsugu.example");
  await page.goto(`/ja/items/search/?keyword=${encodeURIComponent("充電")}`);
  await expect(
    page.getByRole("list", { name: "検索結果" }).getByRole("link", { name: new RegExp(token) }),
  ).toBeVisible();
  await page.goto(`/ja/items/search/?keyword=${token}`);
  const filters = page.getByTestId("filter-sheet");
  await filters.locator("summary").click();
  await filters
    .getByRole("group", { name: "この不具合がある" })
    .getByRole("checkbox", { name: "充電口の不具合" })
    .check();
  await filters.getByTestId("show-results").click();
  await expect(page).toHaveURL(/defects=charging_port_faulty/);
  await expect(page.getByTestId("item-tile")).toHaveCount(1);
  await journeyShot(page, "search");
  await page.goto(`/ja/items/search/?keyword=${token}&no_defects=charging_port_faulty`);
  await expect(page.getByText("条件に合う商品が見つかりませんでした")).toBeVisible();

  // Likes it and asks a question.
  await page.goto(itemUrl);
  await expect(page.getByTestId("like-count")).toHaveText("0");
  await page.getByTestId("like-button").click();
  await expect(page.getByTestId("like-count")).toHaveText("1");
  await expect(page.getByTestId("like-button")).toHaveAttribute("aria-pressed", "true");
  await page.getByLabel("商品について質問する").fill("充電ケーブルは付属しますか？");
  await page.getByRole("button", { name: "コメントする" }).click();
  await expect(page).toHaveURL(/\/comments\/$/);
  await expect(page.getByTestId("comment-list")).toContainText("充電ケーブルは付属しますか？");
  // The listing is among the recently viewed ones on the home page.
  await page.goto("/ja/");
  await expect(
    page.getByRole("region", { name: "最近見た商品" }).getByRole("link", { name: new RegExp(token) }),
  ).toBeVisible();
  await logOut(page);

  // The seller blocks the buyer; the buyer can no longer like or comment.
  await logIn(page, "hanako@tsugu.example");
  const taro = await (await page.request.get(`/api/v1/items?keyword=${token}`)).json();
  expect(taro.items).toHaveLength(1);
  const comments = await (await page.request.get(`/api/v1/items/${taro.items[0].id}/comments`)).json();
  const taroId = comments.items[0].author_id ?? comments.items[0].authorId;
  const block = await page.request.put(`/api/v1/users/${taroId}/block`, { headers: ownOrigin(page) });
  expect(block.status()).toBe(204);
  await logOut(page);
  await logIn(page, "taro@tsugu.example");
  await page.goto(itemUrl);
  await expect(page.getByText("出品者によりブロックされているため")).toBeVisible();
  await expect(page.getByTestId("like-button")).toBeDisabled();
  await expect(page.getByLabel("商品について質問する")).toHaveCount(0);
  const refused = await page.request.post(`/api/v1/items/${taro.items[0].id}/comments`, {
    headers: ownOrigin(page),
    data: { body: "まだありますか？" },
  });
  expect(refused.status()).toBe(403);
});
