import { eq } from "drizzle-orm";
import iconv from "iconv-lite";
import { parse } from "node-html-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readZenginTransferFile } from "#core/banking/zengin-file.ts";
import type { SessionUser } from "#core/identity/sessions.ts";
import { raiseMoneyAlert } from "#core/money/balance/alerts.ts";
import { creditProceeds } from "#core/money/balance/proceeds.ts";
import { memberAccount, platformAccount } from "#core/money/ledger/accounts.ts";
import { getBalance } from "#core/money/ledger/get-balance.ts";
import { payoutRunFile } from "#core/money/payouts/download-payout-run-file.ts";
import { requestPayout } from "#core/money/payouts/request-payout.ts";
import { addresses, auditLog, bankAccounts, moneyAlerts, payoutRuns, payouts } from "#db/schema/index.ts";
import { makeMember } from "../helpers/catalog.ts";
import { startTestServer, type TestServer } from "../helpers/http-server.ts";
import { getPage, type SignedIn, signInOperator } from "../helpers/web.ts";

let server: TestServer;

const page = (url: string, cookie = "") => getPage(server, url, cookie);

async function post(url: string, cookie: string, form: Record<string, string> = {}, origin?: string) {
  const res = await fetch(`${server.url}${url}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: origin ?? server.url,
      cookie,
    },
    body: new URLSearchParams(form),
  });
  const html = await res.text();
  return { status: res.status, res, html, doc: parse(html) };
}

let counter = 0;
/** A member with an address, a bank account in the Zengin data, and `proceeds` from a sale. */
async function memberWithProceeds(proceeds: number): Promise<SessionUser> {
  const m = await makeMember(server.ctx);
  await server.database.db.insert(addresses).values({
    userId: m.id,
    familyName: "山田",
    givenName: "太郎",
    familyNameKana: "ヤマダ",
    givenNameKana: "タロウ",
    postalCode: "1010041",
    prefectureCode: "13",
    city: "千代田区",
    street: "神田須田町1-1",
    phone: "09012345678",
  });
  await server.database.db.insert(bankAccounts).values({
    userId: m.id,
    bankCode: "0001",
    bankName: "みずほ銀行",
    branchCode: "001",
    branchName: "東京営業部",
    accountType: "1",
    accountNumber: "1234567",
    holderName: "ヤマダ　タロウ",
  });
  counter += 1;
  await creditProceeds(server.ctx, {
    idempotencyKey: `staff-money-sale:${m.id}:${counter}`,
    kind: "sale_proceeds",
    refs: {},
    userId: m.id,
    amount: proceeds,
    lines: [
      { account: platformAccount("revenue"), amount: -proceeds },
      { account: memberAccount(m.id, "proceeds"), amount: proceeds },
    ],
  });
  return m;
}

async function bankPayout(m: SessionUser, amount: number) {
  const { payout } = await requestPayout(server.ctx, {
    userId: m.id,
    method: "bank",
    input: { amount },
    requestKey: `staff-money:${m.id}:${amount}`,
  });
  return payout;
}

const payoutRow = async (id: number) =>
  (await server.database.db.select().from(payouts).where(eq(payouts.id, id)))[0]!;
const proceedsOf = async (userId: number) => (await getBalance(server.ctx, { userId })).proceeds;

let financeA: SignedIn;
let financeB: SignedIn;

beforeAll(async () => {
  server = await startTestServer();
  financeA = await signInOperator(server, ["finance"], { nickname: "経理A" });
  financeB = await signInOperator(server, ["finance"], { nickname: "経理B" });
});
afterAll(async () => {
  await server?.close();
});

describe("the office's money screens, without JavaScript", () => {
  it("takes a ¥400,000 payout through two approvals, a bank run, its file, sending and the bank's return", async () => {
    const m = await memberWithProceeds(500_000);
    const payout = await bankPayout(m, 400_000);
    expect(payout.state).toBe("AWAITING_APPROVAL");
    expect(await proceedsOf(m.id)).toBe(500_000 - 400_250);

    // The dashboard counts it; the menu leads to the money screens.
    const dashboard = await page("/ja/staff/", financeA.cookie);
    expect(dashboard.doc.querySelector('[data-testid="queue-payouts"]')?.text).toContain("承認待ちの出金");
    expect(dashboard.doc.querySelector('[data-testid="queue-payouts"] a')?.getAttribute("href")).toBe(
      "/ja/staff/payouts/?state=AWAITING_APPROVAL",
    );
    expect(dashboard.doc.querySelector('[data-testid="queue-moneyAlerts"]')).not.toBeNull();
    const menu = dashboard.doc.querySelectorAll('nav[aria-label="管理メニュー"] a').map((a) => a.text.trim());
    expect(menu).toEqual(expect.arrayContaining(["出金申請", "振込データ", "お金のアラート"]));

    // The list, filtered by state and method, links to the payout and to its member.
    const list = await page("/ja/staff/payouts/?state=AWAITING_APPROVAL&method=bank", financeA.cookie);
    expect(list.status).toBe(200);
    expect(list.doc.querySelector(`a[href="/ja/staff/payouts/${payout.id}/"]`)).not.toBeNull();
    expect(list.doc.querySelector(`a[href="/ja/staff/members/${m.id}/"]`)).not.toBeNull();
    expect(list.doc.querySelector(`[data-testid="payout-state-${payout.id}"]`)?.text).toBe("承認待ち");
    expect(list.html).toContain("¥400,000");
    const kyashOnly = await page("/ja/staff/payouts/?method=kyash", financeA.cookie);
    expect(kyashOnly.doc.querySelector(`a[href="/ja/staff/payouts/${payout.id}/"]`)).toBeNull();
    // Nonsense filters are read as "any", never a 500.
    expect((await page("/ja/staff/payouts/?state=BOGUS&method=zzz&page=abc", financeA.cookie)).status).toBe(
      200,
    );

    const detailUrl = `/ja/staff/payouts/${payout.id}/`;
    const detail = await page(detailUrl, financeA.cookie);
    expect(detail.status).toBe(200);
    expect(detail.doc.querySelector('[data-testid="payout-state"]')?.text).toBe("承認待ち");
    expect(detail.doc.querySelector('[data-testid="approve-form"]')).not.toBeNull();
    expect(detail.doc.querySelector('[data-testid="reject-form"]')).not.toBeNull();
    // Finance without personal-data rights sees the account number's last digits only.
    expect(detail.doc.querySelector('[data-testid="destination"]')?.text).toContain("••••567");
    expect(detail.doc.querySelector('[data-testid="destination"]')?.text).not.toContain("1234567");

    // First approval: recorded, still waiting.
    const first = await post(detailUrl, financeA.cookie, { intent: "approve" });
    expect(first.status).toBe(302);
    expect(first.res.headers.get("location")).toBe(detailUrl);
    expect(await payoutRow(payout.id)).toMatchObject({
      state: "AWAITING_APPROVAL",
      firstApproverId: financeA.id,
      secondApproverId: null,
    });
    const afterFirst = await page(detailUrl, financeA.cookie);
    expect(afterFirst.doc.querySelector('[data-testid="payout-approvals"]')?.text).toContain("1/2");
    expect(afterFirst.doc.querySelector('[data-testid="approved-by-me"]')).not.toBeNull();

    // The same operator again: refused with the core's message, nothing changed.
    const twice = await post(detailUrl, financeA.cookie, { intent: "approve" });
    expect(twice.status).toBe(409);
    expect(twice.doc.querySelector('[role="alert"]')?.text).toContain("同じ担当者は2回承認できません");
    expect(await payoutRow(payout.id)).toMatchObject({ state: "AWAITING_APPROVAL", secondApproverId: null });

    // A second, different operator releases it.
    const second = await post(detailUrl, financeB.cookie, { intent: "approve" });
    expect(second.status).toBe(302);
    expect(await payoutRow(payout.id)).toMatchObject({ state: "READY", secondApproverId: financeB.id });
    const approvals = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(payout.id)));
    expect(approvals.filter((a) => a.action === "payouts:approve").map((a) => a.actorId)).toEqual([
      financeA.id,
      financeB.id,
    ]);

    // The run for the next banking day.
    const runs = await page("/ja/staff/payout-runs/", financeA.cookie);
    expect(runs.status).toBe(200);
    const nextDate = runs.doc.querySelector('[data-testid="next-transfer-date"]')?.text ?? "";
    expect(nextDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(runs.doc.querySelector("main form[method=post] button")?.text).toContain(nextDate);
    const prepared = await post("/ja/staff/payout-runs/", financeA.cookie);
    expect(prepared.status).toBe(302);
    const runUrl = prepared.res.headers.get("location") ?? "";
    expect(runUrl).toMatch(/^\/ja\/staff\/payout-runs\/\d+\/$/);
    const runId = Number(runUrl.split("/")[4]);
    expect((await payoutRow(payout.id)).state).toBe("BATCHED");
    // Nothing left to run: the core's message, and no empty run.
    const empty = await post("/ja/staff/payout-runs/", financeA.cookie);
    expect(empty.status).toBe(409);
    expect(empty.doc.querySelector('[role="alert"]')?.text).toContain("振込を待っている出金はありません");
    expect(
      await server.database.db.select().from(payoutRuns).where(eq(payoutRuns.state, "PREPARED")),
    ).toHaveLength(1);

    const run = await page(runUrl, financeA.cookie);
    expect(run.status).toBe(200);
    expect(run.doc.querySelector('[data-testid="run-state"]')?.text).toBe("作成済み（未送信）");
    expect(run.doc.querySelector(`a[href="/ja/staff/payouts/${payout.id}/"]`)).not.toBeNull();
    const fileUrl = run.doc.querySelector('[data-testid="download-file"]')?.getAttribute("href");
    expect(fileUrl).toBe(`/ja/staff/payout-runs/${runId}/file/`);

    // The file: exactly the core's bytes, Shift_JIS, 120-byte records.
    const res = await fetch(`${server.url}${fileUrl}`, { headers: { cookie: financeA.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain; charset=Shift_JIS");
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="zengin-${nextDate.replaceAll("-", "")}-${runId}.txt"`,
    );
    expect(res.headers.get("cache-control")).toContain("no-store");
    const bytes = new Uint8Array(await res.arrayBuffer());
    const core = await payoutRunFile(server.ctx, financeA, { runId });
    expect(Buffer.from(bytes).equals(Buffer.from(core.bytes))).toBe(true);
    expect(bytes.length % 122).toBe(0);
    const lines = iconv.decode(Buffer.from(bytes), "Shift_JIS").split("\r\n").filter(Boolean);
    expect(lines.length).toBe(bytes.length / 122);
    for (let i = 0; i < bytes.length; i += 122) {
      expect([bytes[i + 120], bytes[i + 121]]).toEqual([0x0d, 0x0a]);
    }
    const parsed = readZenginTransferFile(bytes);
    expect(parsed.transfers).toEqual([
      expect.objectContaining({ amount: 400_000, holderKana: "ﾔﾏﾀﾞ ﾀﾛｳ", reference: payout.id }),
    ]);
    // Without the trailing slash, the address is made canonical first.
    const bare = await fetch(`${server.url}/ja/staff/payout-runs/${runId}/file`, {
      redirect: "manual",
      headers: { cookie: financeA.cookie },
    });
    expect(bare.status).toBe(301);

    // Mark sent: first the confirmation (nothing changes), then the step itself.
    const ask = await post(runUrl, financeA.cookie, { intent: "send" });
    expect(ask.status).toBe(200);
    expect(ask.doc.querySelector('[data-testid="confirm-panel"]')?.text).toContain("送信済みにしますか");
    expect(
      (await server.database.db.select().from(payoutRuns).where(eq(payoutRuns.id, runId)))[0]!.state,
    ).toBe("PREPARED");
    const sent = await post(runUrl, financeB.cookie, { intent: "send", confirm: "1" });
    expect(sent.status).toBe(302);
    const [runRow] = await server.database.db.select().from(payoutRuns).where(eq(payoutRuns.id, runId));
    expect(runRow).toMatchObject({ state: "SENT", preparedBy: financeA.id, sentBy: financeB.id });
    expect((await payoutRow(payout.id)).state).toBe("SENT");
    const sentPage = await page(runUrl, financeA.cookie);
    expect(sentPage.doc.querySelector('[data-testid="run-state"]')?.text).toBe("送信済み");
    expect(sentPage.doc.querySelector('[data-testid="send-form"]')).toBeNull();
    expect(sentPage.doc.querySelector(`[data-testid="return-form-${payout.id}"]`)).not.toBeNull();

    // The bank returns it: a reason is needed, then the money is back in the proceeds.
    const noReason = await post(runUrl, financeA.cookie, {
      intent: "return",
      payoutId: String(payout.id),
      reason: "",
    });
    expect(noReason.status).toBe(422);
    expect(noReason.doc.querySelector('[data-testid="error-reason"]')?.text).toContain("理由");
    expect((await payoutRow(payout.id)).state).toBe("SENT");
    // A payout of another run (or none) is not this page's to return.
    expect(
      (await post(runUrl, financeA.cookie, { intent: "return", payoutId: "999999", reason: "x" })).status,
    ).toBe(404);
    const returned = await post(runUrl, financeA.cookie, {
      intent: "return",
      payoutId: String(payout.id),
      reason: "口座なし",
    });
    expect(returned.status).toBe(302);
    expect(await payoutRow(payout.id)).toMatchObject({ state: "FAILED", failureReason: "口座なし" });
    expect(await proceedsOf(m.id)).toBe(500_000);
    const failedPage = await page(detailUrl, financeA.cookie);
    expect(failedPage.doc.querySelector('[data-testid="failure-reason"]')?.text).toBe("口座なし");
    expect(failedPage.doc.querySelector('[data-testid="state-history"]')?.text).toContain("銀行へ送信済み");

    // The return raised a money alert; finance resolves it.
    const [alert] = await server.database.db
      .select()
      .from(moneyAlerts)
      .where(eq(moneyAlerts.dedupeKey, `payout:${payout.id}:failed`));
    expect(alert).toBeDefined();
    const alerts = await page("/ja/staff/money-alerts/", financeA.cookie);
    expect(alerts.status).toBe(200);
    expect(alerts.doc.querySelector(`[data-testid="alert-kind-${alert!.id}"]`)?.text).toContain(
      "出金の失敗・組戻し",
    );
    expect(alerts.html).toContain("¥400,250");
    const resolved = await post("/ja/staff/money-alerts/", financeA.cookie, { alertId: String(alert!.id) });
    expect(resolved.status).toBe(302);
    const [after] = await server.database.db.select().from(moneyAlerts).where(eq(moneyAlerts.id, alert!.id));
    expect(after).toMatchObject({ resolvedBy: financeA.id });
    expect(after!.resolvedAt).not.toBeNull();
    const again = await post("/ja/staff/money-alerts/", financeB.cookie, { alertId: String(alert!.id) });
    expect(again.status).toBe(302);
    expect(
      (await server.database.db.select().from(moneyAlerts).where(eq(moneyAlerts.id, alert!.id)))[0]!
        .resolvedBy,
    ).toBe(financeA.id);
    const gone = await page("/ja/staff/money-alerts/", financeA.cookie);
    expect(gone.doc.querySelector(`[data-testid="alert-kind-${alert!.id}"]`)).toBeNull();
    // A malformed id is said as a message, not a 500.
    expect((await post("/ja/staff/money-alerts/", financeA.cookie, { alertId: "abc" })).status).toBe(404);
  });

  it("rejects a payout with a reason, and discards a run after confirming", async () => {
    const m = await memberWithProceeds(400_000);
    const big = await bankPayout(m, 350_000);
    const url = `/ja/staff/payouts/${big.id}/`;
    const noReason = await post(url, financeA.cookie, { intent: "reject", reason: "   " });
    expect(noReason.status).toBe(422);
    expect(
      noReason.doc.querySelector('[data-testid="reject-form"] [data-testid="error-reason"]'),
    ).not.toBeNull();
    expect((await payoutRow(big.id)).state).toBe("AWAITING_APPROVAL");
    const rejected = await post(url, financeA.cookie, { intent: "reject", reason: "名義が本人と異なる" });
    expect(rejected.status).toBe(302);
    expect(await payoutRow(big.id)).toMatchObject({ state: "REJECTED", failureReason: "名義が本人と異なる" });
    expect(await proceedsOf(m.id)).toBe(400_000);
    // Nothing is left to do on it; a forged approval is refused by the machine.
    const closed = await page(url, financeA.cookie);
    expect(closed.doc.querySelector('[data-testid="no-steps"]')).not.toBeNull();
    expect((await post(url, financeB.cookie, { intent: "approve" })).status).toBe(409);
    expect((await post(url, financeB.cookie, { intent: "nonsense" })).status).toBe(400);

    const small = await bankPayout(m, 10_000);
    expect(small.state).toBe("READY");
    const prepared = await post("/ja/staff/payout-runs/", financeA.cookie);
    const runUrl = prepared.res.headers.get("location") ?? "";
    const runId = Number(runUrl.split("/")[4]);
    expect(
      (await post(runUrl, financeA.cookie, { intent: "discard" })).doc.querySelector(
        '[data-testid="confirm-panel"]',
      )?.text,
    ).toContain("破棄しますか");
    const discarded = await post(runUrl, financeA.cookie, { intent: "discard", confirm: "1" });
    expect(discarded.status).toBe(302);
    expect(
      (await server.database.db.select().from(payoutRuns).where(eq(payoutRuns.id, runId)))[0]!.state,
    ).toBe("DISCARDED");
    expect(await payoutRow(small.id)).toMatchObject({ state: "READY", runId: null });
    // Discarded: it cannot be sent afterwards.
    const late = await post(runUrl, financeA.cookie, { intent: "send", confirm: "1" });
    expect(late.status).toBe(409);
    expect(late.doc.querySelector('[role="alert"]')?.text).toContain("すでに送信済みか、取り消されています");
  });

  it("shows finance a member's balances and grants free points once per form", async () => {
    const m = await memberWithProceeds(12_000);
    const url = `/ja/staff/members/${m.id}/`;
    const view = await page(url, financeA.cookie);
    expect(view.status).toBe(200);
    expect(view.doc.querySelector('[data-testid="balance-proceeds"]')?.text).toBe("¥12,000");
    expect(view.doc.querySelector('[data-testid="balance-free-points"]')?.text).toBe("0P");
    const form = view.doc.querySelector('[data-testid="grant-form"]');
    expect(form).not.toBeNull();
    const requestKey = form!.querySelector('input[name="requestKey"]')!.getAttribute("value")!;

    const bad = await post(url, financeA.cookie, {
      action: "grant_points",
      amount: "abc",
      expiresInDays: "999",
      reason: "",
      requestKey,
    });
    expect(bad.status).toBe(422);
    expect(bad.doc.querySelector('[data-testid="error-amount"]')).not.toBeNull();
    expect(bad.doc.querySelector('[data-testid="error-expiresInDays"]')).not.toBeNull();
    expect(
      bad.doc.querySelector('[data-testid="grant-form"] input[name="amount"]')?.getAttribute("value"),
    ).toBe("abc");
    expect((await getBalance(server.ctx, { userId: m.id })).free_points).toBe(0);
    const huge = await post(url, financeA.cookie, {
      action: "grant_points",
      amount: "9".repeat(40),
      expiresInDays: "30\u0000",
      reason: "x",
      requestKey,
    });
    expect(huge.status).toBe(422);

    const grant = {
      action: "grant_points",
      amount: "500",
      expiresInDays: "30",
      reason: "お詫び",
      requestKey,
    };
    const granted = await post(url, financeA.cookie, grant);
    expect(granted.status).toBe(302);
    expect(granted.res.headers.get("location")).toBe(url);
    // The same form sent twice grants once.
    expect((await post(url, financeA.cookie, grant)).status).toBe(302);
    expect((await getBalance(server.ctx, { userId: m.id })).free_points).toBe(500);
    expect(
      (await page(url, financeA.cookie)).doc.querySelector('[data-testid="balance-free-points"]')?.text,
    ).toBe("500P");
  });
});

describe("who may open the money screens", () => {
  it("refuses operators without payouts:read, members, visitors and other sites", async () => {
    const m = await memberWithProceeds(400_000);
    const payout = await bankPayout(m, 320_000);
    await raiseMoneyAlert(server.ctx, {
      kind: "late_top_up",
      userId: m.id,
      refs: { topUpId: 1 },
      dedupeKey: `access:${m.id}`,
    });
    const [alert] = await server.database.db
      .select()
      .from(moneyAlerts)
      .where(eq(moneyAlerts.dedupeKey, `access:${m.id}`));
    const support = await signInOperator(server, ["support"]);
    const safety = await signInOperator(server, ["trust_safety"]);
    const urls = [
      "/ja/staff/payouts/",
      `/ja/staff/payouts/${payout.id}/`,
      "/ja/staff/payout-runs/",
      "/ja/staff/payout-runs/1/",
      "/ja/staff/payout-runs/1/file/",
      "/ja/staff/money-alerts/",
    ];
    for (const url of urls) {
      expect((await page(url)).status, `${url} as a visitor`).toBe(302);
      expect((await page(url, support.cookie)).status, `${url} as support`).toBe(403);
      expect((await page(url, safety.cookie)).status, `${url} as trust and safety`).toBe(403);
    }
    const menu = (await page("/ja/staff/", support.cookie)).doc
      .querySelectorAll('nav[aria-label="管理メニュー"] a')
      .map((a) => a.text.trim());
    expect(menu).not.toContain("出金申請");
    expect(
      (await page("/ja/staff/", support.cookie)).doc.querySelector('[data-testid="queue-payouts"]'),
    ).toBeNull();

    // Forged steps change nothing.
    expect(
      (await post(`/ja/staff/payouts/${payout.id}/`, support.cookie, { intent: "approve" })).status,
    ).toBe(403);
    expect((await post("/ja/staff/payout-runs/", support.cookie)).status).toBe(403);
    expect(
      (await post("/ja/staff/money-alerts/", support.cookie, { alertId: String(alert!.id) })).status,
    ).toBe(403);
    // Another site's form, even with finance's cookie, is refused before anything is read.
    const forged = await post(
      `/ja/staff/payouts/${payout.id}/`,
      financeA.cookie,
      { intent: "approve" },
      "https://evil.example",
    );
    expect(forged.status).toBe(403);
    expect(await payoutRow(payout.id)).toMatchObject({ state: "AWAITING_APPROVAL", firstApproverId: null });
    const resolvedElsewhere = await post(
      "/ja/staff/money-alerts/",
      financeA.cookie,
      { alertId: String(alert!.id) },
      "https://evil.example",
    );
    expect(resolvedElsewhere.status).toBe(403);
    expect(
      (await server.database.db.select().from(moneyAlerts).where(eq(moneyAlerts.id, alert!.id)))[0]!
        .resolvedAt,
    ).toBeNull();

    // Trust and safety may open the member, but sees no balances and cannot grant points.
    const memberUrl = `/ja/staff/members/${m.id}/`;
    const seen = await page(memberUrl, safety.cookie);
    expect(seen.status).toBe(200);
    expect(seen.doc.querySelector('[data-testid="grant-form"]')).toBeNull();
    expect(seen.doc.querySelector('[data-testid="balance-proceeds"]')).toBeNull();
    const grant = await post(memberUrl, safety.cookie, {
      action: "grant_points",
      amount: "500",
      expiresInDays: "30",
      reason: "x",
      requestKey: "k",
    });
    expect(grant.status).toBe(403);
    expect((await getBalance(server.ctx, { userId: m.id })).free_points).toBe(0);
  });

  it("speaks English on the /en/ pages", async () => {
    const list = await page("/en/staff/payouts/", financeA.cookie);
    expect(list.status).toBe(200);
    expect(list.doc.querySelector("h1")?.text).toBe("Payouts");
    const runs = await page("/en/staff/payout-runs/", financeA.cookie);
    expect(runs.doc.querySelector("h1")?.text).toBe("Bank runs");
    const alerts = await page("/en/staff/money-alerts/", financeA.cookie);
    expect(alerts.doc.querySelector("h1")?.text).toBe("Money alerts");
  });
});
