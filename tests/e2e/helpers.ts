import AxeBuilder from "@axe-core/playwright";
import { type Cookie, expect, type Page } from "@playwright/test";
import sharp from "sharp";
import { finishedCheck } from "../helpers/checks.ts";
import { totpCode } from "../helpers/two-step.ts";

/**
 * What a page's own script would send with an API write made on the member's cookie: our origin.
 * Without it the API refuses a cookie-authenticated change (decision 018).
 */
export function ownOrigin(page: Page): { origin: string } {
  return { origin: new URL(page.url()).origin };
}

/** Opens the newest mail to an address in the development mailbox and returns its text. */
export async function readMail(page: Page, to: string, subjectPart: string): Promise<string> {
  const mailbox = await page.context().newPage();
  try {
    await mailbox.goto("/ja/dev/mailbox/");
    const item = mailbox.getByRole("link").filter({ hasText: to }).filter({ hasText: subjectPart }).first();
    await expect(item).toBeVisible();
    await item.click();
    await expect(mailbox.getByTestId("mail-to")).toHaveText(to);
    return (await mailbox.getByTestId("mail-body").textContent()) ?? "";
  } finally {
    await mailbox.close();
  }
}

export function codeFrom(text: string): string {
  const m = /確認コード: (\d{6})/.exec(text) ?? /Your code: (\d{6})/.exec(text);
  if (!m) throw new Error(`no code in mail: ${text}`);
  return m[1]!;
}

export function linkFrom(text: string, pathPart: string): string {
  const m = new RegExp(`https?://\\S*${pathPart}\\S*`).exec(text);
  if (!m) throw new Error(`no ${pathPart} link in mail: ${text}`);
  return m[0];
}

export async function journeyShot(page: Page, name: string) {
  await page.screenshot({ path: `.cache/test-results/journeys/${name}.png`, fullPage: true });
}

/** A new member, signed up through the pages (the code read from the mailbox); ends on my page. */
export async function signUp(page: Page, o: { email: string; password: string; nickname: string }) {
  await page.goto("/ja/signup/email/");
  await page.getByLabel("メールアドレス", { exact: true }).fill(o.email);
  await page.getByLabel("パスワード", { exact: true }).fill(o.password);
  await page.getByRole("button", { name: "確認コードを送信" }).click();
  // The code is mailed once the form has passed the bot check: wait for the code step first.
  await expect(page.getByLabel("確認コード", { exact: true })).toBeVisible();
  await page
    .getByLabel("確認コード", { exact: true })
    .fill(codeFrom(await readMail(page, o.email, "確認コード")));
  await page.getByRole("button", { name: "確認する" }).click();
  await page.getByLabel("ニックネーム", { exact: true }).fill(o.nickname);
  await page.getByRole("button", { name: "登録を完了する" }).click();
  await expect(page).toHaveURL(/\/ja\/mypage\/$/);
}

export const DEMO_PASSWORD = "tsugu-demo-2026";
/** The demo operators' authenticator secret (README): operators must use two-step verification. */
export const DEMO_OPERATOR_TOTP_SECRET = "TSUGUDEMOTWOSTEPKEYSTAFFACCOUNTS";

/**
 * The log-in's second step with a code computed from an authenticator secret. A code is accepted
 * once only: when this account already used the current step's, the next step's is typed (within
 * the one step of clock drift allowed), and only a third sign-in in the same half-minute waits.
 */
export async function passTwoStep(page: Page, secret: string) {
  await expect(page).toHaveURL(/\/login\/two-step\//);
  for (const attempt of [0, 1, 2]) {
    if (attempt === 2) await page.waitForTimeout(30_000 - (Date.now() % 30_000) + 500);
    const code = totpCode(secret, Date.now() + (attempt === 0 ? 0 : 30_000));
    await page.getByLabel("確認コード", { exact: true }).fill(code);
    await page.getByRole("button", { name: "確認してログイン", exact: true }).click();
    await page
      .waitForURL((url) => !url.pathname.includes("/login/two-step/"), { timeout: 5_000 })
      .catch(() => undefined);
    if (!new URL(page.url()).pathname.includes("/login/two-step/")) return;
  }
}

/**
 * The session each demo account got the first time a journey logged it in (journeys run one after
 * another in one worker). Sign-in is rate-limited per address and per IP, as in production, so
 * the journeys sign each account in once and reuse its session while it is still valid.
 */
const sessions = new Map<string, Cookie[]>();

/** Logs a demo account in (its live session, or through the login page) and lands on my page. */
export async function logIn(page: Page, email: string, password = DEMO_PASSWORD) {
  const saved = sessions.get(`${email}\n${password}`);
  if (saved) {
    await page.context().addCookies(saved);
    await page.goto("/ja/mypage/");
    if (new URL(page.url()).pathname === "/ja/mypage/") return;
  }
  // My page named as the way back: sent there by no page, operators and buyers would go to their desks.
  await page.goto("/ja/login/?redirect=%2Fja%2Fmypage%2F");
  await page.getByLabel("メールアドレス", { exact: true }).fill(email);
  await page.getByLabel("パスワード", { exact: true }).fill(password);
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
  await page.waitForURL((url) => !url.pathname.endsWith("/ja/login/"));
  if (new URL(page.url()).pathname.includes("/login/two-step/")) {
    await passTwoStep(page, DEMO_OPERATOR_TOTP_SECRET);
  }
  await expect(page).toHaveURL(/\/ja\/mypage\/$/);
  sessions.set(
    `${email}\n${password}`,
    (await page.context().cookies()).filter((c) => c.name === "tsugu"),
  );
}

/**
 * axe on the current page, reporting its violations in full. It runs `axe.run` in the page itself
 * (our pages have no frames from another site) and lists one element each for rules that passed
 * or did not apply: the same rules, without a blank page opened per check to merge the frames'
 * results, or every passing element's selector sent over (bench/results/test-suite.md, run 32).
 */
export function axe(page: Page, rules: Record<string, { enabled: boolean }> = {}): AxeBuilder {
  return new AxeBuilder({ page }).options({ resultTypes: ["violations"], rules }).setLegacyMode(true);
}

/**
 * The serious and critical WCAG 2.1 AA problems axe finds on the current page, with "label in
 * name" (2.5.3) too, which axe still calls experimental: a link or button whose visible words are
 * not in its accessible name cannot be called by those words with voice control.
 */
export async function seriousA11yProblems(page: Page): Promise<string[]> {
  // A page still loading (a button dimmed while its form is sent) is not the page as it settles.
  await page.waitForLoadState("networkidle");
  const { violations } = await axe(page, { "label-content-name-mismatch": { enabled: true } })
    .withTags(["wcag2a", "wcag2aa", "wcag21aa"])
    .analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** A member lists a phone shipped by the courier integration (らくらくTsugu便), through the API. */
export async function listPhone(
  page: Page,
  title: string,
  price: number,
  fields: Record<string, unknown> = {},
): Promise<number> {
  const created = await page.request.post("/api/v1/items", {
    headers: ownOrigin(page),
    data: {
      title,
      description: "動作確認済み。画面に小さな傷があります。",
      price: String(price),
      category_code: "05",
      brand_code: "00001",
      condition: "USED",
      postage: "INCLUDED",
      shipping_method: "10",
      lead_time: "01",
      storage_gb: "128",
      color: "black",
      carrier: "simfree",
      network_restriction: "○",
      activation_lock: "off",
      battery_health: "88",
      defects: [],
      ...fields,
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#3a7bd5" } })
    .jpeg()
    .toBuffer();
  const uploaded = await page.request.post(`/api/v1/items/${id}/photos`, {
    headers: ownOrigin(page),
    multipart: { photo: { name: "phone.jpg", mimeType: "image/jpeg", buffer: photo } },
  });
  expect(uploaded.status()).toBe(201);
  expect(
    (await page.request.post(`/api/v1/items/${id}/publish`, { headers: ownOrigin(page) })).status(),
  ).toBe(200);
  return id;
}

/**
 * The member signed in on `page` puts a self-check report made now on their listing, through the API:
 * the listing is 動作チェック済み for 30 days.
 */
export async function putSelfCheck(page: Page, itemId: number): Promise<void> {
  const saved = await page.request.post("/api/v1/device-checks", {
    headers: ownOrigin(page),
    data: finishedCheck(new Date()),
  });
  expect(saved.status()).toBe(201);
  const { id } = (await saved.json()) as { id: string };
  const attached = await page.request.put(`/api/v1/items/${itemId}/device-check`, {
    headers: ownOrigin(page),
    data: { report_id: id },
  });
  expect(attached.status()).toBe(200);
}

/** Tomorrow in Tokyo as YYYY-MM-DD (what a date input holds). */
export function tokyoTomorrow(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Tokyo" }).format(
    new Date(Date.now() + 86_400_000),
  );
}

/**
 * Confirms a step that cannot be undone (shipping notice, cancellation, receipt rating): in the
 * dialog once the page has hydrated, or on the confirmation the server sends back before that.
 */
export async function confirmStep(page: Page, button: string): Promise<void> {
  const dialog = page.getByRole("alertdialog");
  const panel = page.getByTestId("confirm-panel");
  await expect(dialog.or(panel)).toBeVisible();
  const where = (await dialog.isVisible()) ? dialog : panel;
  await where.getByRole("button", { name: button }).click();
}

/**
 * A sale from shipping to its end: the seller books a courier pickup, the buyer rates on receipt,
 * the seller rates back, and the proceeds are released.
 */
export async function shipAndRate(seller: Page, buyer: Page, itemId: number): Promise<void> {
  await seller.goto(`/ja/items/${itemId}/transactions/seller/`);
  await seller.getByLabel("送り状の種類").selectOption("12");
  await seller.getByLabel("発送方法").selectOption("00");
  await seller.getByLabel("集荷希望日").fill(tokyoTomorrow());
  await seller.getByLabel("集荷希望時間帯").selectOption("07");
  await seller.getByRole("button", { name: "発送を通知する" }).click();
  await confirmStep(seller, "発送を通知する");
  await expect(seller.getByTestId("transaction-state")).toHaveText("受取評価待ち");
  await buyer.goto(`/ja/items/${itemId}/transactions/buyer/review/`);
  await buyer.getByLabel("良かった").check();
  await buyer.getByRole("button", { name: "受取評価をする" }).click();
  await confirmStep(buyer, "受取評価をする");
  await expect(buyer.getByTestId("transaction-state")).toHaveText("出品者の評価待ち");
  await seller.goto(`/ja/items/${itemId}/transactions/seller/review/`);
  await seller.getByLabel("良かった").check();
  await seller.getByRole("button", { name: "評価する" }).click();
  await confirmStep(seller, "評価して取引を完了する");
  await expect(seller.getByTestId("transaction-state")).toHaveText("取引完了");
}

/** A delivery address in Tokyo, as the address API takes it. */
export const TOKYO_ADDRESS = {
  family_name: "佐藤",
  given_name: "一郎",
  family_name_kana: "サトウ",
  given_name_kana: "イチロウ",
  postal_code: "1500001",
  prefecture_code: "13",
  city: "渋谷区神宮前",
  street: "1-2-3",
  building: "",
  phone: "09012345678",
};

/**
 * A demo member with a delivery address buys an item by card (no 3-D Secure), through the API as
 * the buy page's script would: the card is tokenised at the payments sandbox, never sent to us.
 */
export async function buyByCard(buyer: Page, itemId: number): Promise<void> {
  expect(
    (
      await buyer.request.put("/api/v1/me/address", { headers: ownOrigin(buyer), data: TOKYO_ADDRESS })
    ).status(),
  ).toBe(200);
  const token = await buyer.request.post("/sandbox/payments/v1/tokens", {
    data: { number: "4242424242424242", exp_month: 12, exp_year: 2035, cvc: "123" },
  });
  expect(token.status()).toBe(201);
  const bought = await buyer.request.post(`/api/v1/items/${itemId}/purchase`, {
    headers: { ...ownOrigin(buyer), "Idempotency-Key": `e2e-buy-${itemId}` },
    data: { payment_method: "card", card_token: ((await token.json()) as { id: string }).id },
  });
  expect(bought.status(), await bought.text()).toBe(201);
}

/** The seller setup's bank step: 三菱UFJ銀行 本店, account 1234567, in the holder's kana. */
export async function fillBankAccount(page: Page, holderKana: string): Promise<void> {
  await page.getByRole("button", { name: "三菱UFJ銀行" }).click();
  // The branch search asks within the bank chosen: it is shown chosen first.
  await expect(page.getByRole("button", { name: "三菱UFJ銀行" })).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("combobox", { name: "支店" }).fill("本店");
  await page
    .getByRole("listbox", { name: "支店" })
    .getByRole("option", { name: /^本店 / })
    .click();
  await page.getByLabel("口座番号", { exact: true }).fill("1234567");
  await page.getByLabel("口座名義（カナ）", { exact: true }).fill(holderKana);
}
