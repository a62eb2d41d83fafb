import sharp from "sharp";
import { expect, test } from "./fixtures.ts";
import { fillBankAccount, journeyShot, seriousA11yProblems, signUp } from "./helpers.ts";

const photo = async () => ({
  name: "phone.jpg",
  mimeType: "image/jpeg",
  buffer: await sharp({ create: { width: 600, height: 800, channels: 3, background: "#3a7bd5" } })
    .jpeg()
    .toBuffer(),
});

test("a new member's first listing: 出品する leads through the seller setup and ends on the listing, on sale", async ({
  page,
}) => {
  // Sign-up, the listing and three setup steps in one journey.
  test.slow();
  const stamp = Date.now() % 1_000_000;
  const title = `iPhone 12 画面割れ ${stamp}`;
  await signUp(page, {
    email: `first-${stamp}@example.jp`,
    password: "tsugu-first-2026",
    nickname: `はじめて${stamp}`,
  });

  await page.getByRole("navigation", { name: "メインメニュー" }).getByRole("link", { name: "出品" }).click();
  await expect(page).toHaveURL(/\/ja\/sell\/$/);
  await expect(page.getByTestId("setup-later-notice")).toContainText("登録が終わると、そのまま出品されます");
  // 出品する is the filled button, after 下書きに保存する.
  const actions = page.getByTestId("form-actions").getByRole("button");
  await expect(actions).toHaveText(["下書きに保存する", "出品する"]);
  expect(await seriousA11yProblems(page)).toEqual([]);
  await journeyShot(page, "sell-form-phone");

  // The album picker opens on Enter, as a button does, as well as on Space.
  const chooser = page.waitForEvent("filechooser");
  await page.getByLabel("出品画像（最大10枚）").focus();
  await page.keyboard.press("Enter");
  await (await chooser).setFiles([await photo()]);
  await expect(page.getByTestId("photo-item")).toHaveCount(1);
  await page.getByLabel("商品名", { exact: true }).fill(title);
  await page.getByLabel("カテゴリー").selectOption({ label: "スマートフォン" });
  await page.getByLabel("商品の状態").selectOption({ label: "故障あり" });
  await page.getByRole("checkbox", { name: "画面割れ" }).check();
  await page.getByLabel("配送料の負担").selectOption({ label: "送料込み（出品者負担）" });
  await page.getByLabel("配送の方法").selectOption({ label: "宅急便" });
  await page.getByLabel("発送までの日数").selectOption({ label: "1〜2日で発送" });
  await page.getByLabel("販売価格").fill("12000");
  await page.setViewportSize({ width: 1366, height: 900 });
  await journeyShot(page, "sell-form-desktop");
  await page.setViewportSize({ width: 412, height: 915 });
  await page.getByRole("button", { name: "出品する" }).click();

  // The seller setup: address, bank account, the optional card.
  await expect(page).toHaveURL(/\/ja\/setup\/address\/\?redirect=.*&publish=\d+$/);
  await expect(page.getByTestId("toast").filter({ hasText: "そのまま出品されます" })).toBeVisible();
  await page.getByLabel("姓", { exact: true }).fill("山田");
  await page.getByLabel("名", { exact: true }).fill("花子");
  await page.getByLabel("セイ", { exact: true }).fill("ヤマダ");
  await page.getByLabel("メイ", { exact: true }).fill("ハナコ");
  await page.getByLabel("郵便番号", { exact: true }).fill("1000001");
  await page.getByLabel("都道府県", { exact: true }).selectOption("13");
  await page.getByLabel("市区町村", { exact: true }).fill("千代田区");
  await page.getByLabel("町域・番地", { exact: true }).fill("千代田1-1");
  await page.getByLabel("電話番号", { exact: true }).fill("03-1234-5678");
  await page.getByRole("button", { name: "次へ" }).click();

  await expect(page).toHaveURL(/\/ja\/setup\/bank-account\/\?redirect=.*&publish=\d+$/);
  await fillBankAccount(page, "ヤマダ ハナコ");
  await page.getByRole("button", { name: "次へ" }).click();

  await expect(page).toHaveURL(/\/ja\/setup\/credit-card\/\?redirect=.*&publish=\d+$/);
  await page.getByTestId("setup-skip").click();

  // The listing started before the setup is on sale, and the member is on its page.
  await expect(page).toHaveURL(/\/ja\/items\/\d+\/$/);
  await expect(page.getByTestId("toast").filter({ hasText: "出品しました" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.getByText("この商品は下書きです")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "出品を停止する" })).toBeVisible();
  expect(await seriousA11yProblems(page)).toEqual([]);
  await journeyShot(page, "first-listing-published");

  // The next listing starts from a template saved on the sell form.
  await page.goto("/ja/sell/");
  await page.getByLabel("カテゴリー").selectOption({ label: "スマートフォン" });
  await page.getByText("テンプレートとして保存").click();
  await page.getByLabel("テンプレート名", { exact: true }).fill("スマホ");
  await page.getByRole("button", { name: "テンプレートを保存する" }).click();
  await expect(page.getByTestId("template-saved")).toHaveText("テンプレート「スマホ」を保存しました");
  await page.getByRole("link", { name: "テンプレート「スマホ」の内容を入力する" }).click();
  await expect(page.getByLabel("カテゴリー")).toHaveValue("05");
  expect(await seriousA11yProblems(page)).toEqual([]);
});
