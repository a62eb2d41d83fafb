import { BRANDS } from "#core/catalog/codes.ts";
import { DEVICE_CATALOGUE } from "#core/catalog/device-catalogue.ts";
import { DEMO_TACS } from "#db/seed/device-models.ts";
import { imeiFrom } from "../helpers/imei.ts";
import { imeiOf } from "./buyback-steps.ts";
import { expect, test } from "./fixtures.ts";
import { logIn, seriousA11yProblems } from "./helpers.ts";

test("the buyback application fills each device's category and model from its IMEI, keeps the answers and the model chosen by hand, and says when it does not know the device", async ({
  page,
}) => {
  await logIn(page, "taro@tsugu.example");
  await page.goto("/ja/buyback/application/");
  await expect(page.locator("form[data-live-validation='on']")).toBeVisible();
  const device = page.getByTestId("device-0");
  const category = device.getByLabel(/^カテゴリ/);
  const model = device.getByLabel(/^機種/);
  const chosenModel = model.locator("option:checked");
  const imei = device.getByLabel(/^IMEI/);
  const notice = page.getByTestId("imei-fill-0");
  const screen = device
    .getByRole("group", { name: "画面の状態", exact: true })
    .getByLabel("割れ・ヒビがある");

  // Typed digit by digit as an iPhone's settings show it: nothing is said until the number is whole.
  const [firstTac, , firstName] = DEMO_TACS[0]!;
  await imei.pressSequentially(imeiOf(`${firstTac}135790`, true).slice(0, -1));
  await expect(notice).toBeEmpty();
  await imei.press(imeiOf(`${firstTac}135790`).slice(-1));
  await expect(notice).toHaveText(`IMEIから機種を入力しました：${firstName}（Apple）`);
  await expect(category).toHaveValue("05");
  await expect(chosenModel).toHaveText(firstName);
  expect(await seriousA11yProblems(page)).toEqual([]);

  // Every model the TAC table names, pasted: half of them over another category (whose questions
  // give way to the phone's), half over an answer given, which stays while the category does.
  for (const [i, [tac, brandCode, name]] of DEMO_TACS.entries()) {
    const listed = DEVICE_CATALOGUE.find((m) => m.brandCode === brandCode && m.name === name)!;
    const brand = BRANDS.find((b) => b.code === brandCode)!.name;
    if (i % 2 === 0) {
      await category.selectOption(listed.categoryCode === "06" ? "07" : "06");
    } else {
      await screen.check();
    }
    await imei.fill(imeiFrom(`${tac}2468${String(i).padStart(2, "0")}`));
    await expect(notice, name).toHaveText(`IMEIから機種を入力しました：${name}（${brand}）`);
    await expect(category, name).toHaveValue(listed.categoryCode);
    await expect(chosenModel, name).toHaveText(name);
    if (i % 2 === 1) await expect(screen, name).toBeChecked();
  }

  // A model chosen by hand afterwards is kept; the notice says what the IMEI named.
  const [lastTac, lastBrand, lastName] = DEMO_TACS.at(-1)!;
  await model.selectOption({ label: "iPhone 12" });
  await expect(chosenModel).toHaveText("iPhone 12");
  await expect(notice).toHaveText(
    `IMEIから判別した機種は${lastName}（${BRANDS.find((b) => b.code === lastBrand)!.name}）です。選んだ機種に間違いがないかご確認ください`,
  );

  // A device the TAC table does not know: said, and the choice stays as it is.
  await imei.fill("35 693803 564380 9");
  await expect(notice).toHaveText("このIMEIの機種は登録されていません。機種を選んでください");
  await expect(chosenModel).toHaveText("iPhone 12");
  await expect(category).toHaveValue("05");

  // A wrong check digit: the IMEI's own message, said once (also under the field once it is left).
  const good = imeiFrom(`${lastTac}999999`);
  await imei.fill(`${good.slice(0, 14)}${(Number(good[14]) + 1) % 10}`);
  await expect(notice).toHaveText("IMEIを正しく入力してください");
  await imei.blur();
  await expect(device.getByText("IMEIを正しく入力してください")).toHaveCount(1);
  await expect(chosenModel).toHaveText("iPhone 12");
});
