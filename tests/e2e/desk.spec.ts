import { type Browser, expect, type Page, test } from "./fixtures.ts";
import {
  buyByCard,
  DEMO_OPERATOR_TOTP_SECRET,
  DEMO_PASSWORD,
  journeyShot,
  listPhone,
  logIn,
  ownOrigin,
  passTwoStep,
  seriousA11yProblems,
} from "./helpers.ts";

test.use({ viewport: { width: 1366, height: 900 }, locale: "ja-JP", timezoneId: "Asia/Tokyo" });

/** An operator signs in from the login page itself, sent there by no page. */
async function signInAsOperator(page: Page, email: string) {
  await page.goto("/ja/login/");
  await page.getByLabel("メールアドレス", { exact: true }).fill(email);
  await page.getByLabel("パスワード", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
  await passTwoStep(page, DEMO_OPERATOR_TOTP_SECRET);
}

test("an operator signs in and lands on the dashboard in the desk shell", async ({ page }) => {
  await signInAsOperator(page, "staff@tsugu.example");
  await expect(page).toHaveURL(/\/ja\/staff\/$/);
  await expect(page.getByRole("heading", { level: 1, name: "ダッシュボード" })).toBeVisible();
  // The desk's frame, not the site's: no search bar, 出品する or tab bar.
  await expect(page.getByRole("search")).toHaveCount(0);
  await expect(page.getByTestId("header-sell")).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "メインメニュー" })).toHaveCount(0);
  await expect(page.getByTestId("desk-name")).toHaveText("Tsugu 運営");
  await expect(page.getByTestId("desk-roles")).toHaveText("管理者");
  const menu = page.getByRole("navigation", { name: "管理メニュー" });
  await expect(menu.getByRole("link", { name: "取引" })).toBeVisible();
  // By keyboard: the skip link (Tab, Enter) and one Tab reach the first figure, past the whole menu.
  await page.reload();
  await expect(page.getByTestId("figure-sales")).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "本文へスキップ" })).toBeFocused();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  await expect(page.getByTestId("figure-sales").getByRole("link")).toBeFocused();
  // The numbers an operator watches, each a link to its list.
  await expect(page.getByTestId("figure-sales")).toContainText("流通総額");
  await page.getByTestId("figure-sales").getByRole("link").click();
  await expect(page).toHaveURL(/\/ja\/staff\/transactions\/\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.goBack();
  await page.getByTestId("figure-payoutsWaiting").getByRole("link").click();
  await expect(page).toHaveURL(/\/ja\/staff\/payouts\/\?state=READY$/);
  await page.goBack();
  await page.getByTestId("figure-moneyAlerts").getByRole("link").click();
  await expect(page).toHaveURL(/\/ja\/staff\/money-alerts\/$/);
  await page.goBack();
  await page.getByTestId("figure-inGrading").getByRole("link").click();
  await expect(page).toHaveURL(/\/ja\/staff\/buyback\/$/);
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1, name: "ダッシュボード" })).toBeVisible();
  await journeyShot(page, "desk-dashboard");

  // axe finds nothing serious on the dashboard and the money and member lists, at a desk and on a phone.
  const pages = ["", "transactions/", "payouts/", "members/", "payout-runs/", "money-alerts/"];
  for (const size of [
    { width: 1366, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    for (const path of pages) {
      await page.goto(`/ja/staff/${path}`);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await seriousA11yProblems(page), `${path} at ${size.width}`).toEqual([]);
    }
  }
  // On a phone the menu is one button away, every entry in it.
  await page.goto("/ja/staff/");
  await expect(page.getByRole("navigation", { name: "管理メニュー" })).toBeHidden();
  await page.getByTestId("desk-menu").getByText("メニュー", { exact: true }).click();
  await expect(
    page.getByRole("navigation", { name: "管理メニュー" }).getByRole("link", { name: "ロールと権限" }),
  ).toBeVisible();
  await journeyShot(page, "desk-dashboard-phone-menu");
});

/** A member's page of its own, in a context of its own, signed in (its session reused across journeys). */
async function memberPage(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ locale: "ja-JP", timezoneId: "Asia/Tokyo" });
  const page = await context.newPage();
  await logIn(page, email);
  return page;
}

test("an operator moves through a queue with j and k, never while typing", async ({ page, browser }) => {
  const stamp = Date.now();
  // A member asks support twice: the two newest inquiries stand last in the queue, in that order.
  const member = await memberPage(browser, "hanako@tsugu.example");
  const ids: number[] = [];
  for (const n of [1, 2]) {
    const asked = await member.request.post("/api/v1/me/inquiries", {
      headers: ownOrigin(member),
      data: {
        category: "account",
        subject: `ショートカット確認 ${stamp}-${n}`,
        body: "ログインについて教えてください。",
      },
    });
    expect(asked.status(), await asked.text()).toBe(201);
    ids.push(((await asked.json()) as { id: number }).id);
  }
  await member.context().close();

  await logIn(page, "support@tsugu.example");
  await page.goto(`/ja/staff/support/${ids[0]}/`);
  const stepper = page.getByRole("navigation", { name: "キューの中の移動" });
  await expect(stepper.getByRole("link", { name: "次へ →" })).toBeVisible();
  await expect(stepper.getByRole("link", { name: "← 前へ" })).toBeVisible();
  // "?" opens the help; j goes to the next item, k back.
  await expect(page.getByTestId("queue-stepper")).toHaveAttribute("data-keys", "on");
  await page.keyboard.press("?");
  await expect(page.getByText("キューの次の項目へ")).toBeVisible();
  await page.keyboard.press("?");
  await expect(page.getByText("キューの次の項目へ")).toBeHidden();
  await page.keyboard.press("j");
  await expect(page).toHaveURL(new RegExp(`/ja/staff/support/${ids[1]}/$`));
  await expect(page.getByRole("link", { name: "次へ →" })).toHaveCount(0);
  await page.keyboard.press("k");
  await expect(page).toHaveURL(new RegExp(`/ja/staff/support/${ids[0]}/$`));
  // In the answer's field the letters are the answer's.
  const answer = page.getByRole("textbox").first();
  await answer.click();
  await page.keyboard.press("j");
  await expect(answer).toHaveValue(/j$/);
  await expect(page).toHaveURL(new RegExp(`/ja/staff/support/${ids[0]}/$`));
  // The visible link does the same as the key.
  await stepper.getByRole("link", { name: "次へ →" }).click();
  await expect(page).toHaveURL(new RegExp(`/ja/staff/support/${ids[1]}/$`));
  await journeyShot(page, "desk-queue-stepper");
  expect(await seriousA11yProblems(page)).toEqual([]);
});

test("trust and safety release several held sales in one go, each reported", async ({ page, browser }) => {
  const stamp = Date.now();
  const seller = await memberPage(browser, "taro@tsugu.example");
  const items = [
    await listPhone(seller, `一括解除テスト A ${stamp}`, 4800),
    await listPhone(seller, `一括解除テスト B ${stamp}`, 5200),
  ];
  await seller.context().close();
  const buyer = await memberPage(browser, "hanako@tsugu.example");
  for (const item of items) await buyByCard(buyer, item);
  await buyer.context().close();

  // Both sales put on hold, as an operator would from each page.
  await logIn(page, "staff@tsugu.example");
  const found = await page.request.get(
    `/api/v1/staff/transactions?q=${encodeURIComponent(`一括解除テスト A ${stamp}`)}`,
  );
  const other = await page.request.get(
    `/api/v1/staff/transactions?q=${encodeURIComponent(`一括解除テスト B ${stamp}`)}`,
  );
  const idOf = async (r: typeof found) =>
    ((await r.json()) as { search: { rows: { id: number }[] } }).search.rows[0]!.id;
  const held = [await idOf(found), await idOf(other)];
  for (const id of held) {
    const hold = await page.request.post(`/api/v1/staff/transactions/${id}/hold`, {
      headers: ownOrigin(page),
      data: { reason: "購入者から連絡があったため確認します" },
    });
    expect(hold.status(), await hold.text()).toBe(200);
  }

  await page.goto("/ja/staff/transactions/");
  // Nothing chosen: said, nothing changes.
  await page.getByLabel("理由").last().fill("双方に確認が取れたため");
  await page.getByRole("button", { name: "選んだ取引の保留を解除する" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "1件以上選んでください" })).toBeVisible();
  await expect(page.getByLabel("理由").last()).toHaveValue("双方に確認が取れたため");
  for (const id of held) await page.getByLabel(`${id}を選ぶ`).check();
  await page.getByRole("button", { name: "選んだ取引の保留を解除する" }).click();
  const results = page.getByTestId("bulk-results");
  await expect(results).toContainText("2件が完了、0件はできませんでした");
  for (const id of held) {
    await expect(page.getByTestId(`bulk-row-${id}`)).toHaveText(`${id}: 完了しました`);
    await expect(page.getByLabel(`${id}を選ぶ`)).toHaveCount(0);
  }
  await journeyShot(page, "desk-bulk-release");
  expect(await seriousA11yProblems(page)).toEqual([]);
});

test("every section of the back office passes axe on a phone, where wide tables scroll", async ({ page }) => {
  await signInAsOperator(page, "staff@tsugu.example");
  await expect(page).toHaveURL(/\/ja\/staff\/$/);
  const menu = page.getByRole("navigation", { name: "管理メニュー" });
  // The address changes as the page starts to load: its menu is read once it is there.
  await expect(menu.getByRole("link", { name: "ダッシュボード" })).toBeVisible();
  const paths = await menu
    .getByRole("link")
    .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  expect(paths.length).toBeGreaterThan(15);
  // The desk width of the busiest lists is checked in the journeys above; a phone is where a table
  // that scrolls sideways must be reachable by keyboard, on every section.
  await page.setViewportSize({ width: 390, height: 844 });
  const problems: string[] = [];
  for (const url of paths) {
    await page.goto(url);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    for (const problem of await seriousA11yProblems(page)) problems.push(`${url}: ${problem}`);
  }
  expect(problems).toEqual([]);
});
