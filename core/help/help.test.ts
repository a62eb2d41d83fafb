import { describe, expect, it } from "vitest";
import { renderMarkdown } from "../media/render-markdown.ts";
import { enHelp } from "../shared/i18n/messages/en/help.ts";
import { jaHelp } from "../shared/i18n/messages/ja/help.ts";
import { HELP_SECTIONS } from "./article.ts";
import { getHelpArticle, HELP_ARTICLES, listHelpSections } from "./articles.ts";
import { searchHelp } from "./search-help.ts";

const slugsFor = (query: string, lang: "ja" | "en" = "ja") =>
  searchHelp(query, lang).articles.map((a) => a.slug);

describe("the help centre's articles", () => {
  it("names every article a page links to, in both languages, for an article that exists", () => {
    const named = Object.keys(jaHelp.help.links);
    expect(Object.keys(enHelp.help.links)).toEqual(named);
    for (const slug of named) expect(getHelpArticle(slug, "ja"), slug).toBeTruthy();
    // Two links on one page must not read the same.
    expect(new Set(Object.values(jaHelp.help.links)).size).toBe(named.length);
    expect(new Set(Object.values(enHelp.help.links)).size).toBe(named.length);
  });

  it("has at least 25 articles, every section filled, slugs unique, both languages complete", () => {
    expect(HELP_ARTICLES.length).toBeGreaterThanOrEqual(25);
    expect(new Set(HELP_ARTICLES.map((a) => a.slug)).size).toBe(HELP_ARTICLES.length);
    for (const { section, articles } of listHelpSections("ja")) {
      expect(articles.length, section).toBeGreaterThan(0);
    }
    for (const a of HELP_ARTICLES) {
      expect(a.slug).toMatch(/^[a-z0-9-]+$/);
      expect(HELP_SECTIONS).toContain(a.section);
      for (const lang of ["ja", "en"] as const) {
        expect(a[lang].title.length, `${a.slug} ${lang}`).toBeGreaterThan(3);
        expect(a[lang].summary.length).toBeGreaterThan(10);
        expect(a[lang].body.length).toBeGreaterThan(150);
      }
      // The Japanese text is Japanese, the English text has no Japanese left in it.
      expect(a.ja.body).toMatch(/[ぁ-ん]/);
      expect(a.en.body).not.toMatch(/[ぁ-んァ-ン]/);
    }
  });

  it("links only to pages of the article's own language", () => {
    for (const a of HELP_ARTICLES) {
      const ja = getHelpArticle(a.slug, "ja")!;
      const en = getHelpArticle(a.slug, "en")!;
      expect(ja.markdown).not.toContain("/:lang/");
      for (const [, path] of ja.markdown.matchAll(/\]\((\/[^)]*)\)/g)) expect(path).toMatch(/^\/ja\/.*\/$/);
      for (const [, path] of en.markdown.matchAll(/\]\((\/[^)]*)\)/g)) expect(path).toMatch(/^\/en\/.*\/$/);
      // Links between articles name articles that exist.
      for (const [, slug] of ja.markdown.matchAll(/\/ja\/help\/([a-z0-9-]+)\//g)) {
        if (slug === "contact") continue;
        expect(getHelpArticle(slug!, "ja"), slug).not.toBeNull();
      }
    }
    expect(getHelpArticle("no-such-article", "ja")).toBeNull();
  });

  it("tells the product's real numbers", () => {
    const body = (slug: string, lang: "ja" | "en") => getHelpArticle(slug, lang)!.markdown;
    expect(body("payout-fees", "ja")).toContain("250円");
    expect(body("payout-fees", "ja")).toContain("300円");
    expect(body("payout-fees", "en")).toContain("¥250");
    expect(body("selling-fees", "ja")).toContain("5%");
    expect(body("proceeds-deadline", "ja")).toContain("180日");
    expect(body("shipping-methods", "ja")).toContain("ネコポス | 150円");
    expect(body("buyback-identity-check", "ja")).toContain("10,000円以上");
    const html = renderMarkdown(body("payout-fees", "ja"));
    expect(html).toContain("<table>");
    expect(html).toContain('href="/ja/balance/"');
  });
});

describe("searching the help centre", () => {
  it("finds Japanese words people type, without spaces", () => {
    expect(slugsFor("送料").slice(0, 2)).toEqual(
      expect.arrayContaining(["shipping-methods", "who-pays-postage"]),
    );
    expect(slugsFor("キャンセル")[0]).toBe("cancel-a-purchase");
    expect(slugsFor("振込 手数料")[0]).toBe("payout-fees");
    expect(slugsFor("本人確認").slice(0, 2)).toEqual(
      expect.arrayContaining(["identity-check", "buyback-identity-check"]),
    );
    expect(slugsFor("買取")[0]).toMatch(/^buyback-/);
  });

  it("reads hiragana, half-width katakana, full-width letters, okurigana and particles alike", () => {
    expect(slugsFor("きゃんせる")[0]).toBe("cancel-a-purchase");
    expect(slugsFor("ｷｬﾝｾﾙ")[0]).toBe("cancel-a-purchase");
    expect(slugsFor("ＩＭＥＩ")).toContain("stolen-and-restricted-devices");
    expect(slugsFor("振り込み手数料")[0]).toBe("payout-fees");
    expect(slugsFor("送料はいくら")).toContain("shipping-methods");
  });

  it("finds English words by their start", () => {
    expect(slugsFor("refund", "en")[0]).toBe("cancel-a-purchase");
    expect(slugsFor("payout fee", "en")[0]).toBe("payout-fees");
    expect(slugsFor("Payout FEES", "en")[0]).toBe("payout-fees");
    expect(slugsFor("passkey", "en")).toContain("ways-to-log-in");
  });

  it("answers the articles with the most of the words when none has them all, and nothing for nothing", () => {
    const partly = searchHelp("payout zebra", "en");
    expect(partly.allTermsFound).toBe(false);
    expect(partly.articles.map((a) => a.slug)).toContain("payout-fees");
    expect(searchHelp("   ", "ja").articles).toEqual([]);
    expect(searchHelp("qwxz", "en").articles).toEqual([]);
    expect(searchHelp("x".repeat(5000), "en").articles).toEqual([]);
  });
});
