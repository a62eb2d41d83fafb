import { CPU_THROTTLE, expect, type Page, test } from "./fixtures.ts";
import {
  journeyShot,
  listPhone,
  logIn,
  ownOrigin,
  readMail,
  seriousA11yProblems,
  TOKYO_ADDRESS,
} from "./helpers.ts";

/** Mail sent by a background job: the mailbox is read again until it has arrived. */
async function mailTo(page: Page, to: string, subjectPart: string): Promise<string> {
  let text = "";
  await expect(async () => {
    text = await readMail(page, to, subjectPart);
  }).toPass({ timeout: 30_000 * CPU_THROTTLE });
  return text;
}

async function asStaff(page: Page, email: string): Promise<Page> {
  const context = await page
    .context()
    .browser()!
    .newContext({
      locale: "ja-JP",
      timezoneId: "Asia/Tokyo",
      viewport: { width: 1366, height: 900 },
    });
  const staff = await context.newPage();
  await logIn(staff, email);
  return staff;
}

test("a member reports a listing and asks for help; staff hide it, answer, hold and release a sale; the audit log shows it all", async ({
  page,
}) => {
  const stamp = Date.now();
  // Taro lists two phones: one Hanako reports, one she buys.
  await logIn(page, "taro@tsugu.example");
  // Taro's listings on sale, made through the API as his own pages would.
  const defective = {
    description: "画面割れあり。起動は確認済みです。",
    condition: "DEFECTIVE",
    shipping_method: "05",
  };
  const reported = await listPhone(page, `通報テスト iPhone ${stamp}`, 4800, defective);
  const sold = await listPhone(page, `保留テスト iPhone ${stamp}`, 4800, defective);
  await page.context().clearCookies();

  // Hanako reports the first listing from its page.
  await logIn(page, "hanako@tsugu.example");
  await page.goto(`/ja/items/${reported}/`);
  await page.getByRole("link", { name: "通報する" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "通報する" })).toBeVisible();
  await page.getByLabel("説明や写真が実物と違う・状態を偽っている").check();
  await page.getByLabel("詳しい内容").fill("写真が別の端末のものに見えます。");
  await page.getByRole("button", { name: "通報する" }).click();
  await expect(page).toHaveURL(new RegExp(`/ja/items/${reported}/$`));
  await expect(page.getByTestId("toast").filter({ hasText: "通報を受け付けました" })).toBeVisible();

  // … buys the second one with a card …
  const address = await page.request.put("/api/v1/me/address", {
    headers: ownOrigin(page),
    data: {
      ...TOKYO_ADDRESS,
      family_name: "山田",
      given_name: "花子",
      family_name_kana: "ヤマダ",
      given_name_kana: "ハナコ",
    },
  });
  expect(address.status()).toBe(200);
  await page.goto(`/ja/items/${sold}/buy/`);
  await page.getByLabel("新しいカードで支払う").check();
  await page.getByLabel("カード番号").fill("4242 4242 4242 4242");
  await page.getByLabel("有効期限（月/年）").fill("12/30");
  await page.getByLabel("セキュリティコード").fill("123");
  await page.getByRole("button", { name: "購入する" }).click();
  await expect(page).toHaveURL(new RegExp(`/ja/items/${sold}/transactions/buyer/$`));

  // … and asks support for help from the transaction's page: the form knows which transaction.
  await page.getByRole("link", { name: "運営に相談する" }).click();
  await expect(page).toHaveURL(/\/ja\/mypage\/support\/\?category=transaction&transaction=\d+$/);
  await expect(page.getByLabel("お問い合わせの種類")).toHaveValue("transaction");
  await expect(page.getByLabel("関係する取引")).not.toHaveValue("");
  await page.getByLabel("件名").fill("発送がまだです");
  await page.getByLabel("お問い合わせ内容").fill("購入した商品がまだ発送されません。どうすればよいですか。");
  await page.getByRole("button", { name: "送信する" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "お問い合わせを受け付けました" })).toBeVisible();
  const inquiryNo = /No\.(\d+)/.exec((await page.getByText(/受付番号 No\.\d+/).textContent()) ?? "")![1]!;
  await journeyShot(page, "back-office-support-thanks");

  // Trust and safety hides the reported listing, citing a rule; Taro is told in Japanese.
  const safety = await asStaff(page, "safety@tsugu.example");
  await safety.goto("/ja/staff/");
  await expect(safety.getByTestId("queue-reports")).toBeVisible();
  await safety.goto("/ja/staff/reports/");
  await safety
    .getByRole("row", { name: new RegExp(`通報テスト iPhone ${stamp}`) })
    .getByRole("link")
    .first()
    .click();
  await safety
    .getByLabel("適用する規約")
    .selectOption({ label: "商品の状態を偽る行為（利用規約 第7条第3号）" });
  await safety
    .getByLabel("会員への説明")
    .fill("掲載の写真が別の端末のものでした。実物の写真に差し替えてください。");
  await safety.getByRole("button", { name: "出品を非表示にする" }).click();
  await safety.getByRole("button", { name: "実行する" }).click();
  await expect(safety.getByTestId("toast")).toBeVisible();
  const notice = await mailTo(safety, "taro@tsugu.example", "出品を非表示にしました");
  expect(notice).toContain(`対象の出品：「通報テスト iPhone ${stamp}」`);
  expect(notice).toContain("適用した規約：商品の状態を偽る行為（利用規約 第7条第3号）");
  expect(notice).toContain("/ja/mypage/support/?category=appeal&decision=");

  // Support answers Hanako.
  const support = await asStaff(page, "support@tsugu.example");
  await support.goto(`/ja/staff/support/${inquiryNo}/`);
  await support.getByLabel("回答", { exact: true }).fill("出品者に確認しました。明日発送されます。");
  await support.getByRole("button", { name: "回答を送信する" }).click();
  await expect(support.getByText("出品者に確認しました。明日発送されます。")).toBeVisible();
  expect(await mailTo(support, "hanako@tsugu.example", "回答しました")).toContain("明日発送されます");

  // Trust and safety holds the sale and releases it, each with a reason.
  await safety.goto(`/ja/staff/transactions/?q=${encodeURIComponent(`保留テスト iPhone ${stamp}`)}`);
  await safety
    .getByRole("row", { name: new RegExp(`保留テスト iPhone ${stamp}`) })
    .getByRole("link")
    .first()
    .click();
  await safety.getByLabel("理由").first().fill("購入者からの問い合わせを確認中");
  await safety.getByRole("button", { name: "保留にする" }).click();
  await expect(safety.getByTestId("toast")).toBeVisible();
  await safety.getByLabel("理由").first().fill("出品者が発送を約束したため");
  await safety.getByRole("button", { name: "保留を解除する" }).click();
  await expect(safety.getByTestId("toast").filter({ hasText: "保留を解除しました" })).toBeVisible();
  const txId = /\/staff\/transactions\/(\d+)\//.exec(safety.url())![1]!;

  // The audit log shows each step with its before and after.
  await safety.goto(`/ja/staff/audit/?targetType=transaction&targetId=${txId}`);
  const changes = safety.getByTestId("audit-changes");
  await expect(changes.filter({ hasText: "PENDING → START" })).toBeVisible();
  await expect(changes.filter({ hasText: "START → PENDING" })).toBeVisible();
  await expect(safety.getByTestId("state-history")).toContainText("START → PENDING");
  await safety.goto(`/ja/staff/audit/?targetType=item&targetId=${reported}`);
  await expect(safety.getByTestId("audit-changes").filter({ hasText: "SALE → HIDDEN" })).toBeVisible();
  await safety.goto("/ja/staff/audit/?action=support%3Aanswer");
  await expect(safety.getByTestId("audit-changes").first()).toContainText("OPEN → ANSWERED");
  expect(await seriousA11yProblems(safety)).toEqual([]);
  await journeyShot(safety, "back-office-audit");

  // Finance may look at members but not suspend one: no form, and the server refuses.
  const finance = await asStaff(page, "finance@tsugu.example");
  await finance.goto("/ja/staff/");
  await expect(
    finance.getByRole("navigation", { name: "管理メニュー" }).getByRole("link", { name: "通報" }),
  ).toHaveCount(0);
  await finance.goto("/ja/staff/members/?q=taro%40tsugu.example");
  await finance
    .getByRole("row", { name: /たろう/ })
    .getByRole("link")
    .first()
    .click();
  await expect(finance).toHaveURL(/\/staff\/members\/\d+\/$/);
  await expect(finance.getByRole("heading", { level: 1 })).toContainText("たろう");
  // Personal data stays masked for finance.
  await expect(finance.getByText("taro@tsugu.example")).toHaveCount(0);
  await expect(finance.getByRole("button", { name: "利用停止にする" })).toHaveCount(0);
  const memberId = /\/staff\/members\/(\d+)\//.exec(finance.url())![1]!;
  const refused = await finance.request.post(`/api/v1/staff/members/${memberId}/suspend`, {
    headers: ownOrigin(finance),
    data: { reason_code: "HARASSMENT", note: "テスト" },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
    "この操作の権限がありません（members:suspend）",
  );
});
