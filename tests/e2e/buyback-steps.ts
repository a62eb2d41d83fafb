import type { Browser, BrowserContext } from "@playwright/test";
import { formatYen } from "#app/i18n/index.ts";
import { imeiFrom } from "../helpers/imei.ts";
import { expect, type Page } from "./fixtures.ts";

/** Steps the buyback journeys share: the member's application form and the grader's diagnostics. */

/** A Japanese desk in Tokyo at 1366 × 900: where graders, operators and buyers work. */
export async function desk(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    locale: "ja-JP",
    timezoneId: "Asia/Tokyo",
    viewport: { width: 1366, height: 900 },
  });
  return { context, page: await context.newPage() };
}

/** A valid IMEI for 14 digits, optionally with the spaces an iPhone's settings show. */
export function imeiOf(body: string, spaced = false): string {
  const imei = imeiFrom(body);
  return spaced ? imei.replace(/^(\d{2})(\d{6})(\d{6})(\d)$/, "$1 $2 $3 $4") : imei;
}

export const jaYen = (n: number) => formatYen(n, "ja");

/** Today in Tokyo, as a date field takes it. */
export function tokyoToday(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Tokyo" }).format(new Date());
}

/** The application's condition answers for a phone in working order. */
export const FINE = {
  電源は入りますか: "入る",
  画面の状態: "割れ・不具合なし",
  バッテリーの状態: "問題なし（最大容量80%以上）",
  カメラ: "正常に撮れる",
  "ボタン・センサー（Face ID・指紋認証など）": "すべて正常",
  ネットワーク利用制限: "○（支払い済み）",
  外観: "使用感あり（小さな傷）",
};

/** Fills one device of the application page, each answer chosen by its question's and its own label. */
export async function fillDevice(
  page: Page,
  index: number,
  o: { model: string; storage: string; imei: string; answers: Record<string, string> },
) {
  const device = page.getByTestId(`device-${index}`);
  await device.getByLabel(/カテゴリ|Category/).selectOption("05");
  await device.getByLabel(/^(機種|Model)/).selectOption({ label: o.model });
  await device.getByLabel(/^(容量|Storage)/).selectOption(o.storage);
  const imei = device.getByLabel(/^IMEI/);
  await imei.fill(o.imei);
  // Leaving the field checks it: a wrong IMEI's message appears below it before the answers are chosen.
  await imei.blur();
  for (const [question, answer] of Object.entries(o.answers)) {
    await device
      .getByRole("group", { name: question, exact: true })
      .getByLabel(answer, { exact: true })
      .check();
  }
}

export type Diagnostics = {
  imei: string;
  serial: string;
  model: string;
  modelNumber?: string;
  os: string;
  batteryMax: string;
  maker: string;
  colour: string;
  passed: boolean;
};

/**
 * The grading form's diagnostic fields as a grader reads them off a device (the model number only
 * when given), tested and wiped today, NSYS "not applicable" with its reason.
 */
export async function fillDiagnostics(page: Page, d: Diagnostics) {
  const form = page.getByTestId("grading-form");
  const today = tokyoToday();
  const text: [string, string | undefined][] = [
    ["IMEI", d.imei],
    ["シリアル番号", d.serial],
    ["モデル名", d.model],
    ["型番", d.modelNumber],
    ["OSバージョン", d.os],
    ["バッテリー最大容量", d.batteryMax],
    ["バッテリー充放電回数", "388"],
    ["検査日", today],
    ["データ消去日", today],
    ["メーカー", d.maker],
    ["カラー", d.colour],
  ];
  for (const [label, value] of text) {
    if (value !== undefined) await form.getByLabel(label, { exact: true }).fill(value);
  }
  const choices: [string, string][] = [
    ["検査結果", d.passed ? "合格" : "不合格"],
    ["非純正部品", "なし"],
    ["電源", "オン"],
    ["初期化", "初期化済み"],
    ["通信キャリア", "SIMフリー"],
    ["ネットワーク利用制限", "○（制限なし）"],
    ["アクティベーションロック", "オフ"],
  ];
  for (const [label, option] of choices) {
    await form.getByLabel(label, { exact: true }).selectOption({ label: option });
  }
  await form.getByLabel("NSYSグレードを該当なしにする", { exact: true }).check();
  await form.getByLabel("NSYSグレードを該当なしにする理由", { exact: true }).fill("NSYSの検査は受けていない");
}

/**
 * Submits the grading form and, as the grader must, confirms the offer in the dialog that asks
 * first (the form says when it is ready to ask).
 */
export async function submitGrading(page: Page, button = "査定して査定額を提示する") {
  await expect(page.getByTestId("grading-form")).toHaveAttribute("data-hydrated", "true");
  await page.getByRole("button", { name: button }).click();
  await page
    .getByRole("alertdialog", { name: "査定額を提示しますか？" })
    .getByRole("button", { name: "提示する" })
    .click();
}

/** On the confirm page: a packing kit, the three confirmations, and the application is sent. */
export async function applyWithKit(page: Page) {
  await page.getByLabel("梱包キットで送る").check();
  await page.getByLabel(/iPhoneを探す/).check();
  await page.getByLabel(/バックアップ/).check();
  await page.getByLabel("18歳以上です").check();
  await page.getByRole("button", { name: "この内容で申し込む" }).click();
}
