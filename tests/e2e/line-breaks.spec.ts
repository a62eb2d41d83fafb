import { expect, test } from "./fixtures.ts";
import { journeyShot } from "./helpers.ts";

/**
 * Japanese headings, buttons and labels break between phrases, never inside a word: by the
 * browser's `word-break: auto-phrase` where it has it, else by BudouX's phrase boundaries.
 */
test("a Japanese heading breaks between phrases, with auto-phrase or BudouX", async ({ page, browser }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/ja/buyback/");
  const heading = page.getByRole("heading", { name: "使わなくなった端末を、次の持ち主へ" });
  await expect(heading).toHaveCSS("word-break", "auto-phrase");
  await journeyShot(page, "line-breaks-buyback-ja");

  // A browser without auto-phrase (Safari, Firefox): the phrases are marked once the page hydrated.
  const context = await browser.newContext({ locale: "ja-JP", viewport: { width: 390, height: 844 } });
  await context.addInitScript(() => {
    const supports = CSS.supports.bind(CSS);
    CSS.supports = ((...args: [string, string?]) =>
      args[0] === "word-break" && args[1] === "auto-phrase"
        ? false
        : supports(...(args as [string, string]))) as typeof CSS.supports;
  });
  const older = await context.newPage();
  await older.goto("/ja/buyback/");
  await expect(older.locator("html.phrase-breaks")).toHaveCount(1);
  const marked = older.getByRole("heading", { name: /使わなくなった端末を/ });
  await expect(marked).toHaveCSS("word-break", "keep-all");
  const text = (await marked.textContent()) ?? "";
  expect(text).toContain("\u200b");
  expect(text.replaceAll("\u200b", "")).toBe("使わなくなった端末を、次の持ち主へ");
  // Words stay whole: no mark inside 「端末」 or 「持ち主」.
  expect(text).not.toMatch(/端\u200b末|持\u200bち|持ち\u200b主/);
  await context.close();

  // English pages are left as they are.
  await page.goto("/en/buyback/");
  await expect(page.locator("html.phrase-breaks")).toHaveCount(0);
});
