import {
  applyWithKit,
  desk,
  FINE,
  fillDevice,
  fillDiagnostics,
  imeiOf,
  jaYen,
  submitGrading,
} from "./buyback-steps.ts";
import { expect, type Page, test } from "./fixtures.ts";
import { confirmStep, journeyShot, logIn, ownOrigin, seriousA11yProblems } from "./helpers.ts";

/**
 * The whole buyback in one run: a member sends two devices in, a grader grades both, two business
 * buyers have bid on them, the member sells one and declines the other, the higher bidder finds the
 * device it won in its delivery, the member's proceeds grow by the offer, and the dealer ledger
 * records the purchase.
 */

const SELLER = { email: "kaitori.suzuki@tsugu.example", nickname: "みさき", name: "鈴木 美咲" };
const BUYERS = {
  reuse: { email: "buyer@tsugu.example", company: "株式会社リユースモバイル" },
  link: { email: "buyer2@tsugu.example", company: "合同会社スマホリンク" },
};
/** Their bids: on the working iPhone, 合同会社スマホリンク bids higher; on the cracked Pixel, the other. */
const BIDS = {
  iphone: { model: "iPhone 13", grade: "B", ng: "none", reuse: 59_000, link: 61_000 },
  pixel: { model: "Pixel 8", grade: "J", ng: "screen", reuse: 12_000, link: 11_000 },
} as const;

async function noSeriousA11yProblems(page: Page) {
  expect(await seriousA11yProblems(page), page.url()).toEqual([]);
}

/** A buyer's standing bids for the two devices, saved through the bid price list's API. */
async function placeBids(page: Page, who: "reuse" | "link") {
  const { models } = (await (await page.request.get("/api/v1/models")).json()) as {
    models: { id: number; name: string }[];
  };
  const idOf = (name: string) => {
    const id = models.find((m) => m.name === name)?.id;
    if (!id) throw new Error(`the demo catalogue has no ${name}`);
    return id;
  };
  const res = await page.request.put("/api/v1/buyback/bids", {
    headers: ownOrigin(page),
    data: {
      rows: Object.values(BIDS).map((b) => ({
        modelId: idOf(b.model),
        ngCondition: b.ng,
        quantityCap: null,
        expiresOn: null,
        cells: [{ grade: b.grade, price: b[who], enabled: true }],
      })),
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function proceedsOf(page: Page): Promise<number> {
  const res = await page.request.get("/api/v1/me/balance");
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { balance: { proceeds: number } };
  return body.balance.proceeds;
}

const CRACKED = { ...FINE, 画面の状態: "割れ・ヒビがある", 外観: "傷・へこみが目立つ" };

/** The grader receives the parcel holding a device, then grades it with every diagnostic field. */
async function grade(
  page: Page,
  o: { id: string; grade: RegExp; model: string; imei: string; battery: string; cracked: boolean },
) {
  await page.goto(`/ja/staff/buyback/${o.id}/`);
  await expect(page.getByRole("heading", { level: 1, name: `買取端末 ${o.id}` })).toBeVisible();
  await expect(page.getByTestId("device-state")).toHaveText("査定中");
  await page.getByLabel(o.grade).check();
  if (o.cracked) {
    await page.getByTestId("grading-form").getByLabel("画面割れ・表示不良", { exact: true }).check();
  }
  const iphone = o.model.startsWith("iPhone");
  await fillDiagnostics(page, {
    imei: o.imei,
    serial: `SN${o.imei.slice(-8)}`,
    model: o.model,
    modelNumber: iphone ? "MLNE3J/A" : "G1MNW",
    os: iphone ? "iOS 18.1" : "Android 15",
    batteryMax: o.battery,
    maker: iphone ? "Apple" : "Google",
    colour: iphone ? "ミッドナイト" : "Obsidian",
    passed: !o.cracked,
  });
  await submitGrading(page);
  await expect(page.getByTestId("toast").filter({ hasText: "査定額を会員に提示しました" })).toBeVisible();
  await expect(page.getByTestId("device-state")).toHaveText("査定完了");
}

test("a member sends two devices in, sells one to the higher of two bidders and declines the other; the buyer gets it with its diagnostics, the proceeds and the dealer ledger record it", async ({
  page,
  browser,
}) => {
  test.setTimeout(8 * 60 * 1000);
  const stamp = String(Date.now()).slice(-6);
  const imeis = { iphone: imeiOf(`35391110${stamp}`), pixel: imeiOf(`35290611${stamp}`) };

  // Two business buyers have standing bids on both devices.
  const reuse = await desk(browser);
  const link = await desk(browser);
  await logIn(reuse.page, BUYERS.reuse.email);
  await placeBids(reuse.page, "reuse");
  await logIn(link.page, BUYERS.link.email);
  await placeBids(link.page, "link");

  // The member, on a phone (identity verified, an address on file), applies with both devices.
  await logIn(page, SELLER.email);
  const proceedsBefore = await proceedsOf(page);
  await page.goto("/ja/buyback/application/");
  await fillDevice(page, 0, { model: BIDS.iphone.model, storage: "128", imei: imeis.iphone, answers: FINE });
  await expect(page.getByTestId("estimate-0-offer-amount")).toHaveText(jaYen(BIDS.iphone.link));
  await page.getByRole("button", { name: "端末をもう1台追加する" }).click();
  await fillDevice(page, 1, { model: BIDS.pixel.model, storage: "128", imei: imeis.pixel, answers: CRACKED });
  await expect(page.getByTestId("estimate-1-offer-amount")).toHaveText(jaYen(BIDS.pixel.reuse));
  await page.getByRole("button", { name: "申込み内容の確認へ" }).click();
  await expect(page).toHaveURL(/\/ja\/buyback\/confirm\/$/);
  await expect(page.getByTestId("confirm-device")).toHaveCount(2);
  await applyWithKit(page);
  await expect(page).toHaveURL(/\/ja\/buyback\/transactions\/\?applied=\d+$/);
  const rows = page.getByTestId("buyback-list").getByTestId("buyback-row");
  const idOfRow = async (model: string) =>
    (await rows
      .filter({ hasText: `${model} 128GB` })
      .first()
      .getAttribute("data-id")) ?? "";
  const ids = { iphone: await idOfRow(BIDS.iphone.model), pixel: await idOfRow(BIDS.pixel.model) };
  expect(ids.iphone).toMatch(/^\d+$/);
  expect(ids.pixel).toMatch(/^\d+$/);

  // The parcel leaves: both devices of the application travel together.
  await page.goto(`/ja/buyback/transactions/${ids.iphone}/`);
  await page.getByRole("button", { name: "発送しました" }).click();
  await confirmStep(page, "発送しました");
  await expect(page.getByTestId("buyback-status")).toHaveAttribute("data-state", "20");
  await page.goto(`/ja/buyback/transactions/${ids.pixel}/`);
  await expect(page.getByTestId("buyback-status")).toHaveAttribute("data-state", "20");

  // A grader, at a desk, receives the parcel and grades both devices.
  const office = await desk(browser);
  const grader = office.page;
  await logIn(grader, "grader@tsugu.example");
  await grader.goto("/ja/staff/buyback/?tab=arriving");
  const parcel = grader
    .getByRole("row")
    .filter({ has: grader.getByRole("link", { name: ids.iphone, exact: true }) });
  await expect(parcel).toContainText(SELLER.nickname);
  await expect(parcel.getByRole("link", { name: ids.pixel, exact: true })).toBeVisible();
  await parcel.getByRole("button", { name: /の荷物を受け取る$/ }).click();
  await expect(grader.getByTestId("toast").filter({ hasText: "荷物を受け取りました" })).toBeVisible();

  await grade(grader, {
    id: ids.iphone,
    grade: /^B（使用感あり）/,
    model: BIDS.iphone.model,
    imei: imeis.iphone,
    battery: "88",
    cracked: false,
  });
  // The higher of the two bids is the offer; the office sees whose it is.
  await expect(grader.getByTestId("offer-amount")).toHaveText(jaYen(BIDS.iphone.link));
  await expect(grader.getByTestId("offer")).toContainText(BUYERS.link.company);
  await grade(grader, {
    id: ids.pixel,
    grade: /^J（ジャンク）/,
    model: BIDS.pixel.model,
    imei: imeis.pixel,
    battery: "91",
    cracked: true,
  });
  await expect(grader.getByTestId("offer-amount")).toHaveText(jaYen(BIDS.pixel.reuse));
  await expect(grader.getByTestId("offer")).toContainText(BUYERS.reuse.company);
  await journeyShot(grader, "buyback-journey-graded");

  // The member sees each offer without the buyer's name, sells the iPhone…
  await page.goto(`/ja/buyback/transactions/${ids.iphone}/`);
  await expect(page.getByTestId("buyback-status")).toHaveAttribute("data-state", "40");
  const offer = page.getByTestId("offer");
  await expect(offer).toContainText(jaYen(BIDS.iphone.link));
  await expect(offer).not.toContainText(BUYERS.link.company);
  await expect(page.getByTestId("identity-needed")).toHaveCount(0);
  await noSeriousA11yProblems(page);
  await journeyShot(page, "buyback-journey-offer");
  await page.getByRole("button", { name: "この金額で売る" }).click();
  await confirmStep(page, "この金額で売る");
  await expect(page.getByTestId("bought")).toContainText(jaYen(BIDS.iphone.link));
  await expect(page.getByTestId("buyback-status")).toHaveAttribute("data-state", "50");

  // …and declines the Pixel, which goes back free with its return parcel number.
  await page.goto(`/ja/buyback/transactions/${ids.pixel}/`);
  await expect(page.getByTestId("offer")).toContainText(jaYen(BIDS.pixel.reuse));
  await expect(page.getByTestId("offer")).not.toContainText(BUYERS.reuse.company);
  await page.getByRole("button", { name: "お断りして返送してもらう" }).click();
  await confirmStep(page, "お断りして返送してもらう");
  await expect(page.getByTestId("buyback-status")).toHaveAttribute("data-state", "60");
  await expect(page.getByTestId("return-invoice")).toHaveText(/^\d{12}$/);

  // The proceeds grew by the offer, to the yen.
  expect(await proceedsOf(page)).toBe(proceedsBefore + BIDS.iphone.link);

  // The higher bidder finds the iPhone in its delivery that has not shipped, with every diagnostic.
  const winner = link.page;
  await winner.goto("/ja/buyback/deliveries/");
  await expect(winner.getByTestId("buyer-company")).toHaveText(BUYERS.link.company);
  await winner.getByRole("row").filter({ hasText: "未発送" }).first().getByRole("link").first().click();
  await expect(winner.getByRole("heading", { level: 1 })).toHaveText(/^納品ID \d+$/);
  await winner.locator(`a[href$="/buyback/products/${ids.iphone}/"]:visible`).first().click();
  await expect(winner.getByRole("heading", { level: 1, name: `${BIDS.iphone.model} 128GB` })).toBeVisible();
  await expect(winner.getByTestId("product-grade")).toHaveText("B（使用感あり）");
  await expect(winner.getByTestId("product-diagnostics").locator("dt")).toHaveCount(22);
  await expect(winner.getByTestId("diagnostic-imei")).toHaveText(imeis.iphone);
  await expect(winner.getByTestId("diagnostic-batteryMaxCapacity")).toHaveText("88%");
  await expect(winner.getByTestId("diagnostic-networkRestriction")).toHaveText("○（制限なし）");
  await noSeriousA11yProblems(winner);
  await journeyShot(winner, "buyback-journey-product");

  // The other buyer cannot open it, through the page or the API.
  const lost = await reuse.page.goto(`/ja/buyback/products/${ids.iphone}/`);
  expect(lost?.status()).toBe(404);
  const lostApi = await reuse.page.request.get(`/api/v1/buyback/products/${ids.iphone}`);
  expect(lostApi.status()).toBe(404);

  // The dealer ledger has the purchase, with the seller's name and the device's IMEI.
  const admin = await desk(browser);
  await logIn(admin.page, "staff@tsugu.example");
  await admin.page.goto("/ja/staff/buyback/ledger/");
  const entry = admin.page.getByRole("row").filter({ hasText: imeis.iphone });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(SELLER.name);
  await expect(entry).toContainText(jaYen(BIDS.iphone.link));
  await expect(admin.page.getByRole("row").filter({ hasText: imeis.pixel })).toHaveCount(0);

  for (const c of [reuse, link, office, admin]) await c.context.close();
});
