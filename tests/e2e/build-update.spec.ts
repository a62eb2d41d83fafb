import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { BUILD_ID_FILE } from "#server/build-id.ts";
import { CLIENT_DIR } from "../../scripts/build-if-needed.ts";
import { expect, type Page, test } from "./fixtures.ts";
import { journeyShot } from "./helpers.ts";

/**
 * A tab left open while a new build is deployed (decision 029): it learns of the new build, loads
 * its next page from the server, and a page whose code is gone reloads once, then says so.
 */

const BUILD_FILE = path.join(CLIENT_DIR, BUILD_ID_FILE);
/** The page asking which build is deployed (a request, or its response). */
const isCheck = (r: { url(): string }) => new URL(r.url()).pathname === "/build.json";

/** The paths of the documents (whole pages) the tab loads, in order. */
function documentsOf(page: Page): string[] {
  const loaded: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "document") loaded.push(new URL(r.url()).pathname);
  });
  return loaded;
}

/** A mark on the window: it survives client navigations and is gone after a document load. */
async function markWindow(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as { stillHere?: boolean }).stillHere = true;
  });
}
const windowMarked = (page: Page) =>
  page.evaluate(() => (window as { stillHere?: boolean }).stillHere === true);

/** What the server says is deployed (it reads the build's file again every few seconds). */
async function deployedId(page: Page): Promise<string> {
  return (await (await page.request.get("/build.json")).json()).id;
}

async function openTab(page: Page, name: "ホーム" | "さがす", path: string) {
  await page.getByRole("navigation", { name: "メインメニュー" }).getByRole("link", { name }).click();
  await expect(page).toHaveURL(path);
}

test("a tab open across a deployment loads its next page from the server", async ({ page }) => {
  const deployed = readFileSync(BUILD_FILE, "utf8");
  const documents = documentsOf(page);
  await page.clock.install();
  // The first check, about a second after the page loaded, finds the build the page runs.
  const firstCheck = page.waitForResponse(isCheck);
  await page.goto("/ja/");
  const answer = await firstCheck;
  expect(new URL(answer.url()).searchParams.get("t")).toMatch(/^\d+$/);
  expect(await answer.json()).toEqual(JSON.parse(deployed));

  // Nothing new: links are followed in the page, without loading a document.
  await markWindow(page);
  await openTab(page, "さがす", "/ja/items/search/");
  expect(await windowMarked(page)).toBe(true);
  expect(documents).toEqual(["/ja/"]);

  try {
    // A new deployment: the server answers the new id within a few seconds.
    writeFileSync(BUILD_FILE, `${JSON.stringify({ id: "a-new-build" })}\n`);
    await expect.poll(() => deployedId(page), { timeout: 10_000 }).toBe("a-new-build");
    // The tab asks again five minutes later (it also would when shown again).
    const nextCheck = page.waitForResponse(isCheck);
    await page.clock.fastForward("05:00");
    expect(await (await nextCheck).json()).toEqual({ id: "a-new-build" });
    // The page reads the answer as soon as it arrives; give it a moment to do so.
    await page.waitForTimeout(500);
    expect(documents).toEqual(["/ja/"]);

    // The next link loads its page from the server: a new document, a fresh window.
    const newPageCheck = page.waitForResponse(isCheck);
    await openTab(page, "ホーム", "/ja/");
    await expect.poll(() => documents).toEqual(["/ja/", "/ja/"]);
    expect(await windowMarked(page)).toBe(false);
    await expect(page.locator("h1").first()).toBeVisible();

    // That page runs the new build: its links are followed in the page again.
    expect(await (await newPageCheck).json()).toEqual({ id: "a-new-build" });
    await page.waitForTimeout(500);
    await markWindow(page);
    await openTab(page, "さがす", "/ja/items/search/");
    expect(await windowMarked(page)).toBe(true);
    expect(documents).toEqual(["/ja/", "/ja/"]);
  } finally {
    writeFileSync(BUILD_FILE, deployed);
    await expect.poll(() => deployedId(page), { timeout: 10_000 }).toBe(JSON.parse(deployed).id);
  }
});

test("a page whose code is gone reloads once, then says a new version is out instead of reloading again", async ({
  page,
}) => {
  const documents = documentsOf(page);
  // A phone saving data fetches no page ahead (decision 053): the search page's code is first asked
  // for on the click, after it is gone.
  await page.addInitScript(() => {
    Object.defineProperty(navigator, "connection", { value: { saveData: true }, configurable: true });
  });
  const hydrated = page.waitForRequest(isCheck);
  await page.goto("/ja/");
  await hydrated;
  // The search page's code, gone from the server (the old build's files after a deployment).
  const code = await page.evaluate(
    () =>
      (window as { __reactRouterManifest?: { routes: Record<string, { module: string }> } })
        .__reactRouterManifest?.routes["routes/items/search"]?.module,
  );
  expect(code).toMatch(/^\/assets\/search-.+\.js$/);
  let asked = 0;
  await page.route(`**${code}`, (route) => {
    asked += 1;
    return route.fulfill({ status: 404, body: "Not Found" });
  });

  // First failure: the page reloads.
  await markWindow(page);
  const reloaded = page.waitForRequest(isCheck);
  await page
    .getByRole("navigation", { name: "メインメニュー" })
    .getByRole("link", { name: "さがす" })
    .click();
  await expect.poll(() => documents).toEqual(["/ja/", "/ja/"]);
  await reloaded;
  expect(await windowMarked(page)).toBe(false);
  expect(asked).toBe(1);

  // Again within ten seconds: no second reload, but the error page with a way to reload.
  await markWindow(page);
  await page
    .getByRole("navigation", { name: "メインメニュー" })
    .getByRole("link", { name: "さがす" })
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("新しいバージョンが公開されました");
  await journeyShot(page, "code-gone-after-a-deployment");
  await page.waitForTimeout(1_500);
  expect(documents).toEqual(["/ja/", "/ja/"]);
  expect(await windowMarked(page)).toBe(true);
  expect(asked).toBe(2);

  // With the code back, the button reloads the page, and the search page opens.
  await page.unroute(`**${code}`);
  const again = page.waitForRequest(isCheck);
  await page.getByRole("button", { name: "再読み込みする" }).click();
  await expect.poll(() => documents).toEqual(["/ja/", "/ja/", "/ja/"]);
  await again;
  await openTab(page, "さがす", "/ja/items/search/");
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
});
