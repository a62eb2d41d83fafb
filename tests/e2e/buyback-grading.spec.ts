import { GRADING_JOURNEY } from "./buyback-grading-setup.ts";
import { type Diagnostics, desk, fillDiagnostics, submitGrading } from "./buyback-steps.ts";
import { expect, test } from "./fixtures.ts";
import { journeyShot, logIn, seriousA11yProblems } from "./helpers.ts";

/** Every device diagnostic field, as a grader reads them off a working phone. */
const READINGS: Diagnostics = {
  imei: "356938035643809",
  serial: "F2LXK0QWERTY",
  model: GRADING_JOURNEY.model,
  modelNumber: "MNF83J/A",
  os: "iOS 18.1",
  batteryMax: "86",
  maker: "Apple",
  colour: "ミッドナイト",
  passed: true,
};

test("a grader receives a parcel, grades the device and the best bid becomes the member's offer", async ({
  browser,
}) => {
  const { context, page } = await desk(browser);
  await logIn(page, "grader@tsugu.example");

  // The parcel is on its way: the queue's first tab lists it with its invoice number.
  await page.goto("/ja/staff/buyback/?tab=arriving");
  await expect(page.getByRole("heading", { level: 1, name: "買取査定" })).toBeVisible();
  const parcel = page
    .getByRole("row")
    .filter({ hasText: GRADING_JOURNEY.model })
    .filter({ hasText: "たろう" });
  await expect(parcel).toHaveCount(1);
  await expect(parcel).toContainText(/\d{12}/);
  expect(await seriousA11yProblems(page)).toEqual([]);
  await parcel.getByRole("button", { name: /の荷物を受け取る$/ }).click();

  // Receiving the parcel takes the grader straight to its device.
  await expect(page.getByTestId("toast").filter({ hasText: "荷物を受け取りました" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: /^買取端末 \d+$/ })).toBeVisible();
  await expect(page.getByTestId("device-state")).toHaveText("査定中");
  expect(await seriousA11yProblems(page)).toEqual([]);

  // What the application tells is filled in and says so; the grade is the estimate's.
  const form = page.getByTestId("grading-form");
  await expect(form.getByLabel(/^B（使用感あり）/)).toBeChecked();
  await expect(form.getByLabel("モデル名", { exact: true })).toHaveValue(GRADING_JOURNEY.model);
  await expect(page.getByTestId("diagnostic-modelName").getByTestId("prefill-source")).toHaveText(
    "申込内容より",
  );
  await expect(page.getByTestId("diagnostic-memory").getByTestId("prefill-source")).toHaveText(
    "申込内容より",
  );

  // Every reading but the battery's: the summary names the field as a link to it, what was typed stays.
  await fillDiagnostics(page, READINGS);
  await form.getByLabel("バッテリー最大容量", { exact: true }).fill("");
  await expect(form).toHaveAttribute("data-hydrated", "true");
  await page.getByRole("button", { name: "査定して査定額を提示する" }).click();
  await page
    .getByRole("alertdialog", { name: "査定額を提示しますか？" })
    .getByRole("button", { name: "提示する" })
    .click();
  const summary = page.getByTestId("error-summary");
  await expect(summary).toContainText("入力内容を確認してください（1か所）");
  await expect(page.getByTestId("error-batteryMaxCapacity")).toHaveText(
    "バッテリー最大容量を入力してください。確認できない場合は「該当なし」にチェックして理由を書いてください",
  );
  await expect(form.getByLabel("バッテリー最大容量", { exact: true })).toBeFocused();
  await expect(form.getByLabel("シリアル番号", { exact: true })).toHaveValue("F2LXK0QWERTY");
  await expect(form.getByLabel("NSYSグレードを該当なしにする", { exact: true })).toBeChecked();
  await form.getByLabel("シリアル番号", { exact: true }).focus();
  await summary.getByRole("link", { name: "バッテリー最大容量" }).click();
  await expect(form.getByLabel("バッテリー最大容量", { exact: true })).toBeFocused();
  await form.getByLabel("バッテリー最大容量", { exact: true }).fill("86");
  await submitGrading(page);

  // The best bid for grade B is the offer; the member has a week to answer.
  await expect(page.getByTestId("toast").filter({ hasText: "査定額を会員に提示しました" })).toBeVisible();
  await expect(page.getByTestId("device-state")).toHaveText("査定完了");
  await expect(page.getByTestId("offer-amount")).toHaveText(
    `¥${GRADING_JOURNEY.bid.toLocaleString("ja-JP")}`,
  );
  await expect(page.getByTestId("offer")).toContainText("株式会社リユースモバイル");
  await expect(page.getByTestId("gradings")).toContainText("初回の査定");
  await expect(page.getByTestId("recorded-diagnostics")).toContainText("MNF83J/A");
  await expect(page.getByTestId("regrade").locator("summary")).toContainText("再査定する");
  expect(await seriousA11yProblems(page)).toEqual([]);
  await journeyShot(page, "buyback-grading-offered");

  // The queue now lists it among the offers waiting for the member.
  await page.goto("/ja/staff/buyback/?tab=offered");
  await expect(
    page.getByRole("row").filter({ hasText: GRADING_JOURNEY.model }).filter({ hasText: "たろう" }),
  ).toContainText("¥88,000");
  await context.close();
});
