import sharp from "sharp";
import { chromiumLaunch } from "./browser.ts";
import { TAMPERED_REPORT } from "./device-check-setup.ts";
import { expect, type Page, test } from "./fixtures.ts";
import { journeyShot, listPhone, logIn, seriousA11yProblems } from "./helpers.ts";

const launch = chromiumLaunch();
// Chromium's fake camera and microphone (a test pattern and a beep), allowed without a prompt.
test.use({
  viewport: { width: 390, height: 844 },
  permissions: ["camera", "microphone", "accelerometer", "gyroscope", "magnetometer"],
  launchOptions: {
    ...launch,
    args: [...(launch.args ?? []), "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"],
  },
});

const step = (page: Page) => page.getByTestId("check-step");

/** Traces every cell of the touch grid in one stroke, row by row. */
async function traceGrid(page: Page) {
  const cells = page.getByTestId("touch-grid").locator("[data-cell]");
  const boxes = await cells.evaluateAll((list) =>
    list.map((cell) => {
      const r = cell.getBoundingClientRect();
      return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
    }),
  );
  await page.mouse.move(boxes[0]!.x, boxes[0]!.y);
  await page.mouse.down();
  for (const box of boxes) await page.mouse.move(box.x, box.y, { steps: 2 });
  await page.mouse.up();
}

/** Sends the sensor readings a phone moved in the hand would give. */
async function moveDevice(page: Page, kind: "motion" | "orientation") {
  await page.evaluate((which) => {
    const readings =
      which === "motion"
        ? [0, 6].map(
            (x) =>
              new DeviceMotionEvent("devicemotion", {
                accelerationIncludingGravity: { x, y: 9.8, z: 0 },
                interval: 16,
              }),
          )
        : [0, 40].map(
            (beta) => new DeviceOrientationEvent("deviceorientation", { alpha: 0, beta, gamma: 0 }),
          );
    for (const reading of readings) window.dispatchEvent(reading);
  }, kind);
}

test("a member checks the phone in its browser, puts the report on a new listing, and the listing shows it", async ({
  page,
}) => {
  test.slow();
  // A phone's screen feels five fingers; Playwright's emulated one says it feels one.
  await page.context().addInitScript(() => {
    Object.defineProperty(Navigator.prototype, "maxTouchPoints", { get: () => 5 });
  });
  await logIn(page, "hanako@tsugu.example");
  await page.goto("/ja/sell/");
  await expect(page.getByTestId("check-picker")).toBeVisible();

  // 「この端末でチェックする」 opens the check beside the form, which keeps what was typed.
  const title = `Pixel 7 動作チェック済み ${Date.now() % 1_000_000}`;
  await page.getByLabel("商品名", { exact: true }).fill(title);
  const [check] = await Promise.all([page.waitForEvent("popup"), page.getByTestId("check-here").click()]);
  await expect(check.getByRole("heading", { level: 1 })).toHaveText("動作チェック");
  const cdp = await check.context().newCDPSession(check);
  expect(await seriousA11yProblems(check)).toEqual([]);
  await journeyShot(check, "device-check-start-phone");
  await check.getByLabel("メーカー").selectOption({ label: "Apple" });
  await check.getByLabel("機種名").fill("iPhone 13");
  await check.getByTestId("check-start").click();

  // Touch: every cell of the grid traced.
  await expect(step(check)).toHaveText("タッチ操作");
  await expect(step(check)).toBeFocused();
  await traceGrid(check);
  await expect(step(check)).toHaveText("2本指の操作");
  // Two fingers at once.
  const area = (await check.getByTestId("multi-touch-area").boundingBox())!;
  await cdp.send("Input.dispatchTouchEvent", {
    type: "touchStart",
    touchPoints: [
      { x: area.x + 40, y: area.y + 40, id: 1 },
      { x: area.x + 120, y: area.y + 80, id: 2 },
    ],
  });
  await expect(check.getByText("2本の指を検知しました")).toBeVisible();
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });

  // The display: five solid colours, then burn-in marked.
  await expect(step(check)).toHaveText("画面の表示");
  await check.getByTestId("display-start").click();
  for (let i = 0; i < 5; i++) await check.getByTestId("display-color").click();
  await check.getByRole("checkbox", { name: "焼き付き・残像" }).check();
  await check.getByRole("button", { name: "選んだ問題ありで記録" }).click();

  // Cameras: the front one shows Chromium's test pattern; the back one is said not to.
  await expect(step(check)).toHaveText("前面カメラ");
  await check.getByTestId("camera-start").click();
  await expect(check.getByTestId("camera-preview")).toBeVisible();
  await expect
    .poll(() => check.getByTestId("camera-preview").evaluate((v) => (v as HTMLVideoElement).videoWidth))
    .toBeGreaterThan(0);
  await check.getByRole("button", { name: "映っている" }).click();
  await expect(step(check)).toHaveText("背面カメラ");
  await check.getByTestId("camera-start").click();
  await check.getByRole("button", { name: "映らない" }).click();

  // The microphone hears the fake device's beep.
  await expect(step(check)).toHaveText("マイク");
  await check.getByTestId("mic-start").click();
  await expect(check.getByText("音を検知しました")).toBeVisible();
  await check.getByRole("button", { name: "メーターが動いた" }).click();

  await expect(step(check)).toHaveText("スピーカー");
  await check.getByTestId("tone-play").click();
  await check.getByRole("button", { name: "はい" }).click();

  // No browser here can route sound to an earpiece: recorded as not testable.
  await expect(step(check)).toHaveText("受話口");
  await check.getByTestId("check-unsupported").click();

  // The sensors, after the permission the browser asks for (as iOS Safari does).
  await expect(step(check)).toHaveText("加速度センサー");
  await check.getByTestId("sensor-permission").click();
  await expect(check.getByText("端末を動かしてください…")).toBeVisible();
  await moveDevice(check, "motion");
  await expect(step(check)).toHaveText("傾きセンサー");
  await check.getByTestId("sensor-permission").click();
  await expect(check.getByText("端末を動かしてください…")).toBeVisible();
  await moveDevice(check, "orientation");

  // Vibration is skipped; the battery is read where the browser tells it.
  await expect(step(check)).toHaveText("バイブレーション");
  await check.getByTestId("check-skip").click();
  await expect(step(check)).toHaveText("バッテリー");
  await check.getByTestId("check-next").or(check.getByTestId("check-unsupported")).click();
  await expect(step(check)).toHaveText("ネットワーク");
  await check.getByTestId("check-next").click();

  // The summary: an Android browser claimed as an iPhone is shown, never hidden; what a browser cannot test is listed.
  await expect(check.getByTestId("check-summary")).toBeFocused();
  await expect(check.getByTestId("check-mismatch")).toBeVisible();
  await expect(check.getByText("Face ID・指紋認証")).toBeVisible();
  expect(await seriousA11yProblems(check)).toEqual([]);
  await journeyShot(check, "device-check-summary-phone");
  await check.getByTestId("check-save").click();
  await expect(check.getByTestId("check-saved")).toHaveText("動作チェックの結果を保存しました");
  const reportId = (await check.getByTestId("check-report-id").textContent())!;
  await check.close();

  // Back on the form, the new report is picked by itself and proposes its defects; the seller confirms.
  await expect(page.getByTestId(`check-choice-${reportId}`)).toBeChecked();
  await expect(page.getByTestId("check-proposals")).toContainText("カメラの不具合");
  await page.getByTestId("check-apply-defects").click();
  await expect(page.getByRole("checkbox", { name: "カメラの不具合" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "表示不良（線・シミ・映らない）" })).toBeChecked();
  await expect(page.getByLabel("商品名", { exact: true })).toHaveValue(title);

  const chooser = page.waitForEvent("filechooser");
  await page.getByLabel("出品画像（最大10枚）").focus();
  await page.keyboard.press("Enter");
  await (await chooser).setFiles([
    {
      name: "phone.jpg",
      mimeType: "image/jpeg",
      buffer: await sharp({ create: { width: 600, height: 800, channels: 3, background: "#3a7bd5" } })
        .jpeg()
        .toBuffer(),
    },
  ]);
  await page.getByLabel("カテゴリー").selectOption({ label: "スマートフォン" });
  await page.getByLabel("商品の状態").selectOption({ label: "故障あり" });
  await page.getByLabel("配送料の負担").selectOption({ label: "送料込み（出品者負担）" });
  await page.getByLabel("配送の方法").selectOption({ label: "宅急便" });
  await page.getByLabel("発送までの日数").selectOption({ label: "1〜2日で発送" });
  await page.getByLabel("販売価格").fill("9800");
  await page.getByRole("button", { name: "出品する" }).click();

  // The listing shows the badge with the date and the counts, and what was not tested.
  await expect(page).toHaveURL(/\/ja\/items\/\d+\/$/);
  const badge = page.getByTestId("device-check-badge");
  await expect(badge).toContainText("動作チェック済み");
  await expect(page.getByTestId("device-check-counts")).toContainText("不具合 2");
  await expect(badge).toContainText("水没の有無");
  await journeyShot(page, "device-check-badge-phone");
  await page.getByTestId("device-check-link").click();
  await expect(page).toHaveURL(new RegExp(`/ja/checks/${reportId}/$`));
  await expect(page.getByTestId("report-standing")).toHaveAttribute("data-standing", "genuine");
  await expect(page.locator('[data-test="backCamera"] [data-outcome]')).toHaveAttribute(
    "data-outcome",
    "fail",
  );
  await expect(page.getByTestId("report-not-tested")).toContainText("SIMカードスロット");
  expect(await seriousA11yProblems(page)).toEqual([]);
  await journeyShot(page, "device-check-report-phone");

  // Anyone sees the report of a listing on sale, in English too.
  await page.context().clearCookies();
  await page.goto(`/en/checks/${reportId}/`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Device check report");
  await expect(page.getByTestId("report-standing")).toContainText("signed by Tsugu's server");
});

test("an altered report and an altered QR code are refused, and the listing is not saved", async ({
  page,
}) => {
  await logIn(page, "hanako@tsugu.example");
  // The report says it does not hold.
  await page.goto(`/ja/checks/${TAMPERED_REPORT}/`);
  await expect(page.getByTestId("report-standing")).toHaveAttribute("data-standing", "tampered");
  await expect(page.getByTestId("report-standing")).toContainText("署名が一致しません");
  await expect(page.getByTestId("report-use")).toHaveCount(0);

  // Put on a listing anyway (its id typed into the form): refused, with what was typed kept.
  await page.goto("/ja/sell/");
  await expect(page.getByTestId(`check-choice-${TAMPERED_REPORT}`)).toHaveCount(0);
  const title = `改ざんチェック ${Date.now() % 1_000_000}`;
  await page.getByLabel("商品名", { exact: true }).fill(title);
  await page.locator('input[name="deviceCheck"]').evaluate((input, id) => {
    (input as HTMLInputElement).value = id;
  }, TAMPERED_REPORT);
  await page.getByRole("button", { name: "下書きに保存する" }).click();
  await expect(page.getByTestId("check-picker").getByRole("alert")).toHaveText(
    "この動作チェックの結果は改ざんされているため使えません。もう一度チェックしてください",
  );
  await expect(page).toHaveURL(/\/ja\/sell\/$/);
  await expect(page.getByLabel("商品名", { exact: true })).toHaveValue(title);

  // A QR code link changed by hand opens no check.
  await page.context().clearCookies();
  await page.goto("/ja/check/?link=12.99999999999.AAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
  await expect(page.getByTestId("check-link-error")).toHaveText(
    "このQRコードは使えません。出品または買取申込みの画面で、QRコードを表示し直してください",
  );
  await expect(page.getByTestId("check-start")).toHaveCount(0);
});

test("the phone being sold runs the check from the QR code without signing in, and the listing's edit form on a desk picks the report up", async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await logIn(page, "taro@tsugu.example");
  const itemId = await listPhone(page, `Xperia 10 V QRチェック ${Date.now() % 1_000_000}`, 15_000);
  await page.goto(`/en/items/${itemId}/edit/`);
  await page.getByTestId("check-qr").click();
  await expect(
    page.getByTestId("check-qr-code").getByRole("img", { name: "QR code that opens the device check" }),
  ).toBeVisible();
  const url = (await page.getByTestId("check-qr-url").getAttribute("href"))!;
  expect(url).toMatch(/\/en\/check\/\?link=/);
  expect(await seriousA11yProblems(page)).toEqual([]);
  await journeyShot(page, "device-check-qr-desktop");

  // The phone: a browser of its own, nobody signed in there.
  const phone = await browser.newContext({
    locale: "en-US",
    timezoneId: "Asia/Tokyo",
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const check = await phone.newPage();
  await check.goto(url);
  await expect(check.getByText("You opened this from a QR code")).toBeVisible();
  await check.getByTestId("check-start").click();
  // Every test skipped: the report says so, and claims nothing.
  for (let i = 0; i < 13; i++) {
    await expect(check.getByTestId("check-step-count")).toHaveText(`${i + 1} of 13`);
    await check.getByTestId("check-skip").click();
  }
  await expect(check.getByTestId("check-summary")).toBeVisible();
  expect(await seriousA11yProblems(check)).toEqual([]);
  await check.getByTestId("check-save").click();
  await expect(check.getByTestId("check-saved")).toHaveText("Your device check is saved");
  await expect(check.getByText("Go back to the screen that showed the QR code")).toBeVisible();
  // Not signed in there: the report is its member's to see, not the phone's.
  await expect(check.getByTestId("check-view-report")).toHaveCount(0);
  const reportId = (await check.getByTestId("check-report-id").textContent())!;
  await phone.close();

  // The desk's form looks again while the QR code shows, and picks the new report.
  await expect(page.getByTestId(`check-choice-${reportId}`)).toBeChecked({ timeout: 20_000 });
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page).toHaveURL(new RegExp(`/en/items/${itemId}/$`));
  await expect(page.getByTestId("device-check-counts")).toHaveText(
    "Works 0 · Problems 0 · Skipped 13 · Not testable 0",
  );
});
