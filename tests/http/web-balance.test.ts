import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "#core/identity/sessions.ts";
import { balanceNotice } from "#core/money/balance/balance-notice.ts";
import { grantFreePoints } from "#core/money/balance/free-points.ts";
import { creditProceeds } from "#core/money/balance/proceeds.ts";
import { memberAccount, platformAccount } from "#core/money/ledger/accounts.ts";
import { getBalance } from "#core/money/ledger/get-balance.ts";
import { postEntry } from "#core/money/ledger/post-entry.ts";
import { requestPayout } from "#core/money/payouts/request-payout.ts";
import { purchaseItem } from "#core/trading/purchase-item.ts";
import { bankAccounts, journalEntries, topUps } from "#db/schema/index.ts";
import { listItem, makeMember, makeOperator } from "../helpers/catalog.ts";
import { startTestServer, type TestServer } from "../helpers/http-server.ts";
import { expectLedgerInvariants } from "../helpers/ledger.ts";
import { makeBuyer } from "../helpers/trading.ts";
import { getPage, type SignedIn, signIn } from "../helpers/web.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

let n = 0;

/** Proceeds as a sale gives them (a lot with its 180-day clock). */
async function giveProceeds(userId: number, amount: number) {
  n += 1;
  await creditProceeds(server.ctx, {
    idempotencyKey: `web-balance-sale:${userId}:${n}`,
    kind: "sale_proceeds",
    refs: {},
    userId,
    amount,
    lines: [
      { account: platformAccount("revenue"), amount: -amount },
      { account: memberAccount(userId, "proceeds"), amount },
    ],
  });
}

/** Paid points as a voucher top-up gives them, with its top-up row. */
async function givePoints(userId: number, amount: number, method: "cvs" | "payeasy" | "card" = "cvs") {
  n += 1;
  const [row] = await server.ctx.db
    .insert(topUps)
    .values({ userId, method, amount, state: "PAID", provider: "sandbox", paidAt: new Date() })
    .returning({ id: topUps.id });
  await postEntry(server.ctx, {
    idempotencyKey: `web-balance-top-up:${userId}:${n}`,
    kind: "points_top_up",
    refs: { topUpId: row!.id },
    lines: [
      { account: platformAccount("voucher_clearing"), amount: -amount },
      { account: memberAccount(userId, "points"), amount },
    ],
  });
  return row!.id;
}

async function giveFreePoints(userId: number, amount: number) {
  n += 1;
  await grantFreePoints(server.ctx, await makeOperator(server.ctx, ["admin"]), {
    userId,
    input: { amount, expiresInDays: 30, reason: "キャンペーン" },
    requestKey: `web-balance-free:${n}`,
  });
}

async function member(): Promise<SignedIn> {
  return signIn(server, await makeMember(server.ctx));
}

function post(url: string, cookie: string, form: Record<string, string>) {
  return fetch(`${server.url}${url}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url, cookie },
    body: new URLSearchParams(form),
  });
}

const text = (doc: Awaited<ReturnType<typeof getPage>>["doc"], testId: string) =>
  doc.querySelector(`[data-testid="${testId}"]`)?.text.trim();

async function keyOf(m: SignedIn): Promise<string> {
  const form = await getPage(server, "/ja/balance/transfer-points/", m.cookie);
  return form.doc.querySelector('input[name="requestKey"]')!.getAttribute("value")!;
}

describe("the balance overview", () => {
  it("shows proceeds in yen and paid and free points in points, each with its deadline and uses, in ja and en", async () => {
    const m = await member();
    await giveProceeds(m.id, 12_345);
    await givePoints(m.id, 3_000);
    await giveFreePoints(m.id, 500);
    const ja = await getPage(server, "/ja/balance/", m.cookie);
    expect(ja.status).toBe(200);
    expect(ja.doc.querySelector("h1")?.text).toBe("残高");
    expect(text(ja.doc, "proceeds")).toBe("¥12,345");
    expect(text(ja.doc, "points")).toBe("3,000P");
    expect(text(ja.doc, "free-points")).toBe("500P");
    expect(text(ja.doc, "proceeds-deadline")).toMatch(/に¥12,345が受取期限を迎えます$/);
    expect(text(ja.doc, "free-points-expiry")).toMatch(/に500Pが失効します$/);
    expect(ja.html).toContain("振込手数料¥250を差し引いて登録口座へ自動で振り込みます");
    expect(ja.html).toContain("資金決済法");
    // No bank account yet: the page says so and leads to registering one.
    expect(ja.doc.querySelector('a[href="/ja/settings/bank-account/"]')).not.toBeNull();
    // Every way in and out, to the pages that do it.
    const links = ja.doc.querySelectorAll("a").map((a) => a.getAttribute("href"));
    for (const path of [
      "/ja/balance/order-points/cvs/",
      "/ja/balance/order-points/payeasy/",
      "/ja/balance/order-points/card/",
      "/ja/balance/transfer-bank/",
      "/ja/balance/transfer-seven/",
      "/ja/balance/transfer-kyash/",
      "/ja/balance/transfer-points/",
      "/ja/balance/transfer-history/",
    ]) {
      expect(links, path).toContain(path);
    }
    expect(ja.html).toContain("手数料¥300");
    // Its two help links say which article each opens (read aloud as 「ヘルプ: …」).
    expect(ja.doc.querySelectorAll('[data-testid="help-link"]').map((a) => a.text)).toEqual([
      "ヘルプ: ポイントと売上金のちがい",
      "ヘルプ: 売上金の受取期限",
    ]);

    const en = await getPage(server, "/en/balance/", m.cookie);
    expect(en.doc.querySelector("h1")?.text).toBe("Balance");
    expect(text(en.doc, "proceeds")).toBe("¥12,345");
    expect(text(en.doc, "points")).toBe("3,000P");
    expect(text(en.doc, "free-points")).toBe("500P");
    expect(en.html).toContain("Payment Services Act");
    expect(text(en.doc, "escrow")).toContain("In transactions: ¥0");
  });

  it("shows payouts on their way, leading to their finish pages, and hides the bank warning once registered", async () => {
    const m = await member();
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
    await giveProceeds(m.id, 10_000);
    const { payout } = await requestPayout(server.ctx, {
      userId: m.id,
      method: "bank",
      input: { amount: 3000 },
      requestKey: "web-balance-payout",
    });
    const page = await getPage(server, "/ja/balance/", m.cookie);
    expect(text(page.doc, "proceeds")).toBe("¥6,750");
    expect(page.doc.querySelector('a[href="/ja/settings/bank-account/"]')).toBeNull();
    const row = page.doc.querySelector('[data-testid="open-payout"]');
    expect(row?.text).toContain("銀行振込・¥3,000（手数料¥250）");
    expect(row?.querySelector("a")?.getAttribute("href")).toBe(
      `/ja/balance/transfer-bank/finish/?id=${payout.id}`,
    );
  });

  it("sends a visitor who is not signed in to the login page, and back afterwards", async () => {
    for (const path of [
      "/ja/balance/",
      "/ja/balance/transfer-history/",
      "/ja/balance/transfer-points/",
      "/ja/balance/transfer-points/finish/?entry=1",
    ]) {
      const res = await getPage(server, path);
      expect(res.status, path).toBe(302);
      expect(res.res.headers.get("location"), path).toBe(`/ja/login/?redirect=${encodeURIComponent(path)}`);
    }
  });
});

describe("the transfer history", () => {
  it("names each movement with its units, cause, state and link, newest first, 20 to a page", async () => {
    const seller = await makeMember(server.ctx);
    const buyer: SessionUser = await makeBuyer(server.ctx);
    const cookie = (await signIn(server, buyer)).cookie;
    const topUpId = await givePoints(buyer.id, 20_000, "payeasy");
    const itemId = await listItem(server.ctx, seller);
    await purchaseItem(server.ctx, {
      actor: buyer,
      itemId,
      idempotencyKey: "web-balance-buy-0001",
      input: { paymentMethod: "points" },
      returnUrl: `${server.url}/ja/items/${itemId}/secure/result/`,
    });
    await giveFreePoints(buyer.id, 700);
    const ja = await getPage(server, "/ja/balance/transfer-history/", cookie);
    expect(ja.status).toBe(200);
    const rows = ja.doc.querySelectorAll('[data-testid="history-row"]');
    expect(rows.map((r) => r.getAttribute("data-kind"))).toEqual([
      "free_points_granted",
      "escrow",
      "points_top_up",
    ]);
    expect(rows[0]!.text).toContain("無料ポイントを受け取りました");
    expect(rows[0]!.querySelector('[data-testid="delta-free-points"]')?.text).toBe("+700P");
    expect(rows[1]!.text).toContain("商品を購入しました");
    expect(rows[1]!.querySelector('[data-testid="delta-points"]')?.text).toBe("-18,000P");
    expect(rows[1]!.text).toContain("状態：発送待ち");
    expect(rows[1]!.querySelector("a")?.getAttribute("href")).toBe(`/ja/items/${itemId}/transactions/`);
    expect(rows[2]!.text).toContain("ポイントを購入しました");
    expect(rows[2]!.text).toContain("ペイジー");
    expect(rows[2]!.querySelector('[data-testid="delta-points"]')?.text).toBe("+20,000P");
    expect(rows[2]!.querySelector("a")?.getAttribute("href")).toBe(
      `/ja/balance/order-points/payeasy/accepted/?id=${topUpId}`,
    );
    expect(ja.doc.querySelector('[data-testid="next-page"]')).toBeNull();

    const en = await getPage(server, "/en/balance/transfer-history/", cookie);
    expect(en.doc.querySelector("h1")?.text).toBe("Balance history");
    expect(en.html).toContain("Item bought");
    expect(en.html).toContain("Status: Awaiting shipment");
  });

  it("pages with ?before=, and treats a cursor it did not make as the first page", async () => {
    const m = await member();
    for (let i = 1; i <= 23; i += 1) await giveProceeds(m.id, i);
    const first = await getPage(server, "/ja/balance/transfer-history/", m.cookie);
    const rows = first.doc.querySelectorAll('[data-testid="history-row"]');
    expect(rows).toHaveLength(20);
    expect(rows[0]!.querySelector('[data-testid="delta-proceeds"]')?.text).toBe("+¥23");
    const next = first.doc.querySelector('[data-testid="next-page"]')?.getAttribute("href");
    expect(next).toMatch(/^\/ja\/balance\/transfer-history\/\?before=\d+$/);
    const second = await getPage(server, next!, m.cookie);
    expect(second.doc.querySelectorAll('[data-testid="delta-proceeds"]').map((d) => d.text)).toEqual([
      "+¥3",
      "+¥2",
      "+¥1",
    ]);
    expect(second.doc.querySelector('[data-testid="next-page"]')).toBeNull();
    for (const bad of ["abc", "-1", "1e20", "99999999999999999999", "%E3%81%82", "1;drop", ""]) {
      const res = await getPage(server, `/ja/balance/transfer-history/?before=${bad}`, m.cookie);
      expect(res.status, bad).toBe(200);
      expect(res.doc.querySelectorAll('[data-testid="history-row"]'), bad).toHaveLength(20);
    }
  });

  it("shows an empty history to a new member", async () => {
    const m = await member();
    const page = await getPage(server, "/ja/balance/transfer-history/", m.cookie);
    expect(text(page.doc, "empty-state")).toBe("履歴はまだありません");
  });
});

describe("points from proceeds", () => {
  it("confirms, then buys points once even when the confirm is sent twice", async () => {
    const m = await member();
    await giveProceeds(m.id, 5000);
    const form = await getPage(server, "/ja/balance/transfer-points/", m.cookie);
    expect(text(form.doc, "available")).toBe("¥5,000");
    const requestKey = await keyOf(m);
    const confirm = await post("/ja/balance/transfer-points/", m.cookie, {
      amount: "１，２００円",
      requestKey,
      intent: "confirm",
    });
    expect(confirm.status).toBe(200);
    const confirmDoc = (await getPage(server, "/ja/balance/", m.cookie)).doc;
    expect(text(confirmDoc, "proceeds")).toBe("¥5,000"); // nothing moved by the confirm step
    const confirmHtml = await confirm.text();
    expect(confirmHtml).toContain('data-testid="confirm-amount">¥1,200');
    expect(confirmHtml).toContain('data-testid="confirm-points">1,200P');

    const sent = { amount: "1200", requestKey, intent: "transfer" };
    const [a, b] = await Promise.all([
      post("/ja/balance/transfer-points/", m.cookie, sent),
      post("/ja/balance/transfer-points/", m.cookie, sent),
    ]);
    expect(a.status).toBe(302);
    expect(b.status).toBe(302);
    expect(a.headers.get("location")).toMatch(/^\/ja\/balance\/transfer-points\/finish\/\?entry=\d+$/);
    expect(b.headers.get("location")).toBe(a.headers.get("location"));
    // And once more later, as a reload of the confirm would.
    const again = await post("/ja/balance/transfer-points/", m.cookie, sent);
    expect(again.headers.get("location")).toBe(a.headers.get("location"));
    expect(await getBalance(server.ctx, { userId: m.id })).toMatchObject({ proceeds: 3800, points: 1200 });
    await expectLedgerInvariants(server.ctx.db);

    const finish = await getPage(server, a.headers.get("location")!, m.cookie);
    expect(finish.status).toBe(200);
    expect(text(finish.doc, "moved")).toBe("¥1,200の売上金で1,200Pを購入しました");
    expect(text(finish.doc, "proceeds")).toBe("¥3,800");
    expect(text(finish.doc, "points")).toBe("1,200P");
    const en = await getPage(server, a.headers.get("location")!.replace("/ja/", "/en/"), m.cookie);
    expect(text(en.doc, "moved")).toBe("You bought 1,200P with ¥1,200 of proceeds");

    // The history shows it once, both sides, leading back to it.
    const history = await getPage(server, "/ja/balance/transfer-history/", m.cookie);
    const row = history.doc.querySelector('[data-kind="points_purchase"]');
    expect(history.doc.querySelectorAll('[data-kind="points_purchase"]')).toHaveLength(1);
    expect(row?.querySelector('[data-testid="delta-proceeds"]')?.text).toBe("-¥1,200");
    expect(row?.querySelector('[data-testid="delta-points"]')?.text).toBe("+1,200P");
    expect(row?.querySelector("a")?.getAttribute("href")).toBe(a.headers.get("location"));

    // Another member cannot see it.
    const other = await member();
    expect((await getPage(server, a.headers.get("location")!, other.cookie)).status).toBe(404);
  });

  it("refuses bad amounts in the page's language, keeps what was typed, and moves nothing", async () => {
    const m = await member();
    await giveProceeds(m.id, 2000);
    const requestKey = await keyOf(m);
    const cases: [string | undefined, string, string][] = [
      ["0", "金額は1以上で入力してください", "Amount"],
      ["2001", "お持ちの売上金（2,000円）より多い金額は指定できません", "more than your proceeds (¥2,000)"],
      ["abc", "金額は数字で入力してください", "Amount"],
      ["1e20", "金額は数字で入力してください", "Amount"],
      ["1\u00002", "金額は数字で入力してください", "Amount"],
      [undefined, "金額を入力してください", "Amount"],
    ];
    for (const [amount, ja, en] of cases) {
      for (const intent of ["confirm", "transfer"]) {
        const form: Record<string, string> = { requestKey, intent };
        if (amount !== undefined) form.amount = amount;
        const res = await post("/ja/balance/transfer-points/", m.cookie, form);
        expect([409, 422], `${amount} ${intent}`).toContain(res.status);
        const html = await res.text();
        const { parse } = await import("node-html-parser");
        const doc = parse(html);
        expect(text(doc, "error-amount"), `${amount} ${intent}`).toContain(ja);
        expect(doc.querySelector('input[name="amount"]')?.getAttribute("value") ?? "").toBe(
          (amount ?? "").slice(0, 40),
        );
        const enRes = await post("/en/balance/transfer-points/", m.cookie, form);
        expect(text(parse(await enRes.text()), "error-amount"), `${amount} en`).toContain(en);
      }
    }
    const keyless = await post("/ja/balance/transfer-points/", m.cookie, {
      amount: "100",
      requestKey: "not-a-key",
      intent: "transfer",
    });
    expect(keyless.status).toBe(400);
    expect(await keyless.text()).toContain("お手続きの有効期限が切れました");
    expect(await getBalance(server.ctx, { userId: m.id })).toMatchObject({ proceeds: 2000, points: 0 });
    const entries = await server.ctx.db
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.kind, "points_purchase"));
    expect(entries.filter((e) => String(e.refs.requestKey) === requestKey)).toHaveLength(0);
  });

  it("answers 404 for a finish page without an entry, with a foreign or made-up one", async () => {
    const m = await member();
    for (const q of ["", "?entry=", "?entry=abc", "?entry=99999999", "?entry=-1"]) {
      expect((await getPage(server, `/ja/balance/transfer-points/finish/${q}`, m.cookie)).status, q).toBe(
        404,
      );
    }
    // An entry of the member's own that is not a points purchase is not one either.
    await giveProceeds(m.id, 100);
    const history = await getPage(server, "/ja/balance/transfer-history/", m.cookie);
    expect(history.doc.querySelector('[data-kind="sale_proceeds"]')).not.toBeNull();
    const [sale] = await server.ctx.db
      .select({ id: journalEntries.id })
      .from(journalEntries)
      .where(eq(journalEntries.idempotencyKey, `web-balance-sale:${m.id}:${n}`));
    expect(
      (await getPage(server, `/ja/balance/transfer-points/finish/?entry=${sale!.id}`, m.cookie)).status,
    ).toBe(404);
  });
});

describe("balance notifications", () => {
  it("says each balance event in both languages and leads to its page", async () => {
    const m = await member();
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
    await giveProceeds(m.id, 10_000);
    const { payout } = await requestPayout(server.ctx, {
      userId: m.id,
      method: "bank",
      input: { amount: 2000 },
      requestKey: "web-balance-notice",
    });
    const topUpId = await givePoints(m.id, 1000, "cvs");
    const notices: [Parameters<typeof balanceNotice>[1], string, string, string][] = [
      [
        { userId: m.id, event: "top_up_paid", amount: 1000, refs: { topUpId } },
        "お支払いを確認し、1,000Pを追加しました",
        "Your payment was received and 1,000P was added",
        `/ja/balance/order-points/cvs/accepted/?id=${topUpId}`,
      ],
      [
        { userId: m.id, event: "payout_sent", amount: 2000, refs: { payoutId: payout.id } },
        "¥2,000を登録口座へ振り込みました",
        "¥2,000 was transferred to your bank account",
        `/ja/balance/transfer-bank/finish/?id=${payout.id}`,
      ],
      [
        { userId: m.id, event: "deadline_reminder", amount: 5000, days: 7, refs: { deadline: "x" } },
        "売上金¥5,000の受取期限まであと7日です。期限を迎えると振込手数料を差し引いて登録口座へ振り込みます",
        "¥5,000 of your proceeds reaches its deadline in 7 days.",
        "/ja/balance/",
      ],
      [
        { userId: m.id, event: "deadline_no_account", amount: 5000, refs: {} },
        "受取期限を迎えた売上金¥5,000の振込先口座が登録されていません。口座を登録してください",
        "¥5,000 of proceeds reached its deadline",
        "/ja/settings/bank-account/",
      ],
      [
        { userId: m.id, event: "free_points_expired", amount: 300, refs: { lotId: 1 } },
        "無料ポイント300Pの有効期限が切れました",
        "300P in free points expired",
        "/ja/balance/",
      ],
    ];
    for (const [notice, ja, en, href] of notices) {
      await balanceNotice(server.ctx, notice);
      const jaPage = await getPage(server, "/ja/notifications/", m.cookie);
      const row = jaPage.doc.querySelector('[data-testid="notification"]');
      expect(row?.text, notice.event).toContain(ja);
      expect(row?.getAttribute("href"), notice.event).toBe(href);
      const enPage = await getPage(server, "/en/notifications/", m.cookie);
      expect(enPage.doc.querySelector('[data-testid="notification"]')?.text, notice.event).toContain(en);
    }
  });
});
