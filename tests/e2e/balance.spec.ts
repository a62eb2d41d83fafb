import { expect, type Page, test } from "./fixtures.ts";
import { journeyShot, listPhone, logIn, ownOrigin, seriousA11yProblems, shipAndRate } from "./helpers.ts";

const PRICE = 3000;

async function setAddress(page: Page): Promise<void> {
  const saved = await page.request.put("/api/v1/me/address", {
    headers: ownOrigin(page),
    data: {
      family_name: "鈴木",
      given_name: "花子",
      family_name_kana: "スズキ",
      given_name_kana: "ハナコ",
      postal_code: "1500001",
      prefecture_code: "13",
      city: "渋谷区神宮前",
      street: "1-2-3",
      building: "",
      phone: "09012345678",
    },
  });
  expect(saved.status()).toBe(200);
}

async function proceedsOf(page: Page): Promise<number> {
  const res = await page.request.get("/api/v1/me/balance");
  return ((await res.json()) as { balance: { proceeds: number } }).balance.proceeds;
}

test("a buyer tops up ¥3,000 at FamilyMart and pays in points; the seller takes the proceeds to the bank, finance sends the 全銀 file, and the history shows it", async ({
  page,
  browser,
}) => {
  const title = `E2Eポイント払い iPhone ${Date.now()}`;
  await logIn(page, "taro@tsugu.example");
  const itemId = await listPhone(page, title, PRICE);

  // The buyer, on a phone, buys 3,000 points at FamilyMart.
  const buyerContext = await browser.newContext({
    locale: "ja-JP",
    timezoneId: "Asia/Tokyo",
    viewport: { width: 390, height: 844 },
  });
  const buyer = await buyerContext.newPage();
  await logIn(buyer, "seller03@tsugu.example");
  await setAddress(buyer);
  await buyer.goto("/ja/balance/");
  await buyer
    .getByRole("link", { name: /コンビニ/ })
    .first()
    .click();
  await expect(buyer).toHaveURL(/\/ja\/balance\/order-points\/cvs\/$/);
  expect(await seriousA11yProblems(buyer)).toEqual([]);
  await buyer.getByLabel(/ファミリーマート/).check();
  await buyer.getByLabel("¥3,000", { exact: true }).check();
  await buyer.getByRole("button", { name: "確認画面へ進む" }).click();
  await expect(buyer).toHaveURL(/\/ja\/balance\/order-points\/cvs\/application\//);
  await buyer.getByRole("button", { name: "確定する" }).click();
  await expect(buyer).toHaveURL(/\/ja\/balance\/order-points\/cvs\/accepted\/\?id=\d+$/);
  await expect(buyer.getByTestId("place")).toContainText("ファミリーマート");
  await expect(buyer.getByTestId("codes")).toBeVisible();
  expect(await seriousA11yProblems(buyer)).toEqual([]);
  const accepted = buyer.url();

  // The sandbox stands for the store's till: the buyer pays there, and the points arrive.
  const [till] = await Promise.all([
    buyer.waitForEvent("popup"),
    buyer.getByTestId("instructions-link").click(),
  ]);
  await till.getByRole("button", { name: "支払う (サンドボックス)" }).click();
  await expect(till.getByTestId("voucher-status")).toHaveText("お支払い済み");
  await till.close();
  await expect(async () => {
    await buyer.goto(accepted);
    await expect(buyer.getByTestId("top-up-state")).toHaveAttribute("data-state", "paid", { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await buyer.goto("/ja/balance/");
  await expect(buyer.getByTestId("points")).toContainText("3,000P");

  // Points cover the price: the buyer pays with them.
  await buyer.goto(`/ja/items/${itemId}/`);
  await buyer.getByTestId("buy-button").click();
  await buyer.getByLabel(/ポイントで支払う/).check();
  await buyer.getByRole("button", { name: "購入する" }).click();
  await expect(buyer).toHaveURL(new RegExp(`/ja/items/${itemId}/transactions/buyer/$`));
  await expect(buyer.getByTestId("transaction-state")).toHaveText("発送待ち");
  await buyer.goto("/ja/balance/");
  await expect(buyer.getByTestId("points")).toContainText("0P");

  // The sale ends; the seller takes ¥1,000 of the proceeds to the registered bank account.
  await shipAndRate(page, buyer, itemId);
  const proceeds = await proceedsOf(page);
  await page.goto("/ja/balance/transfer-bank/");
  expect(await seriousA11yProblems(page)).toEqual([]);
  await page.getByLabel("受け取る金額（円）").fill("1000");
  await page.getByRole("button", { name: "確認画面へ" }).click();
  await expect(page).toHaveURL(/\/ja\/balance\/transfer-bank\/application\//);
  await expect(page.getByRole("button", { name: "確定する" })).toBeEnabled();
  await expect(page.getByText("¥250").first()).toBeVisible();
  await expect(page.getByText("¥1,250").first()).toBeVisible();
  expect(await seriousA11yProblems(page)).toEqual([]);
  await page.getByRole("button", { name: "確定する" }).click();
  await expect(page).toHaveURL(/\/ja\/balance\/transfer-bank\/finish\/\?id=\d+/);
  const payoutId = Number(new URL(page.url()).searchParams.get("id"));
  expect(await proceedsOf(page)).toBe(proceeds - 1250);

  // Finance prepares the next banking day's run, downloads its 全銀 file and marks it sent.
  const finance = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await logIn(finance, "finance@tsugu.example");
  await finance.goto("/ja/staff/payout-runs/");
  await finance.getByRole("button", { name: /振込分のデータを作成/ }).click();
  await expect(finance).toHaveURL(/\/ja\/staff\/payout-runs\/\d+\/$/);
  await expect(
    finance
      .getByRole("row")
      .filter({ hasText: `${payoutId}` })
      .first(),
  ).toBeVisible();
  const [download] = await Promise.all([
    finance.waitForEvent("download"),
    finance.getByRole("link", { name: "全銀ファイルをダウンロード" }).click(),
  ]);
  const file = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of file) chunks.push(chunk as Buffer);
  const bytes = Buffer.concat(chunks);
  // Header, at least one data record, trailer and end: 120 bytes each (with line breaks between).
  const records = bytes
    .toString("latin1")
    .split("\r\n")
    .filter((r) => r.length > 0);
  expect(records.every((r) => r.length === 120)).toBe(true);
  expect(records[0]!.slice(0, 1)).toBe("1");
  expect(records.at(-1)!.slice(0, 1)).toBe("9");
  await finance.getByRole("button", { name: "送信済みにする" }).click();
  await finance.getByRole("button", { name: "はい、実行します" }).click();
  await expect(finance.getByText("振込データを送信済みにしました")).toBeVisible();
  await journeyShot(finance, "payout-run");

  // The seller's history shows the transfer, sent, with its fee.
  await page.goto("/ja/balance/transfer-history/");
  const row = page.getByTestId("history-row").filter({ hasText: "売上金を出金しました" }).first();
  await expect(row).toContainText("振込済み");
  await expect(row).toContainText("¥250");
  expect(await seriousA11yProblems(page)).toEqual([]);
  await journeyShot(page, "balance-history");
  await buyerContext.close();
});

test("a Seven Bank ATM code that is never used runs out, and the money and the fee come back", async ({
  page,
  browser,
}) => {
  const title = `E2E ATM iPhone ${Date.now()}`;
  // Demo sellers of their own: the two demo members' reviews are counted by other journeys.
  await logIn(page, "seller07@tsugu.example");
  const itemId = await listPhone(page, title, PRICE);
  const buyer = await (await browser.newContext({ locale: "ja-JP", timezoneId: "Asia/Tokyo" })).newPage();
  await logIn(buyer, "seller04@tsugu.example");
  await setAddress(buyer);
  // Bought by card this time; the money only needs to reach the seller.
  await buyer.goto(`/ja/items/${itemId}/buy/`);
  await buyer.getByLabel("新しいカードで支払う").check();
  await buyer.getByLabel("カード番号").fill("4242 4242 4242 4242");
  await buyer.getByLabel("有効期限（月/年）").fill("12/30");
  await buyer.getByLabel("セキュリティコード").fill("123");
  await buyer.getByRole("button", { name: "購入する" }).click();
  await expect(buyer).toHaveURL(new RegExp(`/ja/items/${itemId}/transactions/buyer/$`));
  await shipAndRate(page, buyer, itemId);

  const proceeds = await proceedsOf(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/ja/balance/transfer-seven/");
  await page.getByLabel("受け取る金額（円）").fill("1000");
  await page.getByRole("button", { name: "確認画面へ" }).click();
  await expect(page.getByText("¥300").first()).toBeVisible();
  await page.getByRole("button", { name: "確定する" }).click();
  await expect(page).toHaveURL(/\/ja\/balance\/transfer-seven\/finish\/\?id=\d+/);
  const finish = page.url();
  expect(await proceedsOf(page)).toBe(proceeds - 1300);
  await expect(page.getByRole("timer")).toBeVisible();
  expect(await seriousA11yProblems(page)).toEqual([]);
  await journeyShot(page, "atm-code");
  const receipt = (await page.getByTestId("receipt-code").textContent())!.replace(/\D/g, "");
  const confirmation = (await page.getByTestId("confirmation-code").textContent())!.replace(/\D/g, "");

  // At the (sandbox) ATM nobody takes the cash: the code runs out.
  await page.goto("/sandbox/atm/");
  await page.getByLabel("お受取番号").fill(receipt);
  await page.getByLabel("確認番号").fill(confirmation);
  await page.getByRole("button", { name: "受け取らずに期限切れにする（テスト用）" }).click();
  await expect(page.getByTestId("atm-expired")).toBeVisible();

  await page.goto(finish);
  await expect(page.getByText(/期限切れ/).first()).toBeVisible();
  expect(await proceedsOf(page)).toBe(proceeds);
  // The code is spent: the ATM no longer pays it.
  await page.goto("/sandbox/atm/");
  await page.getByLabel("お受取番号").fill(receipt);
  await page.getByLabel("確認番号").fill(confirmation);
  await page.getByRole("button", { name: "現金を受け取る" }).click();
  await expect(page.getByText("このお受取番号は有効期限が切れています")).toBeVisible();
});

const BALANCE_PAGES = [
  "balance/",
  "balance/order-points/cvs/",
  "balance/order-points/payeasy/",
  "balance/order-points/card/",
  "balance/transfer-bank/",
  "balance/transfer-seven/",
  "balance/transfer-kyash/",
  "balance/transfer-points/",
  "balance/transfer-history/",
];

test("every balance page opens in Japanese and English with no serious accessibility problem", async ({
  page,
}) => {
  await logIn(page, "taro@tsugu.example");
  for (const lang of ["ja", "en"]) {
    for (const path of BALANCE_PAGES) {
      const res = await page.goto(`/${lang}/${path}`);
      expect(res?.status(), path).toBe(200);
      await expect(page.locator("html")).toHaveAttribute("lang", lang === "ja" ? "ja" : "en");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await seriousA11yProblems(page), `${lang}/${path}`).toEqual([]);
    }
  }
});

test("the balance's confirm, payment-number and receipt pages, in Japanese and English, have no serious accessibility problem", async ({
  page,
  browser,
}) => {
  // A whole sale (paid, shipped with its confirmation, rated on both sides) and 22 pages checked.
  test.setTimeout(480_000);
  // A seller with proceeds (a sale by card, shipped and rated), and a buyer with a saved address.
  await logIn(page, "seller05@tsugu.example");
  const itemId = await listPhone(page, `E2E 受取ページ iPhone ${Date.now()}`, 5000);
  const buyer = await (await browser.newContext({ locale: "ja-JP", timezoneId: "Asia/Tokyo" })).newPage();
  await logIn(buyer, "seller06@tsugu.example");
  await setAddress(buyer);
  await buyer.goto(`/ja/items/${itemId}/buy/`);
  await buyer.getByLabel("新しいカードで支払う").check();
  await buyer.getByLabel("カード番号").fill("4242 4242 4242 4242");
  await buyer.getByLabel("有効期限（月/年）").fill("12/30");
  await buyer.getByLabel("セキュリティコード").fill("123");
  await buyer.getByRole("button", { name: "購入する" }).click();
  await expect(buyer).toHaveURL(new RegExp(`/ja/items/${itemId}/transactions/buyer/$`));
  await shipAndRate(page, buyer, itemId);

  const api = async (p: Page, method: "post" | "put", path: string, data: object) => {
    const res = await p.request[method](`/api/v1${path}`, {
      headers: { ...ownOrigin(p), "Idempotency-Key": `e2e-${path.replaceAll("/", "-")}-${Date.now()}` },
      data,
    });
    expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
    return (await res.json()) as { id: number; entry_id: number };
  };
  await api(page, "put", "/me/bank-account", {
    bank_code: "0001",
    bank_name: "みずほ銀行",
    branch_code: "001",
    branch_name: "東京営業部",
    account_type: "1",
    account_number: "7654321",
    holder_name: "サトウ　ジロウ",
  });
  await api(page, "put", "/me/balance/kyash", { account_id: "4000000000001234" });
  const kyash = await api(page, "post", "/me/balance/payouts", { method: "kyash", amount: 100 });
  const seven = await api(page, "post", "/me/balance/payouts", { method: "seven", amount: 1000 });
  const bank = await api(page, "post", "/me/balance/payouts", { method: "bank", amount: 300 });
  const points = await api(page, "post", "/me/balance/points", { amount: 100 });
  const voucher = await api(buyer, "post", "/me/balance/top-ups", { method: "payeasy", amount: 2000 });

  const key = "5b0e7c1e-2f4a-4c5e-9a7d-0c1b2a3d4e5f";
  const sellerPages = [
    // What is left (¥4,750 − ¥2,050) still covers each of these.
    `balance/transfer-bank/application/?amount=300&key=${key}`,
    `balance/transfer-seven/application/?amount=1000&key=${key}`,
    `balance/transfer-kyash/application/?amount=100&key=${key}`,
    `balance/transfer-bank/finish/?id=${bank.id}`,
    `balance/transfer-seven/finish/?id=${seven.id}`,
    `balance/transfer-kyash/finish/?id=${kyash.id}`,
    `balance/transfer-points/finish/?entry=${points.entry_id}`,
    "balance/transfer-history/",
  ];
  const buyerPages = [
    "balance/order-points/cvs/application/?store=10002&amount=3000",
    "balance/order-points/payeasy/application/?amount=3000",
    `balance/order-points/payeasy/accepted/?id=${voucher.id}`,
  ];
  for (const lang of ["ja", "en"]) {
    for (const [who, paths] of [
      [page, sellerPages],
      [buyer, buyerPages],
    ] as const) {
      for (const path of paths) {
        const res = await who.goto(`/${lang}/${path}`);
        expect(res?.status(), path).toBe(200);
        await expect(who.getByRole("heading", { level: 1 })).toBeVisible();
        expect(await seriousA11yProblems(who), `${lang}/${path}`).toEqual([]);
      }
    }
  }
});
