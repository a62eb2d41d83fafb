import { eq } from "drizzle-orm";
import { type HTMLElement, parse } from "node-html-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "#core/identity/sessions.ts";
import { creditProceeds } from "#core/money/balance/proceeds.ts";
import { memberAccount, platformAccount } from "#core/money/ledger/accounts.ts";
import { getBalance } from "#core/money/ledger/get-balance.ts";
import { SANDBOX_KYASH_ACCOUNTS } from "#core/money/payouts/sandbox-wallet.ts";
import { bankAccounts, payouts } from "#db/schema/index.ts";
import { makeMember } from "../helpers/catalog.ts";
import { startTestServer, type TestServer } from "../helpers/http-server.ts";
import { expectLedgerInvariants } from "../helpers/ledger.ts";
import { signIn } from "../helpers/web.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function page(url: string, cookie: string) {
  const res = await fetch(`${server.url}${url}`, { redirect: "manual", headers: { cookie } });
  const html = await res.text();
  return { status: res.status, location: res.headers.get("location"), doc: parse(html), html };
}

async function post(url: string, cookie: string, form: Record<string, string>) {
  const res = await fetch(`${server.url}${url}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url, cookie },
    body: new URLSearchParams(form),
  });
  const html = await res.text();
  return { status: res.status, location: res.headers.get("location"), doc: parse(html), html };
}

const text = (doc: HTMLElement, testId: string) =>
  doc.querySelector(`[data-testid="${testId}"]`)?.text.trim();
const inputValue = (doc: HTMLElement, name: string) =>
  doc.querySelector(`input[name="${name}"]`)?.getAttribute("value");

/** A signed-in member with `proceeds` yen of proceeds (credited as a sale is) and, if asked, a bank account. */
async function seller(o: { proceeds: number; bank?: boolean }): Promise<SessionUser & { cookie: string }> {
  const m = await makeMember(server.ctx);
  if (o.bank) {
    await server.ctx.db.insert(bankAccounts).values({
      userId: m.id,
      bankCode: "0001",
      bankName: "みずほ銀行",
      branchCode: "001",
      branchName: "東京営業部",
      accountType: "1",
      accountNumber: "1234567",
      holderName: "ヤマダ　タロウ",
    });
  }
  if (o.proceeds > 0) {
    await creditProceeds(server.ctx, {
      idempotencyKey: `test-sale:${m.id}`,
      kind: "sale_proceeds",
      refs: {},
      userId: m.id,
      amount: o.proceeds,
      lines: [
        { account: platformAccount("revenue"), amount: -o.proceeds },
        { account: memberAccount(m.id, "proceeds"), amount: o.proceeds },
      ],
    });
  }
  return signIn(server, m);
}

const proceedsOf = async (userId: number) => (await getBalance(server.ctx, { userId })).proceeds;
const payoutsOf = (userId: number) => server.ctx.db.select().from(payouts).where(eq(payouts.userId, userId));

/** Step 1 → confirm page: answers the confirm page's URL and the request key carried through. */
async function toConfirm(lang: string, method: string, cookie: string, amount: string) {
  const start = await page(`/${lang}/balance/transfer-${method}/`, cookie);
  expect(start.status).toBe(200);
  const requestKey = inputValue(start.doc, "requestKey")!;
  expect(requestKey).toMatch(/^[0-9a-f-]{36}$/);
  const next = await post(`/${lang}/balance/transfer-${method}/`, cookie, {
    intent: "review",
    amount,
    requestKey,
  });
  expect(next.status).toBe(302);
  expect(next.location).toMatch(new RegExp(`^/${lang}/balance/transfer-${method}/application/\\?`));
  return { url: next.location!, requestKey, start };
}

describe("payout pages", () => {
  it("transfers to the bank: proceeds, fee and account on step 1, the sums and timing on confirm, one payout for a repeated confirm", async () => {
    const m = await seller({ proceeds: 10_000, bank: true });
    const { url, requestKey, start } = await toConfirm("ja", "bank", m.cookie, "３,０００円");
    expect(start.doc.querySelector("h1")?.text).toBe("銀行口座に振込申請");
    expect(text(start.doc, "proceeds")).toBe("¥10,000");
    expect(text(start.doc, "fee")).toBe("¥250");
    expect(text(start.doc, "destination")).toContain("みずほ銀行");
    expect(text(start.doc, "destination")).toContain("****567");
    expect(start.html).not.toContain("1234567");
    expect(start.doc.querySelector('a[href="/ja/settings/bank-account/"]')).not.toBeNull();
    expect(url).toBe(`/ja/balance/transfer-bank/application/?amount=3000&key=${requestKey}`);

    const confirm = await page(url, m.cookie);
    expect(confirm.status).toBe(200);
    expect(confirm.doc.querySelector("h1")?.text).toBe("申請内容の確認");
    expect(text(confirm.doc, "amount")).toBe("¥3,000");
    expect(text(confirm.doc, "fee")).toBe("¥250");
    expect(text(confirm.doc, "total")).toBe("¥3,250");
    expect(text(confirm.doc, "timing")).toContain("翌銀行営業日");
    expect(text(confirm.doc, "destination")).toContain("東京営業部");
    // Nothing has moved yet.
    expect(await proceedsOf(m.id)).toBe(10_000);

    const form = {
      amount: inputValue(confirm.doc, "amount")!,
      requestKey: inputValue(confirm.doc, "requestKey")!,
    };
    expect(form).toEqual({ amount: "3000", requestKey });
    const done = await post(url, m.cookie, form);
    expect(done.status).toBe(302);
    expect(done.location).toMatch(/^\/ja\/balance\/transfer-bank\/finish\/\?id=\d+$/);
    // The same confirm again (a double tap, a resent form) answers the same payout.
    const again = await post(url, m.cookie, form);
    expect(again.location).toBe(`${done.location}&repeated=1`);
    const made = await payoutsOf(m.id);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ method: "bank", amount: 3000, fee: 250, state: "READY" });
    expect(await proceedsOf(m.id)).toBe(6750);

    const receipt = await page(done.location!, m.cookie);
    expect(receipt.status).toBe(200);
    expect(text(receipt.doc, "state")).toBe("申請中");
    expect(text(receipt.doc, "amount")).toBe("¥3,000");
    expect(text(receipt.doc, "fee")).toBe("¥250");
    expect(text(receipt.doc, "total")).toBe("¥3,250");
    expect(text(receipt.doc, "destination")).toContain("****567");
    expect(text(receipt.doc, "timing")).toContain("翌銀行営業日");
    const repeated = await page(again.location!, m.cookie);
    expect(repeated.html).toContain("二重には申請されていません");
    await expectLedgerInvariants(server.ctx.db);
  });

  it("fills in the whole amount (proceeds less the fee) with 全額, and titles every step as the site does", async () => {
    const m = await seller({ proceeds: 10_000, bank: true });
    const start = await page("/ja/balance/transfer-bank/", m.cookie);
    expect(start.doc.querySelector("title")?.text).toBe("銀行口座に振込申請 - Tsugu");
    const all = start.doc.querySelector('a[aria-label^="全額（申請できる最大額"]');
    expect(all?.text).toBe("全額");
    // Spoken by the word it shows first (WCAG 2.5.3: voice control calls it 「全額」).
    expect(all?.getAttribute("aria-label")).toBe("全額（申請できる最大額 ¥9,750 を入力）");
    expect(all?.getAttribute("href")).toBe("/ja/balance/transfer-bank/?amount=9750");
    // Without scripts the link opens the step again with the amount in the field.
    const filled = await page("/ja/balance/transfer-bank/?amount=9750", m.cookie);
    expect(inputValue(filled.doc, "amount")).toBe("9750");
    const { url } = await toConfirm("en", "bank", m.cookie, "9750");
    const confirm = await page(url, m.cookie);
    expect(confirm.doc.querySelector("title")?.text).toMatch(/ - Tsugu$/);
  });

  it("shows the bank pages in English", async () => {
    const m = await seller({ proceeds: 10_000, bank: true });
    const { url, start } = await toConfirm("en", "bank", m.cookie, "1000");
    expect(start.doc.querySelector("h1")?.text).toBe("Transfer to your bank account");
    expect(text(start.doc, "proceeds")).toBe("¥10,000");
    const all = start.doc.querySelector('a[href="/en/balance/transfer-bank/?amount=9750"]');
    expect(all?.text).toBe("All");
    expect(all?.getAttribute("aria-label")).toBe("All (enter the most you can request, ¥9,750)");
    const confirm = await page(url, m.cookie);
    expect(confirm.doc.querySelector("h1")?.text).toBe("Check your request");
    expect(text(confirm.doc, "total")).toBe("¥1,250");
    expect(text(confirm.doc, "timing")).toContain("next banking day");
    const done = await post(url, m.cookie, {
      amount: inputValue(confirm.doc, "amount")!,
      requestKey: inputValue(confirm.doc, "requestKey")!,
    });
    const receipt = await page(done.location!, m.cookie);
    expect(receipt.doc.querySelector("h1")?.text).toBe("Bank transfer requested");
    expect(text(receipt.doc, "state")).toBe("Requested");
    expect(text(receipt.doc, "fee")).toBe("¥250");
  });

  it("issues a Seven Bank ATM code: numbers, expiry, steps and the sandbox ATM; the cash taken shows on the receipt", async () => {
    const m = await seller({ proceeds: 20_000 });
    const { url, start } = await toConfirm("ja", "seven", m.cookie, "5000");
    expect(text(start.doc, "fee")).toBe("¥300");
    expect(start.html).toContain("24時間");
    const confirm = await page(url, m.cookie);
    expect(text(confirm.doc, "fee")).toBe("¥300");
    expect(text(confirm.doc, "total")).toBe("¥5,300");
    const done = await post(url, m.cookie, {
      amount: inputValue(confirm.doc, "amount")!,
      requestKey: inputValue(confirm.doc, "requestKey")!,
    });
    expect(done.location).toMatch(/^\/ja\/balance\/transfer-seven\/finish\/\?id=\d+$/);
    const receipt = await page(done.location!, m.cookie);
    expect(receipt.doc.querySelector("h1")?.text).toBe("ATMでの受け取り");
    expect(text(receipt.doc, "state")).toBe("受け取り待ち");
    const code = text(receipt.doc, "receipt-code")!;
    const confirmation = text(receipt.doc, "confirmation-code")!;
    expect(code).toMatch(/^\d{10}$/);
    expect(confirmation).toMatch(/^\d{4}$/);
    expect(text(receipt.doc, "expires")).toContain("（日本時間）まで");
    expect(receipt.html).toContain("「現金受取」");
    expect(receipt.doc.querySelector('[data-testid="sandbox-atm"]')?.getAttribute("href")).toBe(
      "/sandbox/atm/",
    );
    expect(text(receipt.doc, "fee")).toBe("¥300");
    expect(await proceedsOf(m.id)).toBe(14_700);

    // At the (sandbox) ATM, the numbers give the cash once; the receipt then says so.
    const atm = await post("/sandbox/atm/", "", { lang: "ja", receipt: code, confirmation });
    expect(atm.status).toBe(200);
    expect(atm.html).toContain("¥5,000をお受け取りください");
    const after = await page(done.location!, m.cookie);
    expect(text(after.doc, "state")).toBe("受け取り済み");
    expect(after.doc.querySelector('[data-testid="receipt-code"]')).toBeNull();
    expect(after.html).not.toContain("申請を取り消す");
    await expectLedgerInvariants(server.ctx.db);
  });

  it("shows the Seven Bank receipt in English", async () => {
    const m = await seller({ proceeds: 20_000 });
    const { url } = await toConfirm("en", "seven", m.cookie, "2,000");
    const confirm = await page(url, m.cookie);
    const done = await post(url, m.cookie, {
      amount: inputValue(confirm.doc, "amount")!,
      requestKey: inputValue(confirm.doc, "requestKey")!,
    });
    const receipt = await page(done.location!, m.cookie);
    expect(receipt.doc.querySelector("h1")?.text).toBe("Cash at a Seven Bank ATM");
    expect(text(receipt.doc, "state")).toBe("Ready to collect");
    expect(text(receipt.doc, "expires")).toContain("(Japan time)");
    expect(receipt.doc.querySelector('[data-testid="sandbox-atm"]')?.getAttribute("href")).toBe(
      "/sandbox/atm/?lang=en",
    );
    expect(text(receipt.doc, "total")).toBe("¥2,300");
  });

  it("cancels an unused ATM code and a bank payout: the amount and the fee go back to the proceeds", async () => {
    const m = await seller({ proceeds: 20_000, bank: true });
    for (const method of ["seven", "bank"]) {
      const { url } = await toConfirm("ja", method, m.cookie, "3000");
      const confirm = await page(url, m.cookie);
      const done = await post(url, m.cookie, {
        amount: inputValue(confirm.doc, "amount")!,
        requestKey: inputValue(confirm.doc, "requestKey")!,
      });
      expect(await proceedsOf(m.id)).toBeLessThan(20_000);
      const receipt = await page(done.location!, m.cookie);
      expect(receipt.html).toContain("申請を取り消す");
      const canceled = await post(done.location!, m.cookie, {});
      expect(canceled.status).toBe(302);
      expect(canceled.location).toBe(`${done.location}&canceled=1`);
      const after = await page(canceled.location!, m.cookie);
      expect(text(after.doc, "state")).toBe("取り消し済み");
      expect(after.html).toContain("申請を取り消しました");
      expect(text(after.doc, "state-note")).toContain("を売上金に戻しました");
      expect(after.html).not.toContain("申請を取り消す<");
      expect(await proceedsOf(m.id)).toBe(20_000);
    }
    expect((await payoutsOf(m.id)).map((p) => p.state)).toEqual(["CANCELED", "CANCELED"]);
    await expectLedgerInvariants(server.ctx.db);
  });

  it("links a Kyash account (an unknown one is refused) and sends to it without a fee", async () => {
    const m = await seller({ proceeds: 5000 });
    const start = await page("/ja/balance/transfer-kyash/", m.cookie);
    expect(start.html).toContain("送金先のKyashアカウントが登録されていません");
    expect(text(start.doc, "fee")).toBe("¥0（無料）");
    // Asking before linking: the core's message, nothing moved.
    const early = await post("/ja/balance/transfer-kyash/", m.cookie, {
      intent: "review",
      amount: "1000",
      requestKey: inputValue(start.doc, "requestKey")!,
    });
    expect(early.status).toBe(409);
    expect(early.doc.querySelector('[role="alert"]')?.text).toContain("Kyashアカウントが登録されていません");
    const unknown = await post("/ja/balance/transfer-kyash/", m.cookie, {
      intent: "link",
      accountId: SANDBOX_KYASH_ACCOUNTS.notFound,
    });
    expect(unknown.status).toBe(422);
    expect(text(unknown.doc, "error-accountId")).toBe(
      "Kyashアカウントが見つかりません。番号を確認してください",
    );
    expect(inputValue(unknown.doc, "accountId")).toBe(SANDBOX_KYASH_ACCOUNTS.notFound);
    const closed = await post("/ja/balance/transfer-kyash/", m.cookie, {
      intent: "link",
      accountId: SANDBOX_KYASH_ACCOUNTS.closed,
    });
    expect(text(closed.doc, "error-accountId")).toContain("解約");
    const linked = await post("/ja/balance/transfer-kyash/", m.cookie, {
      intent: "link",
      accountId: SANDBOX_KYASH_ACCOUNTS.ok,
    });
    expect(linked.status).toBe(302);
    expect(linked.location).toBe("/ja/balance/transfer-kyash/?linked=1");

    expect((await page(linked.location!, m.cookie)).html).toContain("Kyashアカウントを登録しました");
    const { url, start: again } = await toConfirm("ja", "kyash", m.cookie, "2000");
    expect(text(again.doc, "destination")).toBe("**** **** **** 1234");
    const confirm = await page(url, m.cookie);
    expect(text(confirm.doc, "total")).toBe("¥2,000");
    const done = await post(url, m.cookie, {
      amount: inputValue(confirm.doc, "amount")!,
      requestKey: inputValue(confirm.doc, "requestKey")!,
    });
    const receipt = await page(done.location!, m.cookie);
    expect(receipt.doc.querySelector("h1")?.text).toBe("Kyashへの送金");
    expect(text(receipt.doc, "state")).toBe("送金中");
    expect(text(receipt.doc, "destination")).toBe("**** **** **** 1234");
    expect(text(receipt.doc, "fee")).toBe("¥0（無料）");
    // A wallet transfer leaves at once: there is nothing to withdraw.
    expect(receipt.html).not.toContain("申請を取り消す");
    expect(await proceedsOf(m.id)).toBe(3000);

    const en = await page(done.location!.replace("/ja/", "/en/"), m.cookie);
    expect(en.doc.querySelector("h1")?.text).toBe("Transfer to Kyash");
    expect(text(en.doc, "state")).toBe("Sending");
    expect(text(en.doc, "fee")).toBe("¥0 (free)");
  });

  it("refuses amounts it cannot pay out on step 1, keeps what was typed and moves nothing", async () => {
    const m = await seller({ proceeds: 10_000, bank: true });
    const start = await page("/ja/balance/transfer-bank/", m.cookie);
    const requestKey = inputValue(start.doc, "requestKey")!;
    const cases: [string, string, number, string][] = [
      [
        "bank",
        "10000",
        409,
        "売上金が足りません。手数料250円を含めて10,250円が必要です（出金できる売上金：10,000円）",
      ],
      ["bank", "250", 422, "金額は251以上で入力してください"],
      ["bank", "0", 422, "金額は251以上で入力してください"],
      ["bank", "abc", 422, "金額は数字で入力してください"],
      ["bank", "1e20", 422, "金額は数字で入力してください"],
      ["bank", "", 422, "金額を入力してください"],
      ["bank", "5\u0000000", 422, "金額は数字で入力してください"],
      ["bank", "2000000", 422, "金額は1,000,000以下で入力してください"],
      ["seven", "1500", 422, "セブン銀行ATMでの受け取りは1,000円単位で指定してください"],
      ["seven", "300", 422, "金額は301以上で入力してください"],
    ];
    for (const [method, amount, status, message] of cases) {
      const res = await post(`/ja/balance/transfer-${method}/`, m.cookie, {
        intent: "review",
        amount,
        requestKey,
      });
      expect(res.status, `${method} ${JSON.stringify(amount)}`).toBe(status);
      expect(text(res.doc, "error-amount"), `${method} ${JSON.stringify(amount)}`).toBe(message);
      if (!amount.includes("\u0000")) expect(inputValue(res.doc, "amount")).toBe(amount);
      expect(inputValue(res.doc, "requestKey")).toBe(requestKey);
    }
    const en = await post("/en/balance/transfer-seven/", m.cookie, {
      intent: "review",
      amount: "1500",
      requestKey,
    });
    expect(text(en.doc, "error-amount")).toBe("Cash at a Seven Bank ATM comes in units of ¥1,000");
    // The confirm step refuses the same way when the form is sent straight to it.
    const direct = await post(
      `/ja/balance/transfer-bank/application/?amount=20000&key=${requestKey}`,
      m.cookie,
      {
        amount: "20000",
        requestKey,
      },
    );
    expect(direct.status).toBe(409);
    expect(direct.doc.querySelector('[role="alert"]')?.text).toBeTruthy();
    expect(await payoutsOf(m.id)).toHaveLength(0);
    expect(await proceedsOf(m.id)).toBe(10_000);
  });

  it("without a bank account: a link to register one, and no payout", async () => {
    const m = await seller({ proceeds: 10_000 });
    const start = await page("/ja/balance/transfer-bank/", m.cookie);
    expect(start.html).toContain("振込先の口座が登録されていません");
    expect(start.doc.querySelector('[data-testid="add-bank"]')?.getAttribute("href")).toBe(
      "/ja/settings/bank-account/",
    );
    const res = await post("/ja/balance/transfer-bank/", m.cookie, {
      intent: "review",
      amount: "3000",
      requestKey: inputValue(start.doc, "requestKey")!,
    });
    expect(res.status).toBe(409);
    expect(res.doc.querySelector('[role="alert"]')?.text).toBe(
      "振込先の口座が登録されていません。先に口座を登録してください",
    );
    expect(inputValue(res.doc, "amount")).toBe("3000");
    const direct = await post(
      `/ja/balance/transfer-bank/application/?amount=3000&key=${inputValue(start.doc, "requestKey")}`,
      m.cookie,
      { amount: "3000", requestKey: inputValue(start.doc, "requestKey")! },
    );
    expect(direct.status).toBe(409);
    expect(await payoutsOf(m.id)).toHaveLength(0);
    expect(await proceedsOf(m.id)).toBe(10_000);
  });

  it("shows a receipt only to its owner; anything else is no page", async () => {
    const owner = await seller({ proceeds: 10_000, bank: true });
    const other = await seller({ proceeds: 0 });
    const { url } = await toConfirm("ja", "bank", owner.cookie, "1000");
    const confirm = await page(url, owner.cookie);
    const done = await post(url, owner.cookie, {
      amount: inputValue(confirm.doc, "amount")!,
      requestKey: inputValue(confirm.doc, "requestKey")!,
    });
    expect((await page(done.location!, owner.cookie)).status).toBe(200);
    expect((await page(done.location!, other.cookie)).status).toBe(404);
    // Nor can the other member cancel it.
    expect((await post(done.location!, other.cookie, {})).status).toBe(404);
    expect((await payoutsOf(owner.id))[0]!.state).toBe("READY");
    for (const query of ["", "?id=abc", "?id=0", "?id=999999999"]) {
      expect((await page(`/ja/balance/transfer-bank/finish/${query}`, owner.cookie)).status, query).toBe(404);
    }
    // The receipt lives under its own method's path.
    const wrong = await page(done.location!.replace("transfer-bank", "transfer-seven"), owner.cookie);
    expect(wrong.status).toBe(302);
    expect(wrong.location).toBe(done.location);
    // The confirm step without the first step's key sends back to the first step.
    expect((await page("/ja/balance/transfer-bank/application/", owner.cookie)).location).toBe(
      "/ja/balance/transfer-bank/",
    );
  });
});
