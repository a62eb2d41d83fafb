import { GRADING_DESK } from "./buyback-grading-setup.ts";
import { desk, submitGrading } from "./buyback-steps.ts";
import { expect, type Page, test } from "./fixtures.ts";
import { journeyShot, logIn, seriousA11yProblems } from "./helpers.ts";

/** The keyboard as a grader's hands and scanner use it, counting every key sent (a chord's keys each). */
function countingKeyboard(page: Page) {
  let presses = 0;
  return {
    /** Types as a USB barcode scanner does: one key a character. */
    async type(text: string) {
      presses += [...text].length;
      await page.keyboard.type(text);
    },
    async press(keys: string) {
      presses += keys.split("+").length;
      await page.keyboard.press(keys);
    },
    get presses() {
      return presses;
    },
  };
}

test("a grader receives three parcels at once, opens a device by scanning its IMEI and grades it by keyboard in under 30 keys", async ({
  browser,
}) => {
  const { context, page } = await desk(browser);
  await logIn(page, "grader@tsugu.example");

  // The three parcels on their way: their invoice numbers are scanned into the batch, one a line.
  await page.goto("/ja/staff/buyback/?tab=arriving");
  await expect(page.getByRole("heading", { level: 2, name: "荷物をまとめて受け取る" })).toBeVisible();
  const parcels = page.getByRole("row").filter({ hasText: GRADING_DESK.seller });
  await expect(parcels).toHaveCount(3);
  const invoices = (await parcels.locator("td.font-mono").allTextContents()).map((s) => s.trim());
  expect(invoices).toHaveLength(3);
  expect(await seriousA11yProblems(page)).toEqual([]);
  const batchKeys = countingKeyboard(page);
  await page.getByLabel("送り状番号（1行に1件）").focus();
  for (const invoice of invoices) {
    await batchKeys.type(invoice);
    await batchKeys.press("Enter");
  }
  await page.getByRole("button", { name: "まとめて受け取る" }).click();
  const result = page.getByTestId("batch-result");
  await expect(result).toContainText("3件のうち3件を受け取りました。");
  await expect(result.getByTestId("batch-outcome")).toHaveCount(3);
  for (const invoice of invoices) {
    await expect(result.getByTestId("batch-outcome").filter({ hasText: invoice })).toContainText(
      "受け取りました",
    );
  }
  await expect(parcels).toHaveCount(0);
  await journeyShot(page, "grading-desk-batch");

  // A number that matches nothing is said in words, and what was scanned stays in the box.
  await page.goto("/ja/staff/buyback/");
  const scanBox = page.getByRole("textbox", { name: "IMEI・送り状番号を読み取る" });
  await expect(scanBox).toBeFocused();
  await page.keyboard.type("990001017799990");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("scan-error")).toHaveText(
    "「990001017799990」に一致する端末も荷物もありません。番号を確かめて、もう一度読み取ってください。",
  );
  await expect(scanBox).toHaveValue("990001017799990");
  expect(await seriousA11yProblems(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await seriousA11yProblems(page)).toEqual([]);
  await journeyShot(page, "grading-desk-queue-phone");
  await page.setViewportSize({ width: 1366, height: 900 });

  // From here on only the keyboard: the scan box has the focus when the queue opens.
  await page.goto("/ja/staff/buyback/");
  await expect(scanBox).toBeFocused();
  await journeyShot(page, "grading-desk-queue");
  const keys = countingKeyboard(page);
  const imei = GRADING_DESK.imeis[0]!;
  await keys.type(imei);
  await keys.press("Enter");

  // The device opens with what its application and IMEI tell filled in, each saying where from.
  await expect(page.getByRole("heading", { level: 1, name: /^買取端末 \d+$/ })).toBeVisible();
  await expect(page.getByTestId("device-state")).toHaveText("査定中");
  const form = page.getByTestId("grading-form");
  await expect(form).toHaveAttribute("data-hydrated", "true");
  await expect(form.getByLabel("IMEI", { exact: true })).toHaveValue(imei);
  await expect(page.getByTestId("diagnostic-imei").getByTestId("prefill-source")).toHaveText("申込内容より");
  await expect(page.getByTestId("diagnostic-manufacturer").getByTestId("prefill-source")).toHaveText(
    "IMEIより",
  );
  await expect(form.getByLabel("メーカー", { exact: true })).toHaveValue("Apple");
  await expect(page.getByTestId("diagnostic-testResult").getByTestId("prefill-source")).toHaveText(
    "機種の標準",
  );
  await expect(form.getByLabel(/^B（使用感あり）/)).toBeChecked();
  expect(await seriousA11yProblems(page)).toEqual([]);
  await journeyShot(page, "grading-desk-device");

  // The focus waits at the one reading the application cannot give: the battery's maximum capacity.
  const battery = form.getByLabel("バッテリー最大容量", { exact: true });
  await expect(battery).toBeFocused();
  await keys.type("86");
  await keys.press("Control+Enter");
  const ask = page.getByRole("alertdialog", { name: "査定額を提示しますか？" });
  await expect(ask).toContainText("グレードB");
  await expect(ask.getByRole("button", { name: "提示する" })).toBeFocused();
  await journeyShot(page, "grading-desk-confirm");
  await keys.press("Enter");

  await expect(page.getByTestId("toast").filter({ hasText: "査定額を会員に提示しました" })).toBeVisible();
  await expect(page.getByTestId("device-state")).toHaveText("査定完了");
  await expect(page.getByTestId("recorded-diagnostics")).toContainText("86%");
  // 15 digits and Enter to scan, two for the battery, Ctrl+Enter and Enter to confirm: 21 keys.
  expect(keys.presses).toBe(21);
  expect(keys.presses).toBeLessThan(30);

  // A regrade keeps the first grading: the history shows each changed reading before and after.
  await page.getByTestId("regrade").locator("summary").click();
  await form.getByLabel("バッテリー最大容量", { exact: true }).fill("84");
  await form.getByLabel("再査定の理由", { exact: true }).fill("バッテリー最大容量を測り直しました");
  await submitGrading(page, "再査定して新しい査定額を提示する");
  await expect(page.getByTestId("toast").filter({ hasText: "再査定" })).toBeVisible();
  await expect(page.getByTestId("gradings").getByTestId("grading")).toHaveCount(2);
  await expect(page.getByTestId("changed-values")).toHaveText("バッテリー最大容量：86% → 84%");

  // The submit is reached without the mouse: Tab by Tab from the battery field of the next device.
  await page.goto("/ja/staff/buyback/");
  await page.keyboard.type(GRADING_DESK.imeis[1]!);
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("grading-form")).toHaveAttribute("data-hydrated", "true");
  await expect(form.getByLabel("バッテリー最大容量", { exact: true })).toBeFocused();
  const submit = form.getByRole("button", { name: "査定して査定額を提示する" });
  let tabs = 0;
  while (tabs < 80 && !(await submit.evaluate((el) => el === document.activeElement))) {
    await page.keyboard.press("Tab");
    tabs += 1;
  }
  await expect(submit).toBeFocused();
  // Each later field and its "not applicable" box (a date's parts each), the note: 40 stops, none
  // on a reason for a field that is not ticked "not applicable".
  expect(tabs).toBeLessThanOrEqual(40);

  // The device page passes axe at phone width too.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await seriousA11yProblems(page)).toEqual([]);
  await journeyShot(page, "grading-desk-device-phone");
  await context.close();
});
