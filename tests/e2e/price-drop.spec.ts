import { chromiumLaunch, FULL_CHROMIUM } from "./browser.ts";
import { type Browser, expect, type Page, serverUrl, test } from "./fixtures.ts";
import { journeyShot, listPhone, logIn, ownOrigin, seriousA11yProblems, signUp } from "./helpers.ts";

// Push in this browser needs the full Chromium: its headless shell answers every push permission
// with "denied", as a browser whose member refused notifications would.
test.use({ launchOptions: chromiumLaunch(FULL_CHROMIUM) });

/** A second person on a phone: a browser context of their own (own cookies and permissions). */
async function onPhone(browser: Browser, o: { permissions?: string[] } = {}) {
  const context = await browser.newContext({
    locale: "ja-JP",
    timezoneId: "Asia/Tokyo",
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    baseURL: serverUrl(test.info().parallelIndex),
  });
  if (o.permissions) await context.grantPermissions(o.permissions);
  return { page: await context.newPage(), close: () => context.close() };
}

/** The unread badge on the bottom menu's お知らせ, waiting for the job queue to tell the member. */
async function expectUnread(page: Page, n: number) {
  const bell = page
    .getByRole("navigation", { name: "メインメニュー" })
    .getByRole("link", { name: /お知らせ/ });
  await expect(async () => {
    await page.goto("/ja/");
    await expect(bell).toContainText(`未読のお知らせ ${n}件`, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  return bell;
}

test("a member who liked a phone hears that its seller lowered the price, and links to it", async ({
  page,
  browser,
}) => {
  const stamp = Date.now();
  const title = `値下げテスト iPhone ${stamp}`;
  await logIn(page, "taro@tsugu.example");
  const itemId = await listPhone(page, title, 12000);

  // A new member likes the phone on its page.
  const fan = await onPhone(browser);
  await signUp(fan.page, {
    email: `fan-${stamp}@example.jp`,
    password: "fan-password-2026",
    nickname: "ねさげ待ち",
  });
  await fan.page.goto(`/ja/items/${itemId}/`);
  await fan.page.getByTestId("like-button").click();
  await expect(fan.page.getByTestId("like-button")).toHaveAttribute("aria-pressed", "true");

  // The seller lowers the price on the edit page.
  await page.goto(`/ja/items/${itemId}/edit/`);
  await page.getByLabel("販売価格", { exact: true }).fill("10000");
  await page.getByRole("button", { name: "変更する" }).click();
  await expect(page).toHaveURL(new RegExp(`/ja/items/${itemId}/$`));

  // The fan sees a badge, then the sentence with both prices, which leads to the phone.
  const bell = await expectUnread(fan.page, 1);
  await journeyShot(fan.page, "price-drop-1-badge");
  await bell.click();
  await expect(fan.page).toHaveURL(/\/ja\/notifications\/$/);
  const notice = fan.page.getByTestId("notification").first();
  await expect(notice).toContainText(`いいね！した商品「${title}」が値下げされました ¥12,000 → ¥10,000`);
  await journeyShot(fan.page, "price-drop-2-notifications");
  await expect(notice).toHaveAttribute("href", `/ja/items/${itemId}/`);
  await notice.click();
  await expect(fan.page).toHaveURL(new RegExp(`/ja/items/${itemId}/$`));
  await expect(fan.page.getByRole("heading", { level: 1, name: title })).toBeVisible();

  // A second drop the same day is not told again.
  await page.goto(`/ja/items/${itemId}/edit/`);
  await page.getByLabel("販売価格", { exact: true }).fill("9500");
  await page.getByRole("button", { name: "変更する" }).click();
  await expect(page).toHaveURL(new RegExp(`/ja/items/${itemId}/$`));
  await fan.page.waitForTimeout(3000);
  await fan.page.goto("/ja/notifications/");
  await expect(fan.page.getByTestId("notification").filter({ hasText: "値下げされました" })).toHaveCount(1);
  await fan.close();
});

test("the notification settings page: mail and push per kind, and push in this browser", async ({
  browser,
}) => {
  const stamp = Date.now();
  const member = await onPhone(browser, { permissions: ["notifications"] });
  const page = member.page;
  await signUp(page, {
    email: `settings-${stamp}@example.jp`,
    password: "settings-password-2026",
    nickname: "つうち",
  });

  await page.goto("/ja/settings/");
  await page.getByRole("link", { name: "通知設定" }).click();
  await expect(page).toHaveURL(/\/ja\/settings\/notifications\/$/);
  await expect(page.getByRole("heading", { level: 1, name: "通知設定" })).toBeVisible();
  const priceMail = page.getByRole("checkbox", { name: "いいね！した商品の値下げをメールで受け取る" });
  await expect(priceMail).not.toBeChecked();
  await expect(page.getByRole("checkbox", { name: "購入・発送・評価をメールで受け取る" })).toBeChecked();
  await expect(
    page.getByRole("checkbox", { name: "オファー・値下げ交渉をプッシュ通知で受け取る" }),
  ).not.toBeChecked();
  expect(await seriousA11yProblems(page)).toEqual([]);
  await journeyShot(page, "price-drop-3-settings");

  await priceMail.check();
  await page.getByRole("button", { name: "保存する" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: "通知設定を保存しました" })).toBeVisible();
  await expect(priceMail).toBeChecked();
  const saved = await page.request.get("/api/v1/me/notification-settings");
  expect(((await saved.json()) as { price_drops: unknown }).price_drops).toEqual({ mail: true, push: false });

  // Push in this browser: the switch loads the push module, asks permission, registers /sw.js and
  // subscribes. Headless Chromium registers the worker but refuses the subscription ("AbortError:
  // Registration failed"; it has no push service), so the page says it could not, and keeps nothing.
  const push = page.getByTestId("push-section");
  await expect(push).toHaveAttribute("data-state", "off");
  const toggle = page.getByRole("switch", { name: "このブラウザでプッシュ通知を受け取る" });
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await toggle.click();
  await expect(push.getByRole("alert")).toHaveText(
    "プッシュ通知を設定できませんでした。時間をおいてもう一度お試しください。",
  );
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  const kept = await page.request.get("/api/v1/me/push-subscriptions");
  expect(((await kept.json()) as { count: number }).count).toBe(0);
  await journeyShot(page, "price-drop-4-push-failed");

  // The subscription endpoint itself, as the page's script would call it with a real browser's subscription.
  const subscribed = await page.request.post("/api/v1/me/push-subscriptions", {
    headers: ownOrigin(page),
    data: {
      endpoint: `https://push.example/send/${stamp}`,
      keys: { p256dh: `B${"q".repeat(86)}`, auth: "abcdefghijklmnopqrstuv" },
    },
  });
  expect(subscribed.status()).toBe(201);
  await page.reload();
  // Push follows mail for the first browser: the table now shows push for the kinds taken by mail.
  await expect(page.getByRole("checkbox", { name: "取引メッセージをプッシュ通知で受け取る" })).toBeChecked();
  await expect(
    page.getByRole("checkbox", { name: "いいね！した商品の値下げをプッシュ通知で受け取る" }),
  ).toBeChecked();

  // The same page in English, on a desk.
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto("/en/settings/notifications/");
  await expect(page.getByRole("heading", { level: 1, name: "Notification settings" })).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "Price drops on items you liked by email" })).toBeChecked();
  await expect(
    page.getByRole("switch", { name: "Receive push notifications in this browser" }),
  ).toBeVisible();
  expect(await seriousA11yProblems(page)).toEqual([]);
  await journeyShot(page, "price-drop-6-settings-en-desk");
  await member.close();
});

test("a browser without Push, or with notifications refused, is told so plainly", async ({ browser }) => {
  const stamp = Date.now();
  const member = await onPhone(browser);
  const page = member.page;
  await signUp(page, {
    email: `nopush-${stamp}@example.jp`,
    password: "nopush-password-2026",
    nickname: "ぷっしゅなし",
  });

  // Notifications refused for this site in the browser's settings.
  await page.addInitScript(() => {
    Object.defineProperty(Notification, "permission", { get: () => "denied" });
  });
  await page.goto("/ja/settings/notifications/");
  const push = page.getByTestId("push-section");
  await expect(push).toHaveAttribute("data-state", "denied");
  await expect(push.getByRole("status")).toHaveText(
    "このブラウザで通知が許可されていません。ブラウザのサイト設定で通知を「許可」にしてから、もう一度お試しください。",
  );
  await expect(page.getByRole("switch")).toHaveCount(0);

  // A browser that has no Push API at all (as Safari on an iPhone outside the home screen).
  await page.addInitScript(() => {
    // biome-ignore lint/suspicious/noExplicitAny: taking the API away, as an old browser lacks it
    delete (window as any).PushManager;
  });
  await page.reload();
  await expect(push).toHaveAttribute("data-state", "unsupported");
  await expect(push.getByRole("status")).toContainText("このブラウザはプッシュ通知に対応していません");
  await expect(page.getByRole("switch")).toHaveCount(0);
  expect(await seriousA11yProblems(page)).toEqual([]);
  await journeyShot(page, "price-drop-5-unsupported");
  await member.close();
});
