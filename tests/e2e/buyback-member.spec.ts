import { formatYen } from "#app/i18n/index.ts";
import { applyWithKit, FINE, fillDevice, imeiOf, jaYen } from "./buyback-steps.ts";
import { expect, type Page, test } from "./fixtures.ts";
import { confirmStep, journeyShot, logIn, ownOrigin, seriousA11yProblems } from "./helpers.ts";

type Estimate = {
  offer: { bid: number; deductions: { code: string; amount: number }[]; amount: number } | null;
};

/** What live bids say now for a device, through the estimate API the page uses as well. */
async function liveEstimate(
  page: Page,
  model: string,
  storage: number,
  answers: Record<string, string>,
): Promise<NonNullable<Estimate["offer"]>> {
  const models = (await (await page.request.get("/api/v1/models")).json()) as {
    models: { id: number; name: string }[];
  };
  const modelId = models.models.find((m) => m.name === model)?.id;
  const res = await page.request.post("/api/v1/buyback/estimate", {
    headers: ownOrigin(page),
    data: { category_code: "05", model_id: modelId, storage_gb: storage, answers },
  });
  expect(res.status()).toBe(200);
  const { offer } = (await res.json()) as Estimate;
  if (!offer) throw new Error(`the demo has no bid for ${model} in this condition`);
  return offer;
}

const enYen = (n: number) => formatYen(n, "en");

const CRACKED = {
  ...FINE,
  画面の状態: "割れ・ヒビがある",
  ネットワーク利用制限: "△（分割払いの途中）",
  外観: "傷・へこみが目立つ",
};

test("a member applies with two devices from live bids, confirms with a packing kit, and follows both on the buyback pages", async ({
  page,
}) => {
  const stamp = String(Date.now()).slice(-6);
  await logIn(page, "hanako@tsugu.example");
  const fine = {
    power: "yes",
    screen: "ok",
    battery: "ok",
    camera: "ok",
    sensor: "ok",
    network: "○",
    appearance: "used",
  };
  const iphone = await liveEstimate(page, "iPhone 13", 128, fine);
  const pixel = await liveEstimate(page, "Pixel 8", 128, {
    ...fine,
    screen: "cracked",
    network: "△",
    appearance: "worn",
  });
  expect(pixel.deductions.map((d) => d.code)).toEqual(["network_pending"]);

  // Two devices: an iPhone in good shape and a cracked Pixel still being paid for (△: a deduction).
  await page.goto("/ja/buyback/application/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("買取のお申込み");
  await fillDevice(page, 0, {
    model: "iPhone 13",
    storage: "128",
    imei: imeiOf(`35391110${stamp}`, true),
    answers: FINE,
  });
  const first = page.getByTestId("estimate-0");
  await expect(first).toHaveAttribute("data-state", "priced");
  await expect(page.getByTestId("estimate-0-offer-amount")).toHaveText(jaYen(iphone.amount));
  expect(await seriousA11yProblems(page)).toEqual([]);

  await page.getByRole("button", { name: "端末をもう1台追加する" }).click();
  await expect(page.getByTestId("device-1")).toBeVisible();
  // What was typed for the first device is still there.
  await expect(page.getByTestId("device-0").getByLabel(/^IMEI/)).toHaveValue(
    imeiOf(`35391110${stamp}`, true),
  );
  await fillDevice(page, 1, {
    model: "Pixel 8",
    storage: "128",
    imei: imeiOf(`35290611${stamp}`),
    answers: CRACKED,
  });
  await expect(page.getByTestId("estimate-1")).toHaveAttribute("data-state", "priced");
  // The bid, then the deduction for the instalments, then the amount.
  const lines = page.getByTestId("estimate-1-offer");
  await expect(lines).toContainText(jaYen(pixel.bid));
  await expect(lines).toContainText("ネットワーク利用制限 △");
  await expect(lines).toContainText(`−${jaYen(pixel.deductions[0]!.amount)}`);
  await expect(page.getByTestId("estimate-1-offer-amount")).toHaveText(jaYen(pixel.amount));
  await journeyShot(page, "buyback-member-application");

  // Review: both devices with their estimates and the total; a packing kit; the three confirmations.
  await page.getByRole("button", { name: "申込み内容の確認へ" }).click();
  await expect(page).toHaveURL(/\/ja\/buyback\/confirm\/$/);
  await expect(page.getByTestId("confirm-device")).toHaveCount(2);
  await expect(page.getByTestId("confirm-total")).toHaveText(jaYen(iphone.amount + pixel.amount));
  await expect(page.getByTestId("confirm-address")).toContainText("山田");
  expect(await seriousA11yProblems(page)).toEqual([]);
  // Without the confirmations nothing is made, and the page says what is missing.
  await page.getByRole("button", { name: "この内容で申し込む" }).click();
  await expect(page.getByTestId("error-adult")).toHaveText("18歳未満の方からは買取できません");
  await applyWithKit(page);

  // What to do next: the label number, how to pack, where to hand it in.
  await expect(page).toHaveURL(/\/ja\/buyback\/transactions\/\?applied=\d+$/);
  const next = page.getByTestId("next-steps");
  await expect(next).toContainText("2台の端末のお申込みを受け付けました");
  await expect(next.getByTestId("invoice-number")).toHaveText(/^\d{12}$/);
  await expect(next.getByTestId("hand-over")).toContainText("ヤマト運輸の営業所");
  const invoice = (await next.getByTestId("invoice-number").textContent()) ?? "";
  // The newest two devices on the list are these.
  const rows = page.getByTestId("buyback-list").getByTestId("buyback-row");
  await expect(rows.nth(0)).toContainText("Pixel 8 128GB");
  await expect(rows.nth(1)).toContainText("iPhone 13 128GB");
  const ids = [await rows.nth(0).getAttribute("data-id"), await rows.nth(1).getAttribute("data-id")];
  expect(await seriousA11yProblems(page)).toEqual([]);
  await journeyShot(page, "buyback-member-applied");

  // The buyback home shows both under way; each has its page with the parcel and the timeline.
  await page.goto("/ja/buyback/mypage/");
  const inProgress = page.getByTestId("in-progress");
  for (const id of ids) await expect(inProgress.locator(`[data-id="${id}"]`)).toContainText("発送待ち");
  expect(await seriousA11yProblems(page)).toEqual([]);
  await inProgress.locator(`[data-id="${ids[0]}"]`).click();
  await expect(page).toHaveURL(new RegExp(`/ja/buyback/transactions/${ids[0]}/$`));
  const detailUrl = page.url();
  await expect(page.getByTestId("buyback-status")).toHaveAttribute("data-state", "10");
  await expect(page.getByTestId("invoice-number")).toHaveText(invoice);
  await expect(page.getByTestId("timeline")).toContainText("発送待ち");
  expect(await seriousA11yProblems(page)).toEqual([]);

  // The address page, then the parcel leaves: both devices of the application are on their way.
  await page.getByRole("link", { name: "住所を変更する" }).click();
  await expect(page).toHaveURL(/\/address\/$/);
  await expect(page.getByTestId("current-address")).toContainText("山田");
  expect(await seriousA11yProblems(page)).toEqual([]);
  await page.getByRole("button", { name: "登録住所にする" }).click();
  await expect(page).toHaveURL(detailUrl);
  // Marking the parcel shipped asks first, in a dialog that says what follows.
  await expect(page.getByTestId("ship-form")).toHaveAttribute("data-hydrated", "true");
  await page.getByRole("button", { name: "発送しました" }).click();
  const ship = page.getByRole("alertdialog", { name: "端末を発送しましたか？" });
  await expect(ship).toContainText("同じ箱の端末2台が、まとめて発送済みになります。");
  expect(await seriousA11yProblems(page)).toEqual([]);
  await ship.getByRole("button", { name: "戻る" }).click();
  await expect(ship).toBeHidden();
  await expect(page.getByTestId("buyback-status")).toHaveAttribute("data-state", "10");
  await page.getByRole("button", { name: "発送しました" }).click();
  await confirmStep(page, "発送しました");
  await expect(page.getByTestId("buyback-status")).toHaveAttribute("data-state", "20");
  await expect(page.getByTestId("timeline")).toContainText("配送中");
  await journeyShot(page, "buyback-member-transaction");
  await page.goto("/ja/buyback/mypage/");
  for (const id of ids)
    await expect(page.getByTestId("in-progress").locator(`[data-id="${id}"]`)).toContainText("配送中");
});

test("the member's buyback pages in English: the estimate, a wrong IMEI kept with its message, the confirm page", async ({
  page,
}) => {
  await logIn(page, "hanako@tsugu.example");
  const fine = {
    power: "yes",
    screen: "ok",
    battery: "ok",
    camera: "ok",
    sensor: "ok",
    network: "○",
    appearance: "used",
  };
  await page.goto("/en/buyback/transactions/");
  const first = page.getByTestId("buyback-list").getByTestId("buyback-row").first();
  const detailPath = `/en/buyback/transactions/${await first.getAttribute("data-id")}/`;
  for (const path of [
    "/en/buyback/mypage/",
    "/en/buyback/transactions/",
    detailPath,
    `${detailPath}address/`,
  ]) {
    await page.goto(path);
    await expect(page.locator("h1")).toBeVisible();
    expect(await seriousA11yProblems(page), path).toEqual([]);
  }
  await page.goto("/en/buyback/application/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sell your devices");
  const cracked = await liveEstimate(page, "iPhone 13", 256, {
    ...fine,
    screen: "cracked",
    battery: "weak",
    network: "unknown",
  });
  await fillDevice(page, 0, {
    model: "iPhone 13",
    storage: "256",
    imei: "35391110000000",
    answers: {
      "Does it power on?": "Yes",
      Screen: "Cracked",
      Battery: "Worn (below 80%, drains fast)",
      Camera: "Takes photos normally",
      "Buttons and sensors (Face ID, fingerprint…)": "All work",
      "Network restriction (ネットワーク利用制限)": "Not sure",
      Appearance: "Used (small scratches)",
    },
  });
  // The worst defect (the screen) prices it; the battery is a deduction.
  await expect(page.getByTestId("estimate-0-offer-amount")).toHaveText(enYen(cracked.amount));
  await expect(page.getByTestId("estimate-0-offer")).toContainText("Further defect (Worn battery");
  expect(await seriousA11yProblems(page)).toEqual([]);
  // A wrong IMEI (14 digits) keeps everything typed and says what is wrong.
  await page.getByRole("button", { name: "Review your application" }).click();
  await expect(page.getByTestId("error-devices.0.imei")).toHaveText("Enter all 15 digits of the IMEI");
  const device = page.getByTestId("device-0");
  await expect(device.getByLabel(/^Model/)).not.toHaveValue("");
  await expect(
    device.getByRole("group", { name: "Screen", exact: true }).getByLabel("Cracked"),
  ).toBeChecked();
  await device.getByLabel(/^IMEI/).fill(imeiOf("35391110000000"));
  await page.getByRole("button", { name: "Review your application" }).click();
  await expect(page).toHaveURL(/\/en\/buyback\/confirm\/$/);
  await expect(page.getByTestId("confirm-total")).toHaveText(enYen(cracked.amount));
  // Reached in the browser after the form: the address is written as in Japan, prefecture first.
  await expect(page.getByTestId("confirm-address")).toContainText(/山田[\s\S]*〒\d{3}-\d{4} \S+?[都道府県]/);
  expect(await seriousA11yProblems(page)).toEqual([]);
});
