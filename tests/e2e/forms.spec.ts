import type { Route } from "@playwright/test";
import sharp from "sharp";
import { expect, type Page, test } from "./fixtures.ts";
import { DEMO_PASSWORD, journeyShot, logIn, readMail } from "./helpers.ts";

/**
 * On a slow phone people type before the page has hydrated, and while it does. Every journey here
 * runs at a sixth of this machine's CPU speed, opens a form page with its scripts held back, types
 * the first field into the server's HTML, lets the scripts load and hydrate while it types the rest
 * as fast as a script can, sends the form, and checks that what was typed arrived.
 */
test.use({ cpuThrottle: 6 });

/** Opens `url` with the page's scripts held back until `hydrate()`: typing starts before hydration. */
async function openUnhydrated(page: Page, url: string): Promise<{ hydrate(): Promise<void> }> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let heldScripts = 0;
  // Once released, scripts pass straight through (later pages of the journey load theirs at once).
  await page.route("**/*.js", async (route: Route) => {
    heldScripts += 1;
    await held;
    await route.continue().catch(() => {});
  });
  await page.goto(url, { waitUntil: "commit" });
  return {
    async hydrate() {
      // Proof that the page really waited for its scripts: otherwise this journey proves nothing.
      await expect
        .poll(() => heldScripts, { message: "the page's scripts were held back" })
        .toBeGreaterThan(0);
      release();
    },
  };
}

const photo = async () => ({
  name: "phone.jpg",
  mimeType: "image/jpeg",
  buffer: await sharp({ create: { width: 600, height: 800, channels: 3, background: "#2d6cdf" } })
    .jpeg()
    .toBuffer(),
});

test("sign-up keeps the address and password typed before hydration", async ({ page }) => {
  const email = `forms-${Date.now()}@example.jp`;
  const form = await openUnhydrated(page, "/ja/signup/email/");
  await page.getByLabel("メールアドレス", { exact: true }).fill(email);
  await form.hydrate();
  await page.getByLabel("パスワード", { exact: true }).fill("tsugu-pass-1");
  await page.getByRole("button", { name: "確認コードを送信" }).click();
  const codeStep = page.getByRole("heading", { name: "確認コードを入力" });
  const retype = page.getByText("パスワードをもう一度入力して、送信してください");
  await expect(codeStep.or(retype)).toBeVisible();
  if (await retype.isVisible()) {
    // Sent by the browser before hydration ended: the bot check's token could not go with it, and a
    // password is never sent back, so the page asks for it alone (the next journey shows this path).
    await expect(page.getByLabel("メールアドレス", { exact: true })).toHaveValue(email);
    await page.getByLabel("パスワード", { exact: true }).fill("tsugu-pass-1");
    await page.getByRole("button", { name: "確認コードを送信" }).click();
  }
  await expect(codeStep).toBeVisible();
  await expect(page.getByText(`${email} に6桁の確認コードを送りました`)).toBeVisible();
});

test("a sign-up sent before the scripts ran asks only for the password again, the bot check passed meanwhile", async ({
  page,
}) => {
  const email = `forms-early-${Date.now()}@example.jp`;
  const form = await openUnhydrated(page, "/ja/signup/email/");
  await page.getByLabel("メールアドレス", { exact: true }).fill(email);
  await page.getByLabel("パスワード", { exact: true }).fill("tsugu-pass-2");
  // Sent by the browser itself, before any script: the server asks for the bot check's token.
  await page.getByRole("button", { name: "確認コードを送信" }).click();
  await page.waitForURL(/\/ja\/signup\/email\/$/, { waitUntil: "commit" });
  await form.hydrate();
  // The address is kept; the password is never sent back, so the page asks for it, not for JavaScript.
  await expect(page.getByText("パスワードをもう一度入力して、送信してください")).toBeVisible();
  await expect(page.getByLabel("メールアドレス", { exact: true })).toHaveValue(email);
  await expect(page.getByLabel("パスワード", { exact: true })).toBeFocused();
  await expect(page.getByText("パスワードを入力してください")).toHaveCount(0);
  await page.getByLabel("パスワード", { exact: true }).fill("tsugu-pass-2");
  await page.getByRole("button", { name: "確認コードを送信" }).click();
  await expect(page.getByRole("heading", { name: "確認コードを入力" })).toBeVisible();
});

test("log-in keeps the address and password typed before hydration", async ({ page }) => {
  const email = "seller14@tsugu.example";
  const form = await openUnhydrated(page, "/ja/login/");
  await page.getByLabel("メールアドレス", { exact: true }).fill(email);
  await form.hydrate();
  await page.getByLabel("パスワード", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
  await expect(page).toHaveURL(/\/ja\/mypage\/$/);
  await page.goto("/ja/settings/email/");
  await expect(page.getByTestId("current-email")).toHaveText(email);
});

test("password reset keeps the address typed before hydration", async ({ page }) => {
  const email = "seller15@tsugu.example";
  const form = await openUnhydrated(page, "/ja/reset-password/");
  await page.getByLabel("メールアドレス", { exact: true }).fill(email);
  await form.hydrate();
  await page.getByRole("button", { name: "再設定メールを送信" }).click();
  await expect(page.getByRole("heading", { name: "メールを送信しました" })).toBeVisible();
  // The link went to the address that was typed.
  expect(await readMail(page, email, "パスワードの再設定")).toContain("/ja/settings/reset-password/");
});

test("the listing form keeps every field, the price and the brand typed before hydration", async ({
  page,
}) => {
  const title = `Xperia 10 V 画面割れ ${Date.now() % 100000}`;
  await logIn(page, "seller11@tsugu.example");
  const form = await openUnhydrated(page, "/ja/sell/");
  await page.getByLabel("販売価格").fill("12345");
  await form.hydrate();
  await page.getByLabel("ブランド").selectOption({ label: "ソニー" });
  await page.getByLabel("機種").selectOption({ label: "Xperia 10 V" });
  await page.getByLabel("商品名", { exact: true }).fill(title);
  await page.getByLabel("商品の説明").fill("画面に割れがありますが、タッチ操作はできます。");
  await page.getByLabel("カテゴリー").selectOption({ label: "スマートフォン" });
  await page.getByLabel("商品の状態").selectOption({ label: "故障あり" });
  await page.getByLabel("配送料の負担").selectOption({ label: "送料込み（出品者負担）" });
  await page.getByLabel("配送の方法").selectOption({ label: "宅急便" });
  await page.getByLabel("発送までの日数").selectOption({ label: "1〜2日で発送" });
  await page.getByLabel("出品画像（最大10枚）").setInputFiles([await photo()]);
  // Hydrated, the page works out the proceeds from the price that was typed, and keeps the price.
  await expect(page.getByTestId("proceeds")).toHaveText("¥11,728");
  await expect(page.getByLabel("販売価格")).toHaveValue("12345");
  await expect(page.getByLabel("ブランド")).toHaveValue("00002");
  await journeyShot(page, "forms-listing");
  await page.getByRole("button", { name: "出品する" }).click();
  await expect(page).toHaveURL(/\/ja\/items\/\d+\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.getByTestId("item-price")).toContainText("12,345");
  await expect(page.getByTestId("item-facts")).toContainText("Xperia 10 V");
  await expect(page.getByText("画面に割れがありますが、タッチ操作はできます。")).toBeVisible();
});

test("the address form keeps what was typed before hydration", async ({ page }) => {
  await logIn(page, "seller12@tsugu.example");
  const form = await openUnhydrated(page, "/ja/settings/address/");
  await page.getByLabel("姓", { exact: true }).fill("鈴木");
  await form.hydrate();
  await page.getByLabel("名", { exact: true }).fill("一郎");
  await page.getByLabel("セイ", { exact: true }).fill("スズキ");
  await page.getByLabel("メイ", { exact: true }).fill("イチロウ");
  await page.getByLabel("郵便番号", { exact: true }).fill("100-0001");
  await page.getByLabel("都道府県", { exact: true }).selectOption({ label: "東京都" });
  await page.getByLabel("市区町村", { exact: true }).fill("千代田区");
  await page.getByLabel("町域・番地", { exact: true }).fill("千代田1-1");
  await page.getByLabel("電話番号", { exact: true }).fill("03-1234-5678");
  await page.getByRole("button", { name: "保存する" }).click();
  await expect(page).toHaveURL(/\/ja\/mypage\/$/);
  await expect(page.getByTestId("toast").filter({ hasText: "住所を保存しました" })).toBeVisible();
  // What was saved is what was typed.
  await page.goto("/ja/settings/address/");
  await expect(page.getByLabel("姓", { exact: true })).toHaveValue("鈴木");
  await expect(page.getByLabel("名", { exact: true })).toHaveValue("一郎");
  await expect(page.getByLabel("セイ", { exact: true })).toHaveValue("スズキ");
  await expect(page.getByLabel("郵便番号", { exact: true })).toHaveValue(/^100-?0001$/);
  await expect(page.getByLabel("都道府県", { exact: true })).toHaveValue("13");
  await expect(page.getByLabel("町域・番地", { exact: true })).toHaveValue("千代田1-1");
  await expect(page.getByLabel("電話番号", { exact: true })).toHaveValue(/^03-?1234-?5678$/);
});

test("the comment form keeps the question typed before hydration", async ({ page }) => {
  const question = `バッテリーの最大容量は何％ですか？（${Date.now() % 100000}）`;
  await logIn(page, "seller13@tsugu.example");
  const found = await page.request.get("/api/v1/items?status=on_sale");
  expect(found.status()).toBe(200);
  const { items } = (await found.json()) as { items: { id: number }[] };
  const itemUrl = `/ja/items/${items[0]!.id}/`;
  const form = await openUnhydrated(page, itemUrl);
  await page.getByLabel("商品について質問する").fill(question);
  await form.hydrate();
  await page.getByRole("button", { name: "コメントする" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: "コメントしました" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "コメント" })).toBeVisible();
  await expect(page.getByRole("main").getByText(question)).toBeVisible();
});

test("the search boxes keep the keyword typed before hydration", async ({ page }) => {
  // The header's box, on the top page.
  const home = await openUnhydrated(page, "/ja/");
  // A search box with suggestions: a combobox.
  await page.getByRole("combobox", { name: "キーワードで探す" }).fill("Xperia");
  await home.hydrate();
  await page.getByRole("combobox", { name: "キーワードで探す" }).press("Enter");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("「Xperia」の検索結果");
  await expect(page).toHaveURL(/[?&]keyword=Xperia(&|$)/);

  // The search page's own box.
  const search = await openUnhydrated(page, "/ja/items/search/");
  await page.getByRole("searchbox", { name: "キーワード", exact: true }).fill("iPhone");
  await search.hydrate();
  await page.getByRole("button", { name: "この条件で検索" }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("「iPhone」の検索結果");
  await expect(page.getByRole("searchbox", { name: "キーワード", exact: true })).toHaveValue("iPhone");
});
