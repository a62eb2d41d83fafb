import { expect, test } from "./fixtures.ts";
import { journeyShot, logIn } from "./helpers.ts";

test("an operator drafts an article, previews it by path, publishes it; visitors never see the draft", async ({
  page,
  browser,
}) => {
  await logIn(page, "staff@tsugu.example");
  await page.goto("/ja/staff/media/");
  await page.getByRole("link", { name: "記事を書く" }).click();
  await page.getByLabel("タイトル", { exact: true }).fill("ジャンクiPhoneの基板を見分けるコツ");
  await page.getByLabel("スラッグ", { exact: true }).fill("junk-iphone-board");
  await page.getByLabel("概要", { exact: true }).fill("基板が生きているかどうかを見分ける方法を紹介します。");
  await page.getByLabel("カテゴリ", { exact: true }).selectOption({ label: "修理・メンテナンス" });
  await page.getByLabel("著者", { exact: true }).selectOption({ label: "新井 健司" });
  await page.getByLabel("タグ", { exact: true }).fill("修理, 基板");
  await page
    .getByLabel("本文", { exact: true })
    .fill(
      '## 通電するか\n\n充電ケーブルをつないで反応を見ます。\n\n<script>window.__xss = 1</script>\n\n<img src=x onerror="window.__xss = 2">',
    );
  await page.getByRole("button", { name: "下書きとして保存" }).click();
  await expect(page).toHaveURL(/\/ja\/staff\/media\/posts\/\d+\/$/);

  // The draft is not public, and its preview address shows nothing without the token.
  const visitor = await browser.newPage();
  expect((await visitor.goto("/articles/junk-iphone-board/"))?.status()).toBe(404);
  expect((await visitor.goto("/articles/draft/"))?.status()).toBe(404);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("ページが見つかりませんでした");

  const previewHref = await page.getByRole("link", { name: "プレビューを開く" }).getAttribute("href");
  expect(previewHref).toMatch(/^\/articles\/draft\/\?token=/);
  await visitor.goto(previewHref!);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("ジャンクiPhoneの基板を見分けるコツ");
  await expect(visitor.getByText("これは下書きのプレビューです。")).toBeVisible();
  // Script in the body shows as text and never runs.
  await expect(visitor.getByText("<script>window.__xss = 1</script>")).toBeVisible();
  expect(await visitor.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  await journeyShot(visitor, "media-preview");
  // A tampered token shows nothing of the draft.
  expect((await visitor.goto(`${previewHref!.slice(0, -2)}xx`))?.status()).toBe(404);
  await expect(visitor.getByText("ジャンクiPhoneの基板")).toHaveCount(0);

  await page.getByRole("button", { name: "公開する" }).click();
  await expect(page.getByText("公開しました")).toBeVisible();

  await visitor.goto("/articles/");
  await visitor.getByRole("link", { name: "ジャンクiPhoneの基板を見分けるコツ" }).click();
  await expect(visitor).toHaveURL(/\/articles\/junk-iphone-board\/$/);
  await expect(visitor.getByText("この記事を書いた人")).toBeVisible();
  await journeyShot(visitor, "media-article");
  await visitor.goto("/authors/kenji-arai/");
  await expect(visitor.getByRole("link", { name: "ジャンクiPhoneの基板を見分けるコツ" })).toBeVisible();
  const sitemap = await (await visitor.request.get("/sitemaps/media-1.xml")).text();
  expect(sitemap).toContain("/articles/junk-iphone-board/");

  // Members cannot reach the editor.
  const member = await browser.newPage();
  await logIn(member, "hanako@tsugu.example");
  expect((await member.goto("/ja/staff/media/"))?.status()).toBe(403);
});

test("the about page and the IMEI checker on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/ja/about/");
  await expect(page.getByRole("heading", { name: "会社概要" })).toBeVisible();
  await journeyShot(page, "about");
  await page.goto("/ja/imei-checker/");
  await page.getByLabel("IMEI（15桁）").fill("990001011234560");
  await page.getByRole("button", { name: "チェックする" }).click();
  await expect(page.getByTestId("error-imei").or(page.getByText("IMEIは正しい番号です"))).toBeVisible();
  await journeyShot(page, "imei-checker");
  await page.goto("/ja/laws/");
  await journeyShot(page, "laws");
});
