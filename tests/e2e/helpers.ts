import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

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

export const DEMO_PASSWORD = "tsugu-demo-2026";

/** Logs a demo account in through the login page and lands on my page. */
export async function logIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto("/ja/login/");
  await page.getByLabel("メールアドレス", { exact: true }).fill(email);
  await page.getByLabel("パスワード", { exact: true }).fill(password);
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
  await expect(page).toHaveURL(/\/ja\/mypage\/$/);
}

/** The serious and critical WCAG 2.1 AA problems axe finds on the current page. */
export async function seriousA11yProblems(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa"]).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}
