import { type Browser, expect, type Page, test } from "./fixtures.ts";
import { journeyShot, logIn, ownOrigin, seriousA11yProblems } from "./helpers.ts";

/** A member's own profile address, as my page links to it. */
async function ownProfilePath(page: Page): Promise<string> {
  await page.goto("/ja/mypage/");
  const href = await page.getByRole("link", { name: "プロフィールを見る" }).getAttribute("href");
  expect(href).toMatch(/^\/ja\/users\/\d+\/$/);
  return href!;
}

/** Signs in as someone else in a second browser context (its own cookies). */
async function asOther(browser: Browser, email: string) {
  const context = await browser.newContext({
    locale: "ja-JP",
    timezoneId: "Asia/Tokyo",
    viewport: { width: 412, height: 915 },
  });
  const page = await context.newPage();
  await logIn(page, email);
  return { page, close: () => context.close() };
}

test("a member follows, unfollows, blocks and unblocks another member", async ({ page, browser }) => {
  const hanako = await asOther(browser, "hanako@tsugu.example");
  const hanakoProfile = await ownProfilePath(hanako.page);

  await logIn(page, "taro@tsugu.example");
  const taroProfile = await ownProfilePath(page);

  // The demo accounts are shared with the other journeys: start from no block and no follow
  // between the two, and with Hanako's earlier notices read.
  const idOf = (profile: string) => profile.split("/")[3];
  expect(
    (
      await hanako.page.request.delete(`/api/v1/users/${idOf(taroProfile)}/block`, {
        headers: ownOrigin(hanako.page),
      })
    ).status(),
  ).toBe(204);
  expect(
    (
      await page.request.delete(`/api/v1/users/${idOf(hanakoProfile)}/follow`, { headers: ownOrigin(page) })
    ).status(),
  ).toBe(204);
  await hanako.page.goto("/ja/notifications/");

  // Hanako's profile: who she is, the ratings her demo trades earned, and a follow button.
  await page.goto(hanakoProfile);
  await expect(page.getByRole("heading", { level: 1, name: "はなこ" })).toBeVisible();
  await expect(page.getByTestId("reviews-summary")).toHaveText(/^良かった \d+・普通 \d+・残念だった \d+$/);
  const followers = async () =>
    Number((await page.getByTestId("count-followers").textContent())?.match(/\d+/)?.[0]);
  const before = await followers();
  await page.getByRole("button", { name: "フォローする" }).click();
  const following = page.getByRole("button", { name: /^フォロー中\s*（フォローをやめる）$/ });
  await expect(following).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("count-followers")).toContainText(String(before + 1));

  // Hanako hears of it: a badge on her bottom tab, a sentence on her notifications page.
  await hanako.page.goto("/ja/");
  const bell = hanako.page
    .getByRole("navigation", { name: "メインメニュー" })
    .getByRole("link", { name: /お知らせ/ });
  await expect(bell).toContainText("未読のお知らせ 1件");
  await bell.click();
  await expect(hanako.page).toHaveURL(/\/ja\/notifications\/$/);
  const notice = hanako.page.getByTestId("notification").first();
  await expect(notice).toContainText("たろうさんがあなたをフォローしました");
  await expect(notice).toHaveAttribute("data-unread", "true");

  // Taro's list of followed members has her; he unfollows from there.
  await page.goto("/ja/mypage/");
  await page.getByRole("link", { name: "フォロー中の会員" }).click();
  await expect(page).toHaveURL(/\/ja\/mypage\/followed-users\/$/);
  await expect(page.getByTestId("person-nickname")).toHaveText(["はなこ"]);
  await page.getByRole("button", { name: /^フォローをやめる\s*（はなこさん）$/ }).click();
  await expect(page.getByTestId("toast").filter({ hasText: "フォローをやめました" })).toBeVisible();
  await expect(page.getByTestId("empty-state")).toHaveText("フォローしている会員はいません");

  // Block her, after a confirm step; her profile then says so and offers no follow button.
  await page.goto(hanakoProfile);
  await page.getByLabel("その他の操作").click();
  await page.getByRole("link", { name: "ブロックする" }).click();
  const confirm = page.getByRole("alertdialog", { name: "はなこさんをブロックしますか？" });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "ブロックする" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: "ブロックしました" })).toBeVisible();
  await expect(page.getByTestId("you-blocked-notice")).toContainText("この会員をブロックしています");
  await expect(page.getByRole("button", { name: "フォローする" })).toHaveCount(0);
  await journeyShot(page, "social");

  // Hanako, blocked, sees why she cannot follow Taro.
  await hanako.page.goto(taroProfile);
  await expect(hanako.page.getByTestId("blocked-notice")).toContainText("この会員からブロックされているため");
  await expect(hanako.page.getByRole("button", { name: "フォローする" })).toHaveCount(0);
  await hanako.close();

  // Unblock from the list of blocked members; the follow button is back.
  await page.goto("/ja/mypage/blocked-users/");
  await expect(page.getByTestId("person-nickname")).toHaveText(["はなこ"]);
  await page.getByRole("button", { name: /^ブロックを解除する\s*（はなこさん）$/ }).click();
  await expect(page.getByTestId("toast").filter({ hasText: "ブロックを解除しました" })).toBeVisible();
  await expect(page.getByTestId("empty-state")).toHaveText("ブロックしている会員はいません");
  await page.goto(hanakoProfile);
  await expect(page.getByRole("button", { name: "フォローする" })).toBeVisible();
});

test("social pages have no serious accessibility problems", async ({ page, browser }) => {
  const other = await asOther(browser, "hanako@tsugu.example");
  const hanako = await ownProfilePath(other.page);
  await other.close();
  await logIn(page, "taro@tsugu.example");
  const paths = [
    hanako,
    `${hanako}?confirm=block`,
    `${hanako}followers/`,
    `${hanako}reviews/`,
    "/ja/mypage/",
    "/ja/mypage/listing-items/",
    "/ja/mypage/liked-items/",
    "/ja/mypage/followed-users/",
    "/ja/mypage/blocked-users/",
    "/ja/notifications/",
  ];
  for (const path of paths) {
    await page.goto(path);
    expect(await seriousA11yProblems(page), path).toEqual([]);
  }
});

test("a notification that arrives while an English page is open shows at once as a toast, in English", async ({
  page,
  browser,
}) => {
  // Two demo sellers no other journey signs in as: the follow between them is theirs alone.
  const follower = await asOther(browser, "seller17@tsugu.example");
  await logIn(page, "seller18@tsugu.example");
  const followedId = (await ownProfilePath(page)).split("/")[3];
  await follower.page.request.delete(`/api/v1/users/${followedId}/follow`, {
    headers: ownOrigin(follower.page),
  });

  // A page that lists no notifications: the sentence of one that arrives loads with it.
  await page.goto("/en/");
  await expect(page.locator("[data-live='on']")).toBeVisible();
  const follow = await follower.page.request.put(`/api/v1/users/${followedId}/follow`, {
    headers: ownOrigin(follower.page),
  });
  expect(follow.ok()).toBe(true);
  await expect(page.getByTestId("toast").filter({ hasText: " started following you" })).toBeVisible();

  await follower.page.request.delete(`/api/v1/users/${followedId}/follow`, {
    headers: ownOrigin(follower.page),
  });
  await follower.close();
});
