import { expect, type Page, test } from "./fixtures.ts";
import { codeFrom, journeyShot, readMail, seriousA11yProblems } from "./helpers.ts";

const BUYER = "buyer@tsugu.example";
const COMPANY = "株式会社リユースモバイル";

async function expectAccessible(page: Page) {
  expect(await seriousA11yProblems(page), page.url()).toEqual([]);
}

test("a business buyer logs in with an emailed code, opens the account settings and logs out (ja)", async ({
  page,
}) => {
  // The buyer portal sends a visitor to the buyback login, which comes back afterwards.
  await page.goto("/ja/buyback/setup/account/");
  await expect(page).toHaveURL(/\/ja\/buyback\/login\/\?redirect=%2Fja%2Fbuyback%2Fsetup%2Faccount%2F$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("法人バイヤーログイン");
  await expect(page.getByTestId("subsidy-notice")).toContainText("ものづくり補助金");
  await expect(page.locator("#main").getByRole("link", { name: "利用規約" })).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel("メールアドレス", { exact: true }).fill(BUYER);
  await page.getByRole("button", { name: "コードを送信" }).click();
  await expect(page.getByTestId("code-sent")).toContainText(BUYER);
  await expect(page.getByLabel("確認コード", { exact: true })).toBeFocused();
  const code = codeFrom(await readMail(page, BUYER, "ログイン確認コード"));

  // A wrong code is refused with a message; the address stays.
  await page.getByLabel("確認コード", { exact: true }).fill(code === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
  await expect(page.getByTestId("error-code")).toHaveText("確認コードが正しくありません");
  await expect(page.getByLabel("メールアドレス", { exact: true })).toHaveValue(BUYER);

  await page.getByLabel("確認コード", { exact: true }).fill(code);
  await page.getByLabel("ログインしたままにする").check();
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
  await expect(page).toHaveURL(/\/ja\/buyback\/setup\/account\/$/);
  await expect(page.getByTestId("toast").filter({ hasText: "ログインしました" })).toBeVisible();
  await expect(page.getByTestId("buyer-company")).toHaveText(COMPANY);
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === "tsugu_buyback")?.value).toMatch(/^\d+$/);
  expect(cookies.find((c) => c.name === "tsugu")?.expires).toBeGreaterThan(0);

  // Account settings: company name, user name, e-mail, save.
  // On a phone the portal's menu folds behind its button.
  await page.getByTestId("desk-menu").getByText("メニュー", { exact: true }).click();
  const nav = page.getByRole("navigation", { name: "バイヤーメニュー" });
  await nav.getByRole("link", { name: "アカウント設定" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("アカウント設定");
  await expect(page.getByLabel("会社名", { exact: true })).toHaveValue(COMPANY);
  await expect(page.getByLabel("メールアドレス", { exact: true })).toHaveValue(BUYER);
  await page.getByLabel("ユーザー名", { exact: true }).fill("");
  await page.getByRole("button", { name: "保存する" }).click();
  await expect(page.getByTestId("error-name")).toHaveText("ユーザー名を入力してください");
  await expect(page.getByLabel("会社名", { exact: true })).toHaveValue(COMPANY);
  await page.getByLabel("ユーザー名", { exact: true }).fill("買取 太郎");
  await page.getByRole("button", { name: "保存する" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: "アカウント設定を保存しました" })).toBeVisible();
  await expect(page.getByLabel("ユーザー名", { exact: true })).toHaveValue("買取 太郎");
  await expectAccessible(page);
  await journeyShot(page, "buyback-account-settings");

  // Logging out clears both cookies and goes back to the buyback login.
  await page.getByRole("button", { name: "ログアウト" }).click();
  await expect(page).toHaveURL(/\/ja\/buyback\/login\/$/);
  await expect(page.getByTestId("toast").filter({ hasText: "ログアウトしました" })).toBeVisible();
  const after = await page.context().cookies();
  expect(after.some((c) => c.name === "tsugu" || c.name === "tsugu_buyback")).toBe(false);
  await page.goto("/ja/buyback/setup/account/");
  await expect(page).toHaveURL(/\/ja\/buyback\/login\/\?redirect=/);
});

test("the same in English, into the portal and out again", async ({ page }) => {
  await page.goto("/en/buyback/login/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Business buyer login");
  await expectAccessible(page);
  await page.getByLabel("Email address", { exact: true }).fill(BUYER);
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByTestId("code-sent")).toContainText(BUYER);
  const code = codeFrom(await readMail(page, BUYER, "login code"));
  await page.getByLabel("Code", { exact: true }).fill(code);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  // The portal's first section (the delivery list).
  await expect(page).toHaveURL(/\/en\/buyback\/deliveries\/$/);
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === "tsugu")?.expires).toBe(-1);

  await page.goto("/en/buyback/setup/account/");
  await expect(page.getByTestId("buyer-company")).toHaveText(COMPANY);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Account settings");
  await expect(page.getByLabel("Company name", { exact: true })).toHaveValue(COMPANY);
  await expectAccessible(page);
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/en\/buyback\/login\/$/);
  await expect(page.getByTestId("toast").filter({ hasText: "You are logged out" })).toBeVisible();
});

test("an invitation link that names nothing is a clear page, in both languages", async ({ page }) => {
  for (const [lang, title] of [
    ["ja", "招待リンクが見つかりません"],
    ["en", "Invitation link not found"],
  ] as const) {
    await page.goto(`/${lang}/buyback/signup/?token=no-such-invitation`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByTestId("invitation-closed")).toBeVisible();
    await expectAccessible(page);
  }
});
