import { expect, type Page, serverUrl, test } from "./fixtures.ts";
import { journeyShot, linkFrom, readMail, seriousA11yProblems, signUp } from "./helpers.ts";

/**
 * A visitor who found a listing inside the site taps 購入手続きへ and signs in without a password,
 * by a passkey or by a link mailed to them, and lands on the purchase (decision 039, 042).
 */

// A passkey belongs to a host name, never to an address: the journey opens the site as localhost.
// biome-ignore lint/correctness/noEmptyPattern: Playwright reads which fixtures a fixture needs from this pattern.
test.use({ baseURL: async ({}, use, testInfo) => use(serverUrl(testInfo.parallelIndex, "localhost")) });

/** Chromium's virtual authenticator: a phone's built-in one that keeps passkeys and checks its user. */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

/** Moves inside the site as a tap on a link would, without loading the page again. */
async function navigateInside(page: Page, path: string): Promise<void> {
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
  await page.evaluate((to) => {
    const router = (window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } })
      .__reactRouterDataRouter;
    return router.navigate(to);
  }, path);
}

/** A listing on sale, found as any visitor's search would. */
async function aListing(page: Page): Promise<number> {
  const res = await page.request.get("/api/v1/items?sort=price_asc");
  const { items } = (await res.json()) as { items: { id: number; state: string }[] };
  const card = items.find((i) => i.state === "SALE");
  if (!card) throw new Error("no listing on sale");
  return card.id;
}

/** From the home page, inside the site, to the item, and 購入手続きへ: the login page, keeping the way back. */
async function tapBuySignedOut(page: Page, itemId: number) {
  await page.goto("/ja/");
  await navigateInside(page, `/ja/items/${itemId}/`);
  await page.getByRole("link", { name: "購入手続きへ" }).click();
  await expect(page).toHaveURL(
    (url) => url.pathname === "/ja/login/" && url.searchParams.get("redirect") === `/ja/items/${itemId}/buy/`,
  );
}

test("a visitor taps 購入手続きへ, signs in with a passkey and lands on the purchase", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await virtualAuthenticator(page);
  await signUp(page, {
    email: `buy-passkey-${Date.now()}@example.jp`,
    password: "tsugu-pass-4",
    nickname: "かぎ",
  });
  await page.goto("/ja/settings/passkeys/");
  await page.getByTestId("add-passkey").click();
  await expect(page.getByText("パスキーを作成しました")).toBeVisible();
  await page.goto("/ja/mypage/");
  await page.getByRole("button", { name: "ログアウト" }).click();
  await expect(page).toHaveURL(/\/ja\/$/);
  // Passkey suggestions off, so the login page waits for the button rather than signing in at once.
  await page.addInitScript(() => {
    PublicKeyCredential.isConditionalMediationAvailable = async () => false;
  });

  const itemId = await aListing(page);
  await tapBuySignedOut(page, itemId);
  await page.getByTestId("passkey-login").click();
  await expect(page).toHaveURL(new RegExp(`/ja/items/${itemId}/buy/$`));
  await expect(page.locator("#error-title")).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1, name: "購入内容の確認" })).toBeVisible();
  await journeyShot(page, "sign-in-returns-passkey-buy");
});

test("a visitor taps 購入手続きへ, asks for a sign-in link, opens it and lands on the purchase", async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const itemId = await aListing(page);
  await tapBuySignedOut(page, itemId);
  await page.getByRole("link", { name: "メールでログインリンクを受け取る" }).click();
  await expect(page).toHaveURL(
    (url) =>
      url.pathname === "/ja/login/email/" && url.searchParams.get("redirect") === `/ja/items/${itemId}/buy/`,
  );
  await expect(page.getByRole("heading", { level: 1, name: "メールでログイン" })).toBeVisible();
  expect(await seriousA11yProblems(page)).toEqual([]);
  await journeyShot(page, "email-link-ask-phone");
  // A wrong address is said at once, and nothing is sent.
  const field = page.getByLabel("メールアドレス", { exact: true });
  await field.fill("hanako@");
  await field.blur();
  await expect(page.getByText("メールアドレスの形式が正しくありません").first()).toBeVisible();
  await field.fill("hanako@tsugu.example");
  await page.getByRole("button", { name: "ログインリンクを送る" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "メールをご確認ください" })).toBeVisible();
  await expect(page.getByText("hanako@tsugu.example が登録済みのアドレスであれば")).toBeVisible();
  await journeyShot(page, "email-link-sent-phone");

  const mailed = new URL(
    linkFrom(await readMail(page, "hanako@tsugu.example", "ログイン用のリンク"), "/ja/login/email/open/"),
  );
  // The mail names the site's public address; the journey's browser opens this server by its own name.
  const link = mailed.pathname + mailed.search;

  // Opened in another browser (a mail app's own, say): it says so, and the link stays good here.
  const other = await browser.newContext({
    baseURL: new URL(page.url()).origin,
    viewport: { width: 390, height: 844 },
    locale: "ja-JP",
  });
  const elsewhere = await other.newPage();
  await elsewhere.goto(link);
  await expect(
    elsewhere.getByRole("heading", { level: 1, name: "別のブラウザで開かれました" }),
  ).toBeVisible();
  await expect(elsewhere.getByRole("link", { name: "ログインリンクを送り直す" })).toBeVisible();
  expect(await seriousA11yProblems(elsewhere)).toEqual([]);
  await journeyShot(elsewhere, "email-link-other-browser-phone");
  await other.close();

  await page.goto(link);
  await expect(page).toHaveURL(new RegExp(`/ja/items/${itemId}/buy/$`));
  await expect(page.locator("#error-title")).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1, name: "購入内容の確認" })).toBeVisible();
  await journeyShot(page, "email-link-buy-phone");

  // Used once: the same link again signs nobody in.
  await page.context().clearCookies({ name: "tsugu" });
  await page.goto(link);
  await expect(page.getByText("すでに使われています")).toBeVisible();
});
