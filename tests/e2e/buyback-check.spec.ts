import { CHECK_TESTS } from "#core/checks/tests.ts";
import { IPHONE_UA } from "../helpers/checks.ts";
import { applyWithKit, desk, imeiOf, jaYen } from "./buyback-steps.ts";
import { expect, type Page, test } from "./fixtures.ts";
import { journeyShot, logIn, ownOrigin, seriousA11yProblems } from "./helpers.ts";

/** A demo member who sold to the buyback before and whom no other journey signs in. */
const MEMBER = "kaitori.tanaka@tsugu.example";

/**
 * The check the phone being sold sends through the QR code's link, on the wire: everything worked
 * but the back camera (the earpiece and vibration are not testable on an iPhone).
 */
function phoneCheck(link: string) {
  const tests = Object.fromEntries(
    CHECK_TESTS.map((test) => [test.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), "pass"]),
  );
  return {
    tests: { ...tests, back_camera: "fail", earpiece: "unsupported", vibration: "unsupported" },
    display_defects: [],
    battery: { level: 0.64, charging: false },
    network: { online: true, type: "wifi" },
    device: {
      platform: "iPhone",
      model: null,
      mobile: true,
      user_agent: IPHONE_UA,
      screen: { width: 390, height: 844, pixel_ratio: 3 },
    },
    claimed: { brand_code: "00001", model: "iPhone 13" },
    started_at: new Date(Date.now() - 4 * 60_000).toISOString(),
    device_keys: { started: "tanaka-phone-1", finished: "tanaka-phone-1" },
    other_device_confirmed: false,
    link,
  };
}

type Range = { min: number; max: number };
const rangeText = (r: Range) => (r.min === r.max ? jaYen(r.min) : `${jaYen(r.min)}〜${jaYen(r.max)}`);

/** The estimate the page should show, through the estimate API it uses too. */
async function liveEstimate(page: Page, answers: Record<string, string>, checkId: string) {
  const models = (await (await page.request.get("/api/v1/models")).json()) as {
    models: { id: number; name: string }[];
  };
  const res = await page.request.post("/api/v1/buyback/estimate", {
    headers: ownOrigin(page),
    data: {
      category_code: "05",
      model_id: models.models.find((m) => m.name === "iPhone 13")?.id,
      storage_gb: 128,
      answers,
      check_id: checkId,
    },
  });
  expect(res.status()).toBe(200);
  return (await res.json()) as {
    grade: string;
    range: Range;
    check: { narrowed: boolean; without: Range; from_check: string[] };
  };
}

test("a member sends a device with the check run on it, the quote narrows, and the grader finds the form filled from the check", async ({
  page,
  browser,
}) => {
  const stamp = String(Date.now()).slice(-6);
  await logIn(page, MEMBER);
  await page.goto("/ja/buyback/application/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("買取のお申込み");
  const device = page.getByTestId("device-0");
  await device.getByLabel(/カテゴリ/).selectOption("05");
  await device.getByLabel(/^機種/).selectOption({ label: "iPhone 13" });
  await device.getByLabel(/^容量/).selectOption("128");
  await device.getByLabel(/^IMEI/).fill(imeiOf(`35391110${stamp}`));
  await device.getByLabel(/^IMEI/).blur();

  // The check runs on this phone in another tab, or on the device itself through a QR code.
  const check = page.getByTestId("device-check-0");
  await expect(check.getByRole("link", { name: "この端末でチェックする" })).toHaveAttribute(
    "href",
    `/ja/check/?return=${encodeURIComponent("/ja/buyback/application/")}`,
  );
  await expect(check.getByRole("link", { name: "この端末でチェックする" })).toHaveAttribute(
    "target",
    "_blank",
  );
  await check.getByRole("button", { name: "別の端末（スマホ）でチェックする" }).click();
  await expect(check.getByTestId("check-qr-code")).toBeVisible();
  expect(await seriousA11yProblems(page)).toEqual([]);

  // The phone being sold finishes the check through the QR code's link; the form finds the report.
  const link = new URL((await check.getByTestId("check-qr-url").textContent()) ?? "").searchParams.get(
    "link",
  );
  const saved = await page.request.post("/api/v1/device-checks", {
    headers: ownOrigin(page),
    data: phoneCheck(link ?? ""),
  });
  expect(saved.status()).toBe(201);
  const reportId = ((await saved.json()) as { id: string }).id;
  await expect(check.getByTestId(`check-choice-${reportId}`)).toBeChecked();

  // What the check speaks for is answered from it and says so; its failure cannot be answered away.
  const group = (name: string) => device.getByRole("group", { name, exact: true });
  await expect(group("電源は入りますか").getByLabel("入る", { exact: true })).toBeChecked();
  await expect(group("画面の状態").getByLabel("割れ・不具合なし", { exact: true })).toBeChecked();
  await expect(group("カメラ").getByLabel("撮れない・ピントが合わない", { exact: true })).toBeChecked();
  for (const name of ["電源は入りますか", "画面の状態", "カメラ"]) {
    await expect(group(name).getByTestId("from-check")).toHaveText("動作チェックの結果");
  }
  await expect(group("カメラ").getByLabel("正常に撮れる", { exact: true })).toBeDisabled();
  await expect(group("カメラ").getByTestId("check-fault")).toHaveText(
    "動作チェックで不具合が見つかったため、「正常に撮れる」は選べません。",
  );
  for (const [name, answer] of [
    ["バッテリーの状態", "わからない"],
    ["ボタン・センサー（Face ID・指紋認証など）", "すべて正常"],
    ["ネットワーク利用制限", "○（支払い済み）"],
    ["外観", "使用感あり（小さな傷）"],
  ] as const) {
    await group(name).getByLabel(answer, { exact: true }).check();
  }

  // The quote: the screen the check saw working is no longer open, so the range is narrower.
  const live = await liveEstimate(
    page,
    {
      power: "yes",
      screen: "ok",
      battery: "unknown",
      camera: "faulty",
      sensor: "ok",
      network: "○",
      appearance: "used",
    },
    reportId,
  );
  expect(live.grade).toBe("J");
  expect(live.check.narrowed).toBe(true);
  expect(live.check.from_check).toEqual(["power", "screen", "camera"]);
  const range = page.getByTestId("estimate-0-range");
  await expect(range).toContainText("動作チェックの結果で見積もりを絞り込みました");
  await expect(page.getByTestId("estimate-0-range-value")).toHaveText(rangeText(live.range));
  await expect(page.getByTestId("estimate-0-range-without")).toHaveText(
    `動作チェックなしの場合：${rangeText(live.check.without)}`,
  );
  expect(await seriousA11yProblems(page)).toEqual([]);
  await journeyShot(page, "buyback-check-application");

  // The confirm page says which check goes with the device; back on the form it is still chosen.
  await page.getByRole("button", { name: "申込み内容の確認へ" }).click();
  await expect(page).toHaveURL(/\/ja\/buyback\/confirm\/$/);
  await expect(page.getByTestId("confirm-device-check")).toContainText("のチェックを付けています");
  await expect(page.getByTestId("confirm-range-0")).toContainText(
    "動作チェックの結果で見積もりを絞り込みました",
  );
  expect(await seriousA11yProblems(page)).toEqual([]);
  await page.getByRole("link", { name: "端末や状態を変更する" }).click();
  await expect(page.getByTestId("device-check-0").getByTestId(`check-choice-${reportId}`)).toBeChecked();
  await page.getByRole("button", { name: "申込み内容の確認へ" }).click();
  await expect(page).toHaveURL(/\/ja\/buyback\/confirm\/$/);
  await applyWithKit(page);

  // The device's page carries the report's badge.
  await expect(page).toHaveURL(/\/ja\/buyback\/transactions\/\?applied=\d+$/);
  const row = page.getByTestId("buyback-list").getByTestId("buyback-row").first();
  await expect(row).toContainText("iPhone 13 128GB");
  const itemId = await row.getAttribute("data-id");
  await page.goto(`/ja/buyback/transactions/${itemId}/`);
  const badge = page.getByTestId("device-check-badge");
  await expect(badge).toHaveAttribute("data-standing", "genuine");
  await expect(badge).toContainText("動作チェック済み");
  expect(await seriousA11yProblems(page)).toEqual([]);

  // The grader receives the parcel and grades with the report beside the form.
  const grader = await desk(browser);
  await logIn(grader.page, "grader@tsugu.example");
  const g = grader.page;
  await g.goto(`/ja/staff/buyback/${itemId}/`);
  await g.getByRole("button", { name: "この申込の荷物を受け取る" }).click();
  await expect(g.getByTestId("toast").filter({ hasText: "荷物を受け取りました" })).toBeVisible();
  await expect(g.getByTestId("device-state")).toHaveText("査定中");
  const report = g.getByTestId("grading-device-check");
  await expect(report.getByRole("heading", { name: "会員の動作チェック" })).toBeVisible();
  await expect(report.getByTestId("report-standing")).toHaveAttribute("data-standing", "genuine");
  await expect(report.locator('[data-test="backCamera"] [data-outcome]')).toHaveText("不具合あり");
  const form = g.getByTestId("grading-form");
  await expect(form.getByLabel(/^J（ジャンク）/)).toBeChecked();
  await expect(form.getByLabel("カメラ不良", { exact: true })).toBeChecked();
  const gradeGroup = form.locator("fieldset").filter({ has: g.getByLabel(/^J（ジャンク）/) });
  await expect(gradeGroup.getByTestId("prefill-source")).toHaveText("会員の動作チェックより");
  const ngGroup = form.locator("fieldset").filter({ has: g.getByLabel("カメラ不良", { exact: true }) });
  await expect(ngGroup.getByTestId("prefill-source")).toHaveText("会員の動作チェックより");
  await expect(g.getByTestId("diagnostic-power").getByTestId("prefill-source")).toHaveText(
    "会員の動作チェックより",
  );
  expect(await seriousA11yProblems(g)).toEqual([]);
  await journeyShot(g, "buyback-check-grading");
  await grader.context.close();
});
