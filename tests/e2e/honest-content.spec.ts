import sharp from "sharp";
import { imeiFrom } from "../helpers/imei.ts";
import { expect, type Page, test } from "./fixtures.ts";
import { journeyShot, logIn, seriousA11yProblems } from "./helpers.ts";

/** An IMEI as an iPhone's settings show it: "35 693803 564380 9". */
const spaced = (imei: string) =>
  `${imei.slice(0, 2)} ${imei.slice(2, 8)} ${imei.slice(8, 14)} ${imei.slice(14)}`;
const fullWidth = (digits: string) =>
  digits.replace(/\d/g, (d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0));

const RGB = { red: [220, 30, 30], green: [30, 180, 60], blue: [30, 60, 220] } as const;
type Colour = keyof typeof RGB;
const photo = async (colour: Colour) => ({
  name: `${colour}.jpg`,
  mimeType: "image/jpeg",
  buffer: await sharp({
    create: {
      width: 600,
      height: 800,
      channels: 3,
      background: { r: RGB[colour][0], g: RGB[colour][1], b: RGB[colour][2] },
    },
  })
    .jpeg()
    .toBuffer(),
});

/** The colour a listing photo was made from: its strongest channel. */
async function colourOf(page: Page, url: string): Promise<Colour> {
  const { channels } = await sharp(Buffer.from(await (await page.request.get(url)).body())).stats();
  const means = channels.slice(0, 3).map((c) => c.mean);
  return (["red", "green", "blue"] as const)[means.indexOf(Math.max(...means))]!;
}

const imeiField = (page: Page) => page.getByRole("textbox", { name: /^IMEI/ });
const chosenModel = (page: Page) => page.getByLabel("機種", { exact: true }).locator("option:checked");

test("the IMEI checker says 'unknown' for a device it does not know and tells a wrong check digit from a wrong length", async ({
  page,
}) => {
  // The footer links to the checker.
  await page.goto("/ja/");
  await page.getByRole("contentinfo").getByRole("link", { name: "IMEIチェッカー" }).click();
  await expect(page).toHaveURL(/\/ja\/imei-checker\/$/);

  // A valid number, typed as iPhone's settings show it, whose device is not in the TAC table.
  await page.getByLabel("IMEI（15桁）").fill("35 693803 564380 9");
  await page.getByRole("button", { name: "チェックする" }).click();
  await expect(page.getByTestId("imei-verdict")).toHaveText("この端末の情報は見つかりませんでした");
  await expect(page.getByTestId("imei-model")).toHaveText("不明");
  await expect(page.getByTestId("network-restriction")).toHaveText("不明");
  await expect(page.getByText("制限なし")).toHaveCount(0);
  await journeyShot(page, "imei-checker-unknown");
  expect(await seriousA11yProblems(page)).toEqual([]);

  // A wrong check digit, then a wrong length: two different messages.
  await page.getByLabel("IMEI（15桁）").fill("35 693803 564380 8");
  await page.getByRole("button", { name: "チェックする" }).click();
  await expect(page.getByTestId("error-imei")).toHaveText("IMEIを正しく入力してください");
  await page.getByLabel("IMEI（15桁）").fill("35-693803-564380");
  await page.getByRole("button", { name: "チェックする" }).click();
  await expect(page.getByTestId("error-imei")).toHaveText("IMEIは15桁の数字で入力してください");

  // Full-width digits of a device it knows: maker, model and the carriers' status.
  await page.getByLabel("IMEI（15桁）").fill(fullWidth(imeiFrom("99000101123456")));
  await page.getByRole("button", { name: "チェックする" }).click();
  await expect(page.getByTestId("imei-verdict")).toHaveText("IMEIは正しい番号です");
  await expect(page.getByTestId("imei-model")).toHaveText("iPhone 13");
  await expect(page.getByTestId("network-restriction")).toHaveText(/^[○△×−]（/);
});

test("the sell form fills brand and model from the IMEI, never over a choice made by hand, and warns before listing a locked or restricted phone as flawless", async ({
  page,
}) => {
  await logIn(page, "seller16@tsugu.example");
  await page.goto("/ja/sell/");

  // On a phone the camera comes first, beside the album.
  const camera = page.getByLabel("カメラで撮影");
  await expect(camera).toHaveAttribute("capture", "environment");
  await expect(camera).toHaveAttribute("accept", "image/*");
  const album = page.getByLabel("出品画像（最大10枚）");
  const [cameraBox, albumBox] = [
    await page.getByText("カメラで撮影").boundingBox(),
    await page.getByText("アルバムから選ぶ").boundingBox(),
  ];
  expect(cameraBox!.x + cameraBox!.y * 10).toBeLessThan(albumBox!.x + albumBox!.y * 10);

  // The IMEI, as iPhone's settings show it, fills brand, model and category as it is typed.
  await imeiField(page).fill(spaced(imeiFrom("99000101765432")));
  await expect(page.getByTestId("imei-fill")).toHaveText(
    "IMEIからブランドと機種を入力しました：Apple iPhone 13",
  );
  await expect(page.getByLabel("ブランド")).toHaveValue("00001");
  await expect(chosenModel(page)).toHaveText("iPhone 13");
  await expect(page.getByLabel("カテゴリー")).toHaveValue("05");

  // A model chosen by hand is kept when another IMEI names another model, and the form says so.
  await page.getByLabel("機種", { exact: true }).selectOption({ label: "iPhone 12" });
  await expect(page.getByTestId("imei-fill")).toContainText("選ばれているブランド・機種とは異なります");
  await imeiField(page).fill(imeiFrom("99000103765432"));
  await expect(page.getByTestId("imei-fill")).toContainText(
    "IMEIからは「Apple iPhone 14 Pro」と判別しました",
  );
  await expect(chosenModel(page)).toHaveText("iPhone 12");
  await page.getByRole("button", { name: "IMEIの機種にする" }).click();
  await expect(chosenModel(page)).toHaveText("iPhone 14 Pro");
  await expect(page.getByTestId("imei-fill")).toContainText("Apple iPhone 14 Pro");

  // A device we do not know: said, and the fill is taken back.
  await imeiField(page).fill("356938035643809");
  await expect(page.getByTestId("imei-fill")).toHaveText(
    "このIMEIの機種はTsuguの機種データにありません。ブランドと機種を選んでください",
  );
  await expect(page.getByLabel("機種", { exact: true })).toHaveValue("");
  await imeiField(page).fill(imeiFrom("99000103765432"));
  await expect(chosenModel(page)).toHaveText("iPhone 14 Pro");

  // The rest of a flawless-looking listing.
  const title = `iPhone 14 Pro 256GB 美品 ${Date.now() % 100000}`;
  await album.setInputFiles([await photo("blue")]);
  await page.getByLabel("商品名", { exact: true }).fill(title);
  await page.getByLabel("商品の説明").fill("目立つ傷はありません。動作確認済みです。");
  await page.getByLabel("商品の状態").selectOption({ label: "中古" });
  await page.getByLabel("配送料の負担").selectOption({ label: "送料込み（出品者負担）" });
  await page.getByLabel("配送の方法").selectOption({ label: "宅急便" });
  await page.getByLabel("発送までの日数").selectOption({ label: "1〜2日で発送" });
  await page.getByLabel("販売価格").fill("38000");
  const warning = page.getByTestId("contradiction-warning");
  await expect(warning).toHaveCount(0);

  // Activation lock on: warned as it is chosen; unlocked again, the warning goes.
  await page.getByLabel("アクティベーションロック").selectOption({ label: "ロックあり" });
  await expect(warning).toContainText("アクティベーションロックがかかっています");
  await page.getByLabel("アクティベーションロック").selectOption({ label: "解除済み" });
  await expect(warning).toHaveCount(0);

  // Network restriction ×: warned, and listing needs the seller's confirmation.
  await page.getByLabel("ネットワーク利用制限").selectOption({ label: "×（利用制限あり）" });
  await expect(warning).toContainText("ネットワーク利用制限が「×」です");
  await journeyShot(page, "sell-contradiction-warning");
  expect(await seriousA11yProblems(page)).toEqual([]);
  await page.getByRole("button", { name: "出品する" }).click();
  await expect(page.getByTestId("error-confirmContradictions")).toHaveText(
    "内容を見直すか、「このまま出品します」にチェックを入れてください",
  );
  await expect(page).toHaveURL(/\/ja\/sell\/$/);
  await page.getByLabel("内容を確認しました。このまま出品します").check();
  await page.getByRole("button", { name: "出品する" }).click();
  await expect(page).toHaveURL(/\/ja\/items\/\d+\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.getByTestId("item-facts")).toContainText("iPhone 14 Pro");
});

test.describe("on a desk", () => {
  test.use({ viewport: { width: 1366, height: 900 }, isMobile: false, hasTouch: false });

  test("photos are put in order by dragging and with the move buttons, and listed in that order", async ({
    page,
  }) => {
    await logIn(page, "seller17@tsugu.example");
    await page.goto("/ja/sell/");
    // A desk has no camera to open: only files.
    await expect(page.getByText("カメラで撮影")).toBeHidden();
    await page.getByLabel("出品画像（最大10枚）").setInputFiles([await photo("red"), await photo("green")]);
    await page.getByLabel("出品画像（最大10枚）").setInputFiles([await photo("blue")]);
    const items = page.getByTestId("photo-item");
    await expect(items).toHaveCount(3);
    const order = () =>
      page
        .locator('input[type="file"][name="newPhotos"]')
        .evaluate((input: HTMLInputElement) =>
          Array.from(input.files ?? [], (f) => f.name.replace(".jpg", "")),
        );
    await expect.poll(order).toEqual(["red", "green", "blue"]);

    // Blue dragged before red.
    await items.nth(2).dragTo(items.nth(0), { targetPosition: { x: 8, y: 60 } });
    await expect.poll(order).toEqual(["blue", "red", "green"]);
    // With the buttons (and so the keyboard): green one place earlier.
    await page.getByRole("button", { name: "前へ (3)" }).press("Enter");
    await expect.poll(order).toEqual(["blue", "green", "red"]);
    await expect(page.getByRole("img", { name: "商品画像 1枚目" })).toBeVisible();
    await journeyShot(page, "sell-photos-desk");

    await page.getByLabel("商品名", { exact: true }).fill(`Pixel 7a 並べ替え ${Date.now() % 100000}`);
    await page.getByLabel("カテゴリー").selectOption({ label: "スマートフォン" });
    await page.getByLabel("商品の状態").selectOption({ label: "故障あり" });
    await page.getByRole("checkbox", { name: "画面割れ" }).check();
    await page.getByLabel("配送料の負担").selectOption({ label: "送料込み（出品者負担）" });
    await page.getByLabel("配送の方法").selectOption({ label: "宅急便" });
    await page.getByLabel("発送までの日数").selectOption({ label: "1〜2日で発送" });
    await page.getByLabel("販売価格").fill("9800");
    await page.getByRole("button", { name: "出品する" }).click();
    await expect(page).toHaveURL(/\/ja\/items\/\d+\/$/);
    const id = new URL(page.url()).pathname.split("/")[3];
    const item = (await (await page.request.get(`/api/v1/items/${id}`)).json()) as {
      photos: { thumb_url: string }[];
    };
    const colours = [];
    for (const p of item.photos) colours.push(await colourOf(page, p.thumb_url));
    expect(colours).toEqual(["blue", "green", "red"]);
  });
});
