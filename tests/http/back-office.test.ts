import { and, eq } from "drizzle-orm";
import { parse } from "node-html-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "#core/identity/sessions.ts";
import type { OperatorRole } from "#core/staff/permissions.ts";
import { auditLog, buybackCompanies, payoutRuns } from "#db/schema/index.ts";
import { makeMember } from "../helpers/catalog.ts";
import { startTestServer, type TestServer } from "../helpers/http-server.ts";
import { signIn as signInAs, signInOperator } from "../helpers/web.ts";

let server: TestServer;

type Who = SessionUser & { cookie: string };

const signIn = (user: SessionUser): Promise<Who> => signInAs(server, user);
const operator = (roles: OperatorRole[], nickname?: string) =>
  signInOperator(server, roles, nickname ? { nickname } : {});

async function page(url: string, cookie: string) {
  const res = await fetch(`${server.url}${url}`, { redirect: "manual", headers: { cookie } });
  const html = await res.text();
  return { status: res.status, res, html, doc: parse(html) };
}

function post(url: string, cookie: string, form: Record<string, string | string[]> = {}) {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(form)) for (const one of [v].flat()) body.append(k, one);
  return fetch(`${server.url}${url}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url, cookie },
    body,
  });
}

/** The cookie a response sets, as `name=value`. */
function setCookie(res: Response, name: string): string | null {
  const line = res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  return line ? line.split(";")[0]! : null;
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe("the back office's pages", () => {
  it("shows each operator only the sections their roles open", async () => {
    const finance = await operator(["finance"]);
    const { status, doc } = await page("/ja/staff/", finance.cookie);
    expect(status).toBe(200);
    const menu = doc.querySelectorAll('nav[aria-label="管理メニュー"] a').map((a) => a.text.trim());
    expect(menu).toContain("操作履歴");
    expect(menu).not.toContain("メディア");
    const editor = await operator(["editor"]);
    const editorMenu = (await page("/ja/staff/", editor.cookie)).doc
      .querySelectorAll('nav[aria-label="管理メニュー"] a')
      .map((a) => a.text.trim());
    expect(editorMenu).toContain("メディア");
    expect(editorMenu).not.toContain("操作履歴");
    expect((await page("/ja/staff/audit/", editor.cookie)).status).toBe(403);
  });

  it("lets an admin change roles, refuses everyone else, and the audit page shows the change", async () => {
    const admin = await operator(["admin"]);
    const newcomer = await operator(["support"], "新人");
    const finance = await operator(["finance"]);
    const roles = await page("/ja/staff/roles/", finance.cookie);
    expect(roles.status).toBe(200);
    expect(roles.doc.querySelector('[data-testid="permission-matrix"]')).not.toBeNull();
    expect(roles.html).toContain("ロールの変更は管理者のみができます");
    expect(
      (await post("/ja/staff/roles/", finance.cookie, { userId: String(newcomer.id), roles: "admin" }))
        .status,
    ).toBe(403);
    const saved = await post("/ja/staff/roles/", admin.cookie, {
      userId: String(newcomer.id),
      roles: ["support", "finance"],
      reason: "経理を兼務",
    });
    expect(saved.status).toBe(302);
    const audit = await page(`/ja/staff/audit/?targetType=user&targetId=${newcomer.id}`, admin.cookie);
    expect(audit.status).toBe(200);
    const changes = audit.doc.querySelector('[data-testid="audit-changes"]')?.text ?? "";
    expect(changes).toContain('["support"]');
    expect(changes).toContain('["finance","support"]');
    expect(audit.html).toContain("経理を兼務");
    // A bad date in the filter is a message on the page, not an error.
    const bad = await page("/ja/staff/audit/?from=2026-13-45", admin.cookie);
    expect(bad.status).toBe(200);
    expect(bad.doc.querySelector("#from-error")?.text).toBeTruthy();
  });
});

describe("sorting the back office's lists by a column", () => {
  /** The one sorted column's header, and the rows of its table (each row's first link). */
  function sorted(doc: ReturnType<typeof parse>) {
    const headers = doc.querySelectorAll("th[aria-sort]");
    const table = headers[0]?.closest("table");
    const rows = (table?.querySelectorAll("tbody tr") ?? []).map(
      (tr) => tr.querySelector("a")?.getAttribute("href") ?? "",
    );
    return {
      headers: headers.map((th) => [th.getAttribute("aria-sort"), th.text.replace(/[▲▼]/g, "").trim()]),
      rows,
      link: (name: string) =>
        table
          ?.querySelectorAll("th a")
          .find((a) => a.text.includes(name))
          ?.getAttribute("href"),
    };
  }
  /** A link's query string as the browser reads it. */
  const query = (href: string | undefined) =>
    new URLSearchParams((href ?? "").replace(/&amp;/g, "&").split("?")[1] ?? "");

  it("sorts the bank runs by their total, both pages, the pager keeping the sort", async () => {
    const finance = await operator(["finance"]);
    // 31 runs (30 to a page), their totals in no order of their numbers.
    const made = await server.ctx.db
      .insert(payoutRuns)
      .values(
        Array.from({ length: 31 }, (_, i) => ({
          transferDate: "2030-01-06",
          state: "SENT" as const,
          count: 1,
          total: (((i * 13) % 31) + 1) * 1000,
          file: "",
        })),
      )
      .returning({ id: payoutRuns.id, total: payoutRuns.total });
    const totalOf = new Map(made.map((r) => [`/ja/staff/payout-runs/${r.id}/`, r.total]));
    const first = await page("/ja/staff/payout-runs/?sort=total&dir=asc", finance.cookie);
    expect(first.status).toBe(200);
    const one = sorted(first.doc);
    expect(one.headers).toEqual([["ascending", "合計"]]);
    const totals = one.rows.map((href) => totalOf.get(href));
    expect(totals).toEqual(Array.from({ length: 30 }, (_, i) => (i + 1) * 1000));
    // The pager's next page keeps the sort.
    const next = query(first.doc.querySelector('a[rel="next"]')?.getAttribute("href"));
    expect(Object.fromEntries(next)).toEqual({ sort: "total", dir: "asc", page: "2" });
    const second = await page(`/ja/staff/payout-runs/?${next}`, finance.cookie);
    const two = sorted(second.doc);
    expect(two.headers).toEqual([["ascending", "合計"]]);
    expect(two.rows.map((href) => totalOf.get(href))).toEqual([31_000]);
    // A header's link turns the sort and starts again from the first page.
    expect(Object.fromEntries(query(two.link("合計")))).toEqual({ sort: "total", dir: "desc" });
    expect(Object.fromEntries(query(two.link("振込指定日")))).toEqual({ sort: "transferDate", dir: "asc" });
    // Without a sort: the newest first, as before.
    const plain = sorted((await page("/ja/staff/payout-runs/", finance.cookie)).doc);
    expect(plain.headers).toEqual([["descending", "番号"]]);
    expect(plain.rows[0]).toBe(`/ja/staff/payout-runs/${made.at(-1)!.id}/`);
  });

  it("sorts the buyer companies by name", async () => {
    const support = await operator(["support"]);
    const made = await server.ctx.db
      .insert(buybackCompanies)
      .values([{ name: "Sort Charlie" }, { name: "Sort Alpha" }, { name: "Sort Bravo" }])
      .returning({ id: buybackCompanies.id, name: buybackCompanies.name });
    const nameOf = new Map(made.map((c) => [`/ja/staff/buyback/companies/${c.id}/`, c.name]));
    const names = (rows: string[]) => rows.map((href) => nameOf.get(href)).filter(Boolean);
    const up = await page("/ja/staff/buyback/companies/?sort=name&dir=asc", support.cookie);
    expect(up.status).toBe(200);
    const list = sorted(up.doc);
    expect(list.headers).toEqual([["ascending", "会社名"]]);
    expect(names(list.rows)).toEqual(["Sort Alpha", "Sort Bravo", "Sort Charlie"]);
    const down = sorted((await page("/ja/staff/buyback/companies/?sort=name&dir=desc", support.cookie)).doc);
    expect(down.headers).toEqual([["descending", "会社名"]]);
    expect(names(down.rows)).toEqual(["Sort Charlie", "Sort Bravo", "Sort Alpha"]);
  });
});

describe("looking at a member's pages", () => {
  it("shows the member's pages with a banner, refuses every change, and ends audited", async () => {
    const member = await signIn(await makeMember(server.ctx, { nickname: "はなこ" }));
    const support = await operator(["support"], "佐藤");
    const asks = await page(`/ja/staff/members/${member.id}/view-as/`, support.cookie);
    expect(asks.status).toBe(200);
    const started = await post(`/ja/staff/members/${member.id}/view-as/`, support.cookie);
    expect([started.status, started.headers.get("location")]).toEqual([302, "/ja/mypage/"]);
    const ticket = setCookie(started, "tsugu_view_as")!;
    const cookie = `${support.cookie}; ${ticket}`;
    const mypage = await page("/ja/mypage/", cookie);
    expect(mypage.status).toBe(200);
    expect(mypage.doc.querySelector('[data-testid="view-as-banner"]')?.text).toContain(
      "はなこさんの画面を閲覧中（閲覧専用）— 佐藤",
    );
    const change = await post("/ja/settings/profile/", cookie, { nickname: "のっとり" });
    expect(change.status).toBe(403);
    expect(await change.text()).toBe("会員の画面を閲覧中は、変更や送信はできません。");
    // The ticket is no one else's: another operator with it is just themselves.
    const other = await operator(["support"]);
    const theirs = await page("/ja/mypage/", `${other.cookie}; ${ticket}`);
    expect(theirs.doc.querySelector('[data-testid="view-as-banner"]')).toBeNull();
    const ended = await post("/ja/staff/view-as/end/", cookie);
    expect([ended.status, ended.headers.get("location")]).toEqual([303, `/ja/staff/members/${member.id}/`]);
    expect(setCookie(ended, "tsugu_view_as")).toBe("tsugu_view_as=");
    const entries = await server.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "members:impersonate"), eq(auditLog.targetId, String(member.id))))
      .orderBy(auditLog.id);
    expect(entries.map((e) => e.changes)).toEqual([
      { viewingAs: [null, member.id] },
      { viewingAs: [member.id, null] },
    ]);
    // A member can never start it.
    expect((await post(`/ja/staff/members/${support.id}/view-as/`, member.cookie)).status).toBe(403);
  });
});
