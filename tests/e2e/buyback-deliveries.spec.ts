import { JOURNEY_BUYER, JOURNEY_IMEIS } from "./buyback-deliveries-data.ts";
import { expect, type Page, test } from "./fixtures.ts";
import { journeyShot, logIn, seriousA11yProblems } from "./helpers.ts";

async function noSeriousA11yProblems(page: Page) {
  expect(await seriousA11yProblems(page), page.url()).toEqual([]);
}

test("a buyer finds its delivery, the devices in it and their diagnostics; an operator ships it and the buyer sees it sent with its invoice number", async ({
  page,
  browser,
}) => {
  // The buyer, on a phone: the deliveries, one not shipped yet holding the two devices bought.
  await logIn(page, JOURNEY_BUYER.email);
  await page.goto("/ja/buyback/deliveries/");
  await expect(page.getByTestId("buyer-company")).toHaveText(JOURNEY_BUYER.company);
  await expect(page.getByRole("heading", { level: 1, name: "納品一覧" })).toBeVisible();
  await noSeriousA11yProblems(page);
  const card = page.getByRole("list", { name: "納品一覧" }).getByRole("listitem");
  await expect(card).toHaveCount(1);
  await expect(card).toContainText("未発送");
  await expect(card).toContainText("2点");
  await card.getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^納品ID \d+$/);
  const deliveryId = Number(/\/deliveries\/(\d+)\/$/.exec(page.url())?.[1]);
  await expect(page.getByTestId("delivery-status")).toHaveText("未発送");
  await expect(page.getByTestId("delivery-invoice")).toHaveText("—");
  await noSeriousA11yProblems(page);

  // A device of the delivery, with every diagnostic field the grader recorded and its photo.
  await page.getByRole("link", { name: "iPhone 13 128GB" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "iPhone 13 128GB" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "基本情報" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "端末診断情報" })).toBeVisible();
  await expect(page.getByTestId("product-grade")).toHaveText("A（美品）");
  await expect(page.getByTestId("product-diagnostics").locator("dt")).toHaveCount(22);
  await expect(page.getByTestId("diagnostic-imei")).toHaveText(JOURNEY_IMEIS[0]!);
  await expect(page.getByTestId("diagnostic-batteryMaxCapacity")).toHaveText("86%");
  await expect(page.getByTestId("diagnostic-networkRestriction")).toHaveText("○（制限なし）");
  await expect(page.getByTestId("diagnostic-nsysGrade")).toHaveText("該当なし（NSYS検査の対象外の機種）");
  const photo = page.getByRole("img", { name: "査定写真 1枚目" });
  await expect(photo).toBeVisible();
  expect(await photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await noSeriousA11yProblems(page);
  const productPath = new URL(page.url()).pathname;

  // The product list: both devices, the junk one with its grade.
  await page.goto("/ja/buyback/products/?grade=J");
  await expect(page.getByRole("list", { name: "商品一覧" }).getByRole("listitem")).toHaveCount(1);
  await expect(page.getByRole("list", { name: "商品一覧" })).toContainText("iPhone 12");
  await noSeriousA11yProblems(page);
  await journeyShot(page, "buyback-deliveries-products");

  // The same pages in English.
  for (const [path, title] of [
    ["/en/buyback/deliveries/", "Deliveries"],
    [`/en/buyback/deliveries/${deliveryId}/`, `Delivery ${deliveryId}`],
    ["/en/buyback/products/", "Products"],
    [productPath.replace("/ja/", "/en/"), "iPhone 13 128 GB"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await noSeriousA11yProblems(page);
  }
  await expect(page.getByTestId("diagnostic-testResult")).toHaveText("Pass");

  // An operator with buyback:ship, at a desk, packs and ships it.
  const office = await browser.newContext({
    locale: "ja-JP",
    timezoneId: "Asia/Tokyo",
    viewport: { width: 1366, height: 900 },
  });
  const staff = await office.newPage();
  await logIn(staff, "grader@tsugu.example");
  await staff.goto("/ja/staff/buyback/deliveries/?status=undispatched");
  await expect(staff.getByRole("heading", { level: 1, name: "買取の納品" })).toBeVisible();
  await noSeriousA11yProblems(staff);
  await staff.getByRole("link", { name: String(deliveryId), exact: true }).click();
  await expect(staff.getByTestId("packing-list")).toContainText(JOURNEY_IMEIS[0]!);
  await expect(staff.getByTestId("packing-list")).toContainText(JOURNEY_IMEIS[1]!);
  await noSeriousA11yProblems(staff);
  await staff.goto(`/en/staff/buyback/deliveries/${deliveryId}/`);
  await noSeriousA11yProblems(staff);
  await staff.goto(`/ja/staff/buyback/deliveries/${deliveryId}/`);
  await expect(staff.getByTestId("ship-form")).toHaveAttribute("data-hydrated", "true");
  await staff.getByRole("button", { name: "発送して送り状を発行する" }).click();
  // Shipping bills the buyer: it asks first, saying how many devices and how much.
  const ask = staff.getByRole("alertdialog", { name: "この納品を発送しますか？" });
  await expect(ask).toContainText("バイヤーへの請求");
  await ask.getByRole("button", { name: "発送する" }).click();
  await expect(
    staff.getByTestId("toast").filter({ hasText: "納品を発送し、送り状を発行しました" }),
  ).toBeVisible();
  await expect(staff.getByTestId("delivery-status")).toHaveText("発送済み");
  const invoice = (await staff.getByTestId("delivery-invoice").textContent())?.trim() ?? "";
  expect(invoice).toMatch(/^\d{12}$/);
  await expect(staff.getByTestId("ship-form")).toHaveCount(0);
  await journeyShot(staff, "buyback-deliveries-shipped");
  await office.close();

  // The buyer sees the delivery sent, with its invoice number and a way to follow the parcel.
  await page.goto("/ja/buyback/deliveries/");
  await expect(card).toContainText("発送済み");
  await expect(card).toContainText(invoice);
  await page.goto(`/ja/buyback/deliveries/${deliveryId}/`);
  await expect(page.getByTestId("delivery-status")).toHaveText("発送済み");
  await expect(page.getByTestId("delivery-invoice")).toHaveText(invoice);
  await expect(page.getByRole("link", { name: "配送状況を確認する" })).toBeVisible();
  await noSeriousA11yProblems(page);
  await page.goto(productPath);
  await expect(page.getByTestId("product-status")).toHaveText("発送済み");
});
