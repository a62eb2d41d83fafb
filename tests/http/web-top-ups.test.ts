import { and, eq } from "drizzle-orm";
import { parse } from "node-html-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "#core/identity/sessions.ts";
import { createSession } from "#core/identity/sessions.ts";
import { getBalance } from "#core/money/ledger/get-balance.ts";
import { topUps } from "#db/schema/index.ts";
import { makeMember } from "../helpers/catalog.ts";
import { startTestServer, type TestServer } from "../helpers/http-server.ts";
import { expectLedgerInvariants } from "../helpers/ledger.ts";
import { makeBuyer } from "../helpers/trading.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function cookieOf(user: SessionUser) {
  return `tsugu=${(await createSession(server.ctx, { userId: user.id, kind: "web", persistent: true })).token}`;
}

async function page(url: string, cookie?: string) {
  const res = await fetch(`${server.url}${url}`, { redirect: "manual", headers: cookie ? { cookie } : {} });
  const html = await res.text();
  return { status: res.status, location: res.headers.get("location"), doc: parse(html), html };
}

function post(url: string, cookie: string, form: Record<string, string>) {
  return fetch(`${server.url}${url}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url, cookie },
    body: new URLSearchParams(form),
  });
}

/** 確定 on the check page, whose address carries the order (as the browser posts it). */
function confirm(lang: "ja" | "en", method: "cvs" | "payeasy", cookie: string, form: Record<string, string>) {
  const q = new URLSearchParams(form).toString();
  return post(`${base(lang, method)}application/${q ? `?${q}` : ""}`, cookie, form);
}

const topUpsOf = (userId: number) => server.ctx.db.select().from(topUps).where(eq(topUps.userId, userId));
const text = (doc: ReturnType<typeof parse>, selector: string) => doc.querySelector(selector)?.text.trim();
const base = (lang: string, method: string) => `/${lang}/balance/order-points/${method}/`;

/** Steps 1 and 2 as a browser takes them; answers the accepted page's address. */
async function order(
  cookie: string,
  lang: "ja" | "en",
  method: "cvs" | "payeasy",
  form: Record<string, string>,
): Promise<string> {
  const step1 = await post(base(lang, method), cookie, form);
  expect(step1.status).toBe(302);
  const application = step1.headers.get("location")!;
  expect(application.startsWith(`${base(lang, method)}application/?`)).toBe(true);
  const review = await page(application, cookie);
  expect(review.status).toBe(200);
  const q = new URL(application, server.url).searchParams;
  const confirmed = await post(application, cookie, {
    store: q.get("store") ?? "",
    amount: q.get("amount") ?? "",
  });
  expect(confirmed.status).toBe(302);
  const accepted = confirmed.headers.get("location")!;
  expect(accepted).toMatch(new RegExp(`^${base(lang, method)}accepted/\\?id=\\d+$`));
  return accepted;
}

describe("buying points with a voucher", () => {
  it("orders at Lawson in Japanese: the store, the amount, the check, then the numbers and how to pay at Loppi", async () => {
    const member = await makeBuyer(server.ctx);
    const cookie = await cookieOf(member);
    const step1 = await page(base("ja", "cvs"), cookie);
    expect(step1.status).toBe(200);
    expect(text(step1.doc, "h1")).toBe("コンビニ払いでポイントを購入");
    const stores = step1.doc.querySelectorAll('input[name="store"]').map((i) => i.getAttribute("value"));
    expect(stores).toEqual(["10001", "10002", "10005", "10008"]);
    expect(step1.html).toContain("ファミリーマート");
    expect(text(step1.doc, '[data-testid="no-refund"]')).toContain("資金決済法");
    expect(step1.html).toContain("手数料はかかりません");
    expect(step1.html).toContain("¥500〜¥49,999");

    const step2 = await post(base("ja", "cvs"), cookie, { store: "10001", preset: "3000", amount: "" });
    expect(step2.headers.get("location")).toBe(
      "/ja/balance/order-points/cvs/application/?store=10001&amount=3000",
    );
    const review = await page(step2.headers.get("location")!, cookie);
    expect(text(review.doc, "h1")).toBe("お申し込み内容の確認");
    expect(text(review.doc, '[data-testid="store"]')).toBe("ローソン");
    expect(text(review.doc, '[data-testid="amount"]')).toBe("¥3,000");
    expect(text(review.doc, '[data-testid="points"]')).toBe("3,000P");
    expect(review.html).toContain("3日後の");
    // Looking at the check creates nothing.
    expect(await topUpsOf(member.id)).toHaveLength(0);

    const confirmed = await confirm("ja", "cvs", cookie, {
      store: "10001",
      amount: "3000",
    });
    expect(confirmed.status).toBe(302);
    const [row] = await topUpsOf(member.id);
    expect(row).toMatchObject({ method: "cvs", store: "10001", amount: 3000, state: "PENDING" });
    expect(confirmed.headers.get("location")).toBe(`/ja/balance/order-points/cvs/accepted/?id=${row!.id}`);

    const accepted = await page(confirmed.headers.get("location")!, cookie);
    expect(accepted.status).toBe(200);
    expect(text(accepted.doc, "h1")).toBe("お支払い番号を発行しました");
    expect(text(accepted.doc, '[data-testid="code-loppiCode"]')).toMatch(/^\d{6}$/);
    expect(text(accepted.doc, '[data-testid="code-phone"]')).toBe("09012345678");
    expect(text(accepted.doc, '[data-testid="amount"]')).toBe("¥3,000");
    expect(accepted.html).toContain("ローソンでのお支払い方法");
    expect(accepted.html).toContain("Loppi");
    // The deadline shown, in Tokyo time: 30 minutes before the provider's end of the third day.
    const deadline = new Intl.DateTimeFormat("ja-JP", {
      timeZone: "Asia/Tokyo",
      dateStyle: "medium",
      timeStyle: "short",
    }).format(row!.deadline!);
    expect(text(accepted.doc, '[data-testid="deadline"]')).toBe(deadline);
    expect(deadline).toMatch(/23:29$/);
    expect(accepted.doc.querySelector('[data-testid="instructions-link"]')?.getAttribute("href")).toBe(
      `${server.url}/sandbox/vouchers/${row!.providerPaymentId}/`,
    );
  });

  it("orders at FamilyMart in English with a typed amount: the two numbers for the multi-copy machine", async () => {
    const member = await makeBuyer(server.ctx);
    const cookie = await cookieOf(member);
    const step1 = await page(base("en", "cvs"), cookie);
    expect(text(step1.doc, "h1")).toBe("Buy points at a convenience store");
    expect(text(step1.doc, '[data-testid="no-refund"]')).toContain("Payment Services Act");
    // Typed as people type it (full-width digits, a separator), with "other" chosen.
    const accepted = await page(
      await order(cookie, "en", "cvs", { store: "10002", preset: "other", amount: "１２,３４５" }),
      cookie,
    );
    expect(text(accepted.doc, "h1")).toBe("Your payment numbers are ready");
    expect(text(accepted.doc, '[data-testid="amount"]')).toBe("¥12,345");
    expect(text(accepted.doc, '[data-testid="code-famiFirst"]')).toMatch(/^\d{5}$/);
    expect(text(accepted.doc, '[data-testid="code-famiSecond"]')).toMatch(/^\d{11}$/);
    expect(accepted.html).toContain("How to pay at FamilyMart");
    expect(accepted.html).toContain("multi-copy machine");
    expect((await topUpsOf(member.id))[0]).toMatchObject({ store: "10002", amount: 12_345 });
  });

  it("orders with Pay-easy in Japanese and in English: institution, customer and confirmation numbers", async () => {
    for (const lang of ["ja", "en"] as const) {
      const member = await makeBuyer(server.ctx);
      const cookie = await cookieOf(member);
      const step1 = await page(base(lang, "payeasy"), cookie);
      expect(text(step1.doc, "h1")).toBe(
        lang === "ja" ? "Pay-easyでポイントを購入" : "Buy points with Pay-easy",
      );
      expect(step1.doc.querySelector('input[name="store"]')).toBeNull();
      expect(step1.html).toContain(lang === "ja" ? "¥500〜¥100,000" : "¥500 to ¥100,000");
      const accepted = await page(await order(cookie, lang, "payeasy", { preset: "10000" }), cookie);
      expect(text(accepted.doc, '[data-testid="place"]')).toBe(
        lang === "ja" ? "Pay-easy（ペイジー）" : "Pay-easy",
      );
      expect(text(accepted.doc, '[data-testid="code-institutionNumber"]')).toBe("99999");
      expect(text(accepted.doc, '[data-testid="code-customerNumber"]')).toMatch(/^\d{16}$/);
      expect(text(accepted.doc, '[data-testid="code-confirmationNumber"]')).toMatch(/^\d{6}$/);
      expect(accepted.html).toContain(lang === "ja" ? "銀行ATMでのお支払い方法" : "Paying at a bank ATM");
      expect(accepted.html).toContain(
        lang === "ja" ? "ネットバンキングでのお支払い方法" : "Paying in online banking",
      );
      expect((await topUpsOf(member.id))[0]).toMatchObject({
        method: "payeasy",
        store: null,
        amount: 10_000,
      });
    }
  });

  it("credits the points once the voucher is paid on the sandbox's page, and the page then says so", async () => {
    const member = await makeBuyer(server.ctx);
    const cookie = await cookieOf(member);
    const acceptedUrl = await order(cookie, "ja", "cvs", { store: "10005", preset: "5000" });
    const accepted = await page(acceptedUrl, cookie);
    expect(accepted.html).toContain("ミニストップでのお支払い方法");
    expect(accepted.html).toContain("レジで");
    // The member pays at the till: the provider's page (the sandbox's) takes the payment.
    const instructions = new URL(
      accepted.doc.querySelector('[data-testid="instructions-link"]')!.getAttribute("href")!,
    );
    const sandboxPage = await page(instructions.pathname);
    expect(sandboxPage.status).toBe(200);
    const paid = await post(instructions.pathname, "", { intent: "pay", lang: "ja" });
    expect(paid.status).toBe(302);
    // The provider's event reaches our webhook through the job queue.
    let state = "";
    for (let i = 0; i < 100 && state !== "paid"; i += 1) {
      await new Promise((r) => setTimeout(r, 100));
      state =
        (await page(acceptedUrl, cookie)).doc
          .querySelector('[data-testid="top-up-state"]')
          ?.getAttribute("data-state") ?? "";
    }
    expect(state).toBe("paid");
    const after = await page(acceptedUrl, cookie);
    expect(text(after.doc, "h1")).toBe("ポイントをチャージしました");
    expect(after.html).toContain("5,000P");
    expect(after.doc.querySelector('a[href="/ja/balance/"]')).not.toBeNull();
    expect(after.doc.querySelector('[data-testid="codes"]')).toBeNull();
    expect(await getBalance(server.ctx, { userId: member.id })).toMatchObject({ points: 5_000 });
    await expectLedgerInvariants(server.ctx.db);
    // Paid, the member may order again: step 1 shows the form.
    const again = await page(base("ja", "cvs"), cookie);
    expect(again.doc.querySelector('[data-testid="pending-voucher"]')).toBeNull();
    expect(again.doc.querySelector('input[name="amount"]')).not.toBeNull();
  });

  it("answers bad input on step 1 with the message beside its field and the values kept, creating nothing", async () => {
    const member = await makeBuyer(server.ctx);
    const cookie = await cookieOf(member);
    const cases: [Record<string, string>, "store" | "amount", string][] = [
      [{ store: "10001", amount: "0" }, "amount", "金額は500以上で入力してください"],
      [{ store: "10001", amount: "1000000" }, "amount", "金額は49,999以下で入力してください"],
      [{ store: "10001", amount: "abc" }, "amount", "金額は数字で入力してください"],
      [{ store: "10001", amount: "" }, "amount", "金額を入力してください"],
      [{ amount: "3000" }, "store", "お支払いするコンビニを選択してください"],
      [{ store: "99999", amount: "3000" }, "store", ""],
      [{ store: "10001", amount: "30\u000000" }, "amount", ""],
      [{ store: "10001\u0000", amount: "3000" }, "store", ""],
    ];
    for (const [form, field, message] of cases) {
      const res = await post(base("ja", "cvs"), cookie, form);
      expect(res.status, JSON.stringify(form)).toBe(422);
      const doc = parse(await res.text());
      const error = text(doc, `[data-testid="error-${field}"]`);
      expect(error, JSON.stringify(form)).toBeTruthy();
      if (message) expect(error).toBe(message);
      const typed = doc.querySelector('input[name="amount"]')?.getAttribute("value") ?? "";
      // A NUL byte is kept as the browser would show it, never dropped into a valid amount.
      expect(typed).toBe((form.amount ?? "").replaceAll("\u0000", "\uFFFD"));
      const checked = doc.querySelector('input[name="store"][checked]')?.getAttribute("value");
      if (form.store === "10001") expect(checked).toBe("10001");
    }
    // In English, in English.
    const en = await post(base("en", "payeasy"), cookie, { amount: "100001" });
    expect(en.status).toBe(422);
    expect(text(parse(await en.text()), '[data-testid="error-amount"]')).toBe(
      "Amount must be 100,000 or less",
    );
    // The check step sent bad values by hand: back to step 1, which says what is wrong.
    const review = await page(`${base("ja", "cvs")}application/?store=10001&amount=abc`, cookie);
    expect(review.status).toBe(302);
    expect(review.location).toBe("/ja/balance/order-points/cvs/?store=10001&amount=abc");
    const shown = await page(review.location!, cookie);
    expect(text(shown.doc, '[data-testid="error-amount"]')).toBe("金額は数字で入力してください");
    expect(shown.doc.querySelector('input[name="amount"]')?.getAttribute("value")).toBe("abc");
    expect((await page(`${base("ja", "cvs")}application/`, cookie)).location).toBe(base("ja", "cvs"));
    // 確定 with bad values: the same.
    const sent: Record<string, string>[] = [
      { store: "10001", amount: "0" },
      { store: "", amount: "3000" },
      { store: "10003", amount: "3000" },
      { amount: "999999999999999999999999" },
      { store: "10001", amount: "30\u000000" },
    ];
    for (const form of sent) {
      // Sent by hand from a good check page: the body is what counts.
      const res = await post(`${base("ja", "cvs")}application/?store=10001&amount=3000`, cookie, form);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")?.startsWith(base("ja", "cvs"))).toBe(true);
      expect(res.headers.get("location")).not.toContain("accepted");
    }
    expect(await topUpsOf(member.id)).toHaveLength(0);
  });

  it("refuses a second voucher while one waits, shows the waiting one, and a double tap on 確定 makes one", async () => {
    const member = await makeBuyer(server.ctx);
    const cookie = await cookieOf(member);
    // 確定 pressed twice at once: one voucher, and both answers lead to it.
    const form = { store: "10008", amount: "2000" };
    const [a, b] = await Promise.all([
      confirm("ja", "cvs", cookie, form),
      confirm("ja", "cvs", cookie, form),
    ]);
    const rows = await topUpsOf(member.id);
    expect(rows).toHaveLength(1);
    expect([a.status, b.status]).toEqual([302, 302]);
    const accepted = `/ja/balance/order-points/cvs/accepted/?id=${rows[0]!.id}`;
    expect(a.headers.get("location")).toBe(accepted);
    expect(b.headers.get("location")).toBe(accepted);
    expect((await page(accepted, cookie)).html).toContain("セイコーマートでのお支払い方法");

    // Step 1 shows the waiting voucher instead of the form, with its numbers a tap away.
    const step1 = await page(base("ja", "payeasy"), cookie);
    const pending = step1.doc.querySelector('[data-testid="pending-voucher"]');
    expect(pending?.text).toContain("セイコーマート");
    expect(pending?.text).toContain("¥2,000");
    expect(pending?.querySelector(`a[href="${accepted}"]`)).not.toBeNull();
    expect(step1.doc.querySelector('input[name="amount"]')).toBeNull();

    // Another order: the core's message and a link to the one waiting.
    const review = await page(`${base("ja", "payeasy")}application/?amount=8000`, cookie);
    expect(text(review.doc, '[role="alert"]')).toContain("お支払い待ちのチャージがあります");
    expect(review.doc.querySelector('[data-testid="pending-link"]')?.getAttribute("href")).toBe(accepted);
    const second = await confirm("ja", "payeasy", cookie, { amount: "8000" });
    expect(second.status).toBe(409);
    const refused = parse(await second.text());
    expect(text(refused, '[role="alert"]')).toBe(
      "お支払い待ちのチャージがあります。そのお支払いを済ませるか、取り消してから新しくお申し込みください",
    );
    expect(refused.querySelector('[data-testid="pending-link"]')?.getAttribute("href")).toBe(accepted);
    const enSecond = await confirm("en", "cvs", cookie, form);
    // The same values again long after: still the message, in English here (not the same request).
    await server.ctx.db
      .update(topUps)
      .set({ createdAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(topUps.id, rows[0]!.id));
    const later = await confirm("en", "cvs", cookie, form);
    expect(enSecond.status).toBe(302);
    expect(later.status).toBe(409);
    expect(text(parse(await later.text()), '[role="alert"]')).toContain("A top-up is waiting for payment");
    expect(await topUpsOf(member.id)).toHaveLength(1);
  });

  it("shows a top-up only to its member: another member, a bad or unknown id get a 404", async () => {
    const owner = await makeBuyer(server.ctx);
    const other = await makeBuyer(server.ctx);
    const acceptedUrl = await order(await cookieOf(owner), "ja", "cvs", { store: "10001", preset: "1000" });
    const id = acceptedUrl.split("=")[1]!;
    const otherCookie = await cookieOf(other);
    expect((await page(acceptedUrl, otherCookie)).status).toBe(404);
    expect((await page(`/en/balance/order-points/cvs/accepted/?id=${id}`, otherCookie)).status).toBe(404);
    for (const bad of ["", "abc", "0", "-1", "99999999", "1e3", "１"]) {
      expect((await page(`/ja/balance/order-points/cvs/accepted/?id=${bad}`, otherCookie)).status).toBe(404);
    }
    // Another member cannot cancel it either.
    const cancel = await post("/ja/balance/order-points/cvs/accepted/", otherCookie, { id });
    expect(cancel.status).toBe(404);
    expect((await topUpsOf(owner.id))[0]!.state).toBe("PENDING");
    // Under the other method's path, the owner is sent to its own.
    const wrong = await page(`/ja/balance/order-points/payeasy/accepted/?id=${id}`, await cookieOf(owner));
    expect(wrong.status).toBe(302);
    expect(wrong.location).toBe(acceptedUrl);
    // Visitors log in first.
    expect((await page(acceptedUrl)).location).toMatch(/^\/ja\/login\/\?redirect=/);
  });

  it("cancels a waiting voucher from its page or from step 1, after which a new order can be made", async () => {
    const member = await makeBuyer(server.ctx);
    const cookie = await cookieOf(member);
    const acceptedUrl = await order(cookie, "en", "payeasy", { preset: "3000" });
    const id = acceptedUrl.split("=")[1]!;
    const res = await post("/en/balance/order-points/payeasy/accepted/", cookie, { id });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(acceptedUrl);
    const after = await page(acceptedUrl, cookie);
    expect(text(after.doc, "h1")).toBe("This order was canceled");
    expect(after.doc.querySelector('[data-testid="codes"]')).toBeNull();
    expect(after.doc.querySelector('a[href="/en/balance/order-points/payeasy/"]')).not.toBeNull();
    const [row] = await topUpsOf(member.id);
    expect(row!.state).toBe("CANCELED");
    expect((await server.ctx.vouchers.getVoucher(row!.providerPaymentId!))?.status).toBe("cancelled");

    // From step 1: the waiting voucher's cancel button.
    await order(cookie, "ja", "cvs", { store: "10001", preset: "1000" });
    const [, second] = (await topUpsOf(member.id)).sort((a, b) => a.id - b.id);
    const fromStep1 = await post(base("ja", "cvs"), cookie, { intent: "cancel", id: String(second!.id) });
    expect(fromStep1.headers.get("location")).toBe(`/ja/balance/order-points/cvs/accepted/?id=${second!.id}`);
    expect(text((await page(fromStep1.headers.get("location")!, cookie)).doc, "h1")).toBe(
      "お申し込みを取り消しました",
    );
    // Cancelling again changes nothing and shows the same.
    const again = await post(base("ja", "cvs"), cookie, { intent: "cancel", id: String(second!.id) });
    expect(again.status).toBe(302);
    expect(
      (
        await server.ctx.db
          .select()
          .from(topUps)
          .where(and(eq(topUps.userId, member.id), eq(topUps.state, "PENDING")))
      ).length,
    ).toBe(0);
    expect((await page(base("ja", "cvs"), cookie)).doc.querySelector('input[name="store"]')).not.toBeNull();
  });

  it("asks a member without name and phone to add them first, and issues nothing", async () => {
    const member = await makeMember(server.ctx);
    const cookie = await cookieOf(member);
    const step1 = await page(base("ja", "cvs"), cookie);
    const notice = step1.doc.querySelector('[data-testid="needs-address"]');
    expect(notice?.text).toContain("氏名（カナ）と電話番号の登録が必要です");
    expect(notice?.querySelector('a[href="/ja/settings/address/"]')).not.toBeNull();
    expect(step1.doc.querySelector('input[name="amount"]')).toBeNull();
    const res = await confirm("ja", "cvs", cookie, { store: "10001", amount: "3000" });
    expect(res.status).toBe(409);
    const doc = parse(await res.text());
    expect(text(doc, '[role="alert"]')).toBe(
      "お支払いには氏名と電話番号が必要です。先に住所を登録してください",
    );
    expect(doc.querySelector('a[href="/ja/settings/address/"]')).not.toBeNull();
    expect(await topUpsOf(member.id)).toHaveLength(0);
  });

  it("says so when the provider cannot issue a voucher, leaving nothing waiting", async () => {
    const member = await makeBuyer(server.ctx);
    const cookie = await cookieOf(member);
    const gateway = server.ctx.vouchers;
    const create = gateway.createVoucher;
    gateway.createVoucher = () => Promise.reject(new Error("connect ECONNREFUSED"));
    try {
      const res = await confirm("en", "payeasy", cookie, { amount: "4000" });
      expect(res.status).toBe(503);
      expect(text(parse(await res.text()), '[role="alert"]')).toBe(
        "A payment number cannot be issued right now. Please try again in a little while",
      );
    } finally {
      gateway.createVoucher = create;
    }
    expect((await topUpsOf(member.id)).map((r) => r.state)).toEqual(["FAILED"]);
    // Nothing waits, so the member can order again at once.
    const step1 = await page(base("en", "payeasy"), cookie);
    expect(step1.doc.querySelector('[data-testid="pending-voucher"]')).toBeNull();
    await order(cookie, "en", "payeasy", { preset: "1000" });
  });
});
