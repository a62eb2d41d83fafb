import { eq } from "drizzle-orm";
import { parse } from "node-html-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "#core/identity/sessions.ts";
import type { OperatorRole } from "#core/staff/permissions.ts";
import { items, reports, users } from "#db/schema/index.ts";
import { listItem, makeMember } from "../helpers/catalog.ts";
import { startTestServer, type TestServer } from "../helpers/http-server.ts";
import { getPage, type SignedIn, signIn as signInAs, signInOperator } from "../helpers/web.ts";

let server: TestServer;

type Who = SignedIn;

const signIn = (user: SessionUser): Promise<Who> => signInAs(server, user);
const member = async (nickname?: string) =>
  signIn(await makeMember(server.ctx, nickname ? { nickname } : {}));
const operator = (roles: OperatorRole[]) => signInOperator(server, roles);

const page = (url: string, cookie = "") => getPage(server, url, cookie);

function post(url: string, cookie: string, form: Record<string, string> = {}) {
  return fetch(`${server.url}${url}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url, cookie },
    body: new URLSearchParams(form),
  });
}

function api(method: string, path: string, who: Who | null, body?: unknown) {
  return fetch(`${server.url}/api/v1${path}`, {
    method,
    headers: {
      ...(who ? { authorization: `Bearer ${who.token}` } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe("reports and moderation over HTTP", () => {
  it("lets a member report a listing from its page, keeping what they typed when it fails", async () => {
    const seller = await member("売る人");
    const reporter = await member();
    const itemId = await listItem(server.ctx, seller, { title: "通報される出品" });

    const own = await page(`/ja/items/${itemId}/`, seller.cookie);
    expect(own.doc.querySelector('[data-testid="report-item"]')).toBeNull();
    const other = await page(`/ja/items/${itemId}/`, reporter.cookie);
    const link = other.doc.querySelector('[data-testid="report-item"]');
    expect(link?.getAttribute("href")).toBe(`/ja/report/?type=item&id=${itemId}`);

    expect((await page(`/ja/report/?type=item&id=${itemId}`)).status).toBe(302);
    expect((await page(`/ja/report/?type=item&id=${itemId}`, seller.cookie)).status).toBe(404);
    expect((await page("/ja/report/?type=item&id=1", reporter.cookie)).status).toBe(404);
    expect((await page("/ja/report/?type=nothing&id=1", reporter.cookie)).status).toBe(404);
    const form = await page(`/ja/report/?type=item&id=${itemId}`, reporter.cookie);
    expect(form.status).toBe(200);
    expect(form.doc.querySelector('[data-testid="report-target"]')?.text).toContain("通報される出品");
    expect(form.doc.querySelectorAll('input[name="reason"]').length).toBeGreaterThan(3);

    const url = `/ja/report/?type=item&id=${itemId}`;
    const failed = await post(url, reporter.cookie, {
      type: "item",
      id: String(itemId),
      body: "写真が別物です",
    });
    expect(failed.status).toBe(422);
    const failedDoc = parse(await failed.text());
    expect(failedDoc.querySelector('[data-testid="error-reason"]')?.text).toBe("通報の理由を選んでください");
    expect(failedDoc.querySelector('textarea[name="body"]')?.text).toBe("写真が別物です");

    const sent = await post(url, reporter.cookie, {
      type: "item",
      id: String(itemId),
      reason: "MISLEADING",
      body: "写真が別物です",
    });
    expect(sent.status).toBe(302);
    expect(sent.headers.get("location")).toBe(`/ja/items/${itemId}/`);
    expect(sent.headers.getSetCookie().join(";")).toContain("moderation.flash.reported");
    const rows = await server.database.db.select().from(reports).where(eq(reports.targetId, itemId));
    expect(rows).toMatchObject([{ targetType: "item", reason: "MISLEADING", reporterId: reporter.id }]);
  });

  it("lets trust and safety work a report in the back office; the seller sees why the listing is hidden", async () => {
    const seller = await member("見る出品者");
    const reporter = await member();
    const itemId = await listItem(server.ctx, seller, { title: "偽物かもしれない出品" });
    await post(`/ja/report/?type=item&id=${itemId}`, reporter.cookie, {
      type: "item",
      id: String(itemId),
      reason: "COUNTERFEIT",
    });
    const [report] = await server.database.db.select().from(reports).where(eq(reports.targetId, itemId));

    const finance = await operator(["finance"]);
    expect((await page("/ja/staff/reports/", finance.cookie)).status).toBe(403);
    const support = await operator(["support"]);
    const queue = await page("/ja/staff/reports/", support.cookie);
    expect(queue.status).toBe(200);
    expect(queue.html).toContain("偽物かもしれない出品");
    const readOnly = await page(`/ja/staff/reports/${report!.id}/`, support.cookie);
    expect(readOnly.doc.querySelector('[data-testid="no-permission"]')).not.toBeNull();

    const ts = await operator(["trust_safety"]);
    const here = `/ja/staff/reports/${report!.id}/`;
    const refused = await post(here, ts.cookie, {
      intent: "moderate",
      action: "hide_item",
      reasonCode: "",
      note: "",
    });
    expect(refused.status).toBe(422);
    const refusedDoc = parse(await refused.text());
    expect(refusedDoc.querySelector('[data-testid="error-reasonCode"]')?.text).toBe(
      "適用する規約を選んでください",
    );
    const done = await post(here, ts.cookie, {
      intent: "moderate",
      action: "hide_item",
      reasonCode: "PROHIBITED_ITEM",
      note: "ロゴの形が純正品と異なります。",
    });
    expect(done.status).toBe(302);
    const [item] = await server.database.db.select().from(items).where(eq(items.id, itemId));
    expect(item!.state).toBe("HIDDEN");
    expect((await page(`/ja/items/${itemId}/`, reporter.cookie)).status).toBe(404);
    const seen = await page(`/ja/items/${itemId}/`, seller.cookie);
    const notice = seen.doc.querySelector('[data-testid="hidden-notice"]');
    expect(notice?.text).toContain("ロゴの形が純正品と異なります。");
    expect(notice?.querySelector("a")?.getAttribute("href")).toMatch(
      /^\/ja\/mypage\/support\/\?category=appeal&decision=7\d{5}$/,
    );
    const detail = await page(here, ts.cookie);
    expect(detail.doc.querySelector('[data-testid="report-state"]')?.text).toBe("対応済み");
  });

  it("answers the API: members report, operators decide with the permission, others get 403", async () => {
    const target = await member("APIで停止");
    const reporter = await member();
    const first = await api("POST", "/reports", reporter, {
      target_type: "user",
      target_id: target.id,
      reason: "SPAM",
    });
    expect(first.status).toBe(201);
    const reportId = (await first.json()).id as number;
    const again = await api("POST", "/reports", reporter, {
      target_type: "user",
      target_id: target.id,
      reason: "SPAM",
    });
    expect(again.status).toBe(200);
    expect((await again.json()).created).toBe(false);

    const forbidden = await api("GET", "/staff/reports", reporter);
    expect(forbidden.status).toBe(403);
    expect((await forbidden.json()).error.code).toBe("FORBIDDEN");
    const finance = await operator(["finance"]);
    expect((await api("POST", `/staff/members/${target.id}/suspend`, finance, {})).status).toBe(403);
    const ts = await operator(["trust_safety"]);
    const invalid = await api("POST", `/staff/members/${target.id}/suspend`, ts, {});
    expect(invalid.status).toBe(422);
    expect(Object.keys((await invalid.json()).error.fields).sort()).toEqual(["note", "reason_code"]);
    const suspended = await api("POST", `/staff/members/${target.id}/suspend`, ts, {
      reason_code: "SYSTEM_ABUSE",
      note: "短時間に大量の出品と削除を繰り返していました。",
    });
    expect(suspended.status).toBe(200);
    expect((await suspended.json()).decision_id).toBeGreaterThan(700000);
    // The suspended member's session no longer works.
    expect((await api("GET", "/me", target)).status).toBe(401);
    const [row] = await server.database.db.select().from(users).where(eq(users.id, target.id));
    expect(row!.suspendedAt).not.toBeNull();
    const summary = await api("GET", `/staff/members/${target.id}`, ts);
    expect((await summary.json()).member.suspended_at).not.toBeNull();

    // The report was settled by the suspension; its page shows the member and the decision.
    const settled = await page(`/ja/staff/reports/${reportId}/`, ts.cookie);
    expect(settled.status).toBe(200);
    expect(settled.doc.querySelector('[data-testid="target-user"]')?.text).toContain("利用停止中");
    expect(settled.html).toContain("不正アクセス・過度な負荷");
    const english = await page(`/en/staff/reports/${reportId}/`, ts.cookie);
    expect(english.doc.querySelector('[data-testid="report-state"]')?.text).toBe("Actioned");

    // A comment's report: the preview quotes it, and the form offers to hide it.
    const seller = await member();
    const itemId = await listItem(server.ctx, seller);
    const commentRes = await api("POST", `/items/${itemId}/comments`, seller, {
      body: "外部サイトで安く売ってます",
    });
    const commentId = (await commentRes.json()).id as number;
    const onComment = await api("POST", "/reports", reporter, {
      target_type: "comment",
      target_id: commentId,
      reason: "OFF_PLATFORM",
    });
    const commentReport = await page(`/ja/staff/reports/${(await onComment.json()).id}/`, ts.cookie);
    expect(commentReport.doc.querySelector('[data-testid="target-comment"]')?.text).toContain(
      "外部サイトで安く売ってます",
    );
    expect(commentReport.html).toContain("コメントを非表示にする");

    const found = await page(`/ja/staff/members/?q=${encodeURIComponent("APIで停止")}`, ts.cookie);
    expect(found.status).toBe(200);
    expect(found.html).toContain(`/ja/staff/members/${target.id}/`);
    const profile = await page(`/ja/staff/members/${target.id}/`, ts.cookie);
    expect(profile.doc.querySelector('[data-testid="member-status"]')?.text).toContain("利用停止中");
  });
});
