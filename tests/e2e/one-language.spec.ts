import type { APIRequestContext, Request } from "@playwright/test";
import { expect, type Page, test } from "./fixtures.ts";
import { logIn } from "./helpers.ts";

/**
 * A page carries the messages of its own language only (decision 031), and of those the files its
 * code and data read (decision 052): no file of the other language's is asked for, the page hydrates
 * without complaint and without waiting for a word its head did not list, and what it writes in the
 * browser is in its language. The language switcher loads the other language's page from the server.
 */

/** The files a page's HTML has the browser fetch at once. */
async function preloadsOf(request: APIRequestContext, path: string): Promise<Set<string>> {
  const html = await (await request.get(path)).text();
  return new Set([...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1] as string));
}

/** A language's message files, named for their language and file (`/assets/messages-ja-buying-….js`). */
const messageFile = (lang: "ja" | "en", name = "") => new RegExp(`^/assets/messages-${lang}-${name}`);
const files = { ja: messageFile("ja"), en: messageFile("en") };

/** Whether any of the paths asked for is one of these files. */
const asksFor = (asked: string[], file: RegExp) => asked.some((path) => file.test(path));

/** The namespaces a page had to wait for, because its list of message files missed them. */
async function waitedFor(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType("mark")
      .map((mark) => mark.name)
      .filter((name) => name.startsWith("tsugu:messages-waited:")),
  );
}

/** What the page asks the server for (paths), and which of those were whole documents. */
function requestsOf(page: Page): { files: string[]; documents: string[] } {
  const seen = { files: [] as string[], documents: [] as string[] };
  page.on("request", (r: Request) => {
    const { pathname } = new URL(r.url());
    seen.files.push(pathname);
    if (r.resourceType() === "document") seen.documents.push(pathname);
  });
  return seen;
}

/** Console errors and uncaught errors: a hydration mismatch or a message read before it loaded. */
function errorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

/** The page has hydrated: it asks which build is deployed about a second after (decision 029). */
function hydrated(page: Page): Promise<Request> {
  return page.waitForRequest((r) => new URL(r.url()).pathname === "/build.json");
}

/**
 * Opens a page and waits for it to hydrate, noting what it asks the server for and any error it
 * reports. The page found every word it read in the files its head listed.
 */
async function open(page: Page, path: string) {
  // The page before (the sign-in's) is left first: what it still fetched ahead of its own links is its.
  await page.goto("about:blank");
  const asked = requestsOf(page);
  const errors = errorsOf(page);
  const ready = hydrated(page);
  await page.goto(path);
  await ready;
  expect(await waitedFor(page)).toEqual([]);
  return { asked, errors };
}

/** Follows the footer's link to the other language and waits for that page to hydrate. */
async function switchLanguage(page: Page, name: string, to: RegExp) {
  const ready = hydrated(page);
  await page.getByRole("contentinfo").getByRole("link", { name }).click();
  await expect(page).toHaveURL(to);
  await ready;
}

/** The header's search box, and what its suggestions (written in the browser) say, in each language. */
const SEARCH = {
  ja: { label: "キーワードで探す", byModel: "機種で探す" },
  en: { label: "Search by keyword", byModel: "Search by model" },
} as const;

/** The page is in a language, and so is what it writes in the browser: the search suggestions. */
async function speaks(page: Page, lang: keyof typeof SEARCH) {
  await expect(page.locator("html")).toHaveAttribute("lang", lang);
  await page.getByRole("combobox", { name: SEARCH[lang].label }).fill("iphone12");
  await expect(page.getByRole("listbox").getByRole("option").first()).toContainText(SEARCH[lang].byModel);
}

test("a Japanese page carries the Japanese messages alone; the switcher opens the English page with its own", async ({
  page,
}) => {
  const { asked, errors } = await open(page, "/ja/items/search/");
  await speaks(page, "ja");
  expect(asksFor(asked.files, messageFile("ja", "shell-"))).toBe(true);
  expect(asksFor(asked.files, messageFile("ja", "catalog-"))).toBe(true);
  // Words no part of the search page reads are not the page's: its head does not list them.
  const listed = (await page.locator('meta[name="tsugu-messages"]').getAttribute("content"))!.split(" ");
  expect(listed).toContain("catalog");
  expect(listed).not.toContain("checks");
  expect(listed).not.toContain("buyback-office");
  // Nor are they fetched, but for the pages its links lead to (an item's words, its self-check's
  // among them, come ahead for the item cards, decision 053): none leads to the back office.
  expect(asksFor(asked.files, messageFile("ja", "buyback-office-"))).toBe(false);
  // A page opened in the browser, in the same language: its route's files come on the way. The
  // link is followed from the keyboard: scrolled to, the footer sets the list loading more, which
  // moves the footer down under a pointer's click.
  await page.getByRole("contentinfo").getByRole("link", { name: "Tsuguについて" }).press("Enter");
  await expect(page).toHaveURL(/\/ja\/about\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "キーワードで探す" })).toBeVisible();
  expect(await waitedFor(page)).toEqual([]);
  expect(asksFor(asked.files, files.en)).toBe(false);
  expect(asked.documents).toEqual(["/ja/items/search/"]);

  // The other language: its page comes from the server, with its own messages.
  await switchLanguage(page, "English", /\/en\/about\/$/);
  expect(asked.documents).toEqual(["/ja/items/search/", "/en/about/"]);
  await speaks(page, "en");
  expect(asksFor(asked.files, files.en)).toBe(true);
  expect(errors).toEqual([]);
});

test("an English page carries the English messages alone; the switcher opens the Japanese page with its own", async ({
  page,
}) => {
  const { asked, errors } = await open(page, "/en/");
  await speaks(page, "en");
  expect(asksFor(asked.files, files.en)).toBe(true);
  expect(asksFor(asked.files, files.ja)).toBe(false);

  await switchLanguage(page, "日本語", /\/ja\/$/);
  expect(asked.documents).toEqual(["/en/", "/ja/"]);
  await speaks(page, "ja");
  expect(errors).toEqual([]);
});

test("a link from an English page to a Japanese one (a news story) loads the Japanese messages on the way", async ({
  page,
}) => {
  const { asked, errors } = await open(page, "/en/notifications/news/");
  expect(asksFor(asked.files, files.ja)).toBe(false);
  await page.getByTestId("news-story").first().click();
  await expect(page).toHaveURL(/\/news\/[^/]+\/$/);
  await speaks(page, "ja");
  // Opened in the browser, not from the server: the Japanese messages were loaded on the way.
  expect(asked.documents).toEqual(["/en/notifications/news/"]);
  expect(asksFor(asked.files, files.ja)).toBe(true);
  expect(errors).toEqual([]);
});

test("a sandbox page in English, which stands for another site, carries the English messages alone", async ({
  page,
}) => {
  const { asked, errors } = await open(page, "/sandbox/atm/?lang=en");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  expect(asksFor(asked.files, files.en)).toBe(true);
  expect(asksFor(asked.files, files.ja)).toBe(false);
  expect(errors).toEqual([]);
});

test("an English page writes an address in Japan in Japanese without the Japanese messages", async ({
  page,
}) => {
  // An address is written as in Japan on English pages too, prefecture first (〒100-0001 東京都…).
  const address = /〒\d{3}-\d{4}\s*\S+?[都道府県]/;
  await logIn(page, "hanako@tsugu.example");
  const { asked, errors } = await open(page, "/en/settings/address/");
  await expect(page.getByTestId("current-address")).toContainText(address);
  const visit = async (path: string) => {
    const ready = hydrated(page);
    await page.goto(path);
    await ready;
    expect(await waitedFor(page)).toEqual([]);
  };
  await visit("/en/buyback/spots/");
  await expect(page.getByTestId("spot").first()).toContainText(address);
  await visit("/en/buyback/transactions/");
  const id = await page
    .getByTestId("buyback-list")
    .getByTestId("buyback-row")
    .first()
    .getAttribute("data-id");
  await visit(`/en/buyback/transactions/${id}/address/`);
  await expect(page.getByTestId("current-address")).toContainText(address);
  expect(asksFor(asked.files, files.ja)).toBe(false);
  expect(errors).toEqual([]);
});

/** A file of the back office's own words (the dashboard's, decision 052), in a language. */
const officeFile = (lang: "ja" | "en") => messageFile(lang, "office-");

test("a Japanese public page leaves the back office's messages out; a back-office page has them, reached from the site too", async ({
  page,
  request,
}) => {
  await logIn(page, "safety@tsugu.example");
  const office = officeFile("ja");
  expect(asksFor([...(await preloadsOf(page.request, "/ja/staff/"))], office)).toBe(true);
  expect(asksFor([...(await preloadsOf(request, "/ja/"))], office)).toBe(false);

  // A public page, opened by an operator: the Japanese site's messages, not the back office's.
  const { asked, errors } = await open(page, "/ja/");
  await speaks(page, "ja");
  expect(asksFor(asked.files, files.ja)).toBe(true);
  expect(asksFor(asked.files, office)).toBe(false);

  // Into the back office in the browser, as a link does: its messages are loaded on the way.
  await page.evaluate(() =>
    (
      window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => Promise<void> } }
    ).__reactRouterDataRouter.navigate("/ja/staff/"),
  );
  await expect(page).toHaveURL(/\/ja\/staff\/$/);
  await expect(page.getByRole("heading", { name: "ダッシュボード" })).toBeVisible();
  await expect(page.getByTestId("queue-reports")).toBeVisible();
  expect(asked.documents).toEqual(["/ja/"]);
  expect(asksFor(asked.files, office)).toBe(true);
  expect(await waitedFor(page)).toEqual([]);

  // A back-office page loaded from the server hydrates with its own files.
  const ready = hydrated(page);
  await page.goto("/ja/staff/reports/");
  await ready;
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await waitedFor(page)).toEqual([]);
  expect(errors).toEqual([]);
});
