import { eq } from "drizzle-orm";
import iconv from "iconv-lite";
import { parse } from "node-html-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "#core/identity/sessions.ts";
import type { OperatorRole } from "#core/staff/permissions.ts";
import { auditLog, exports } from "#db/schema/index.ts";
import { makeMember } from "../helpers/catalog.ts";
import { startTestServer, type TestServer } from "../helpers/http-server.ts";
import { signIn as signInAs, signInOperator } from "../helpers/web.ts";

let server: TestServer;
type Who = SessionUser & { cookie: string };

const TX_HEADER =
  "取引ID,作成日時(JST),状態,商品ID,商品名,価格,手数料,販売利益,支払方法,購入者ID,出品者ID,発送日時,完了日時";

const signIn = (user: SessionUser): Promise<Who> => signInAs(server, user);
const operator = (roles: OperatorRole[]) => signInOperator(server, roles);

const get = (url: string, cookie = "") =>
  fetch(`${server.url}${url}`, { redirect: "manual", headers: { cookie } });

function post(url: string, cookie: string, form: Record<string, string>) {
  return fetch(`${server.url}${url}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url, cookie },
    body: new URLSearchParams(form),
  });
}

function api(method: string, path: string, cookie: string, body?: unknown) {
  return fetch(`${server.url}/api/v1${path}`, {
    method,
    headers: {
      cookie,
      origin: server.url,
      "accept-language": "ja",
      ...(body ? { "content-type": "application/json" } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
}

/** The server's own job runner writes the file; wait for it (it polls every second). */
async function finished(id: number) {
  for (let i = 0; i < 300; i++) {
    const [row] = await server.ctx.db.select().from(exports).where(eq(exports.id, id));
    if (row?.state === "DONE" || row?.state === "FAILED") return row;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`export ${id} did not finish`);
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe("CSV exports in the back office", () => {
  it("keeps what was typed when the period is missing, then makes and serves the Shift_JIS file", async () => {
    const finance = await operator(["finance"]);
    const form = await get("/ja/staff/exports/", finance.cookie);
    expect(form.status).toBe(200);
    const doc = parse(await form.text());
    expect(doc.querySelector("h1")?.text).toBe("CSV出力");
    expect(doc.querySelectorAll('input[name="kind"]').map((i) => i.getAttribute("value"))).toEqual([
      "transactions",
      "sales",
      "members",
      "audit",
    ]);
    expect(doc.text).toContain("Excel用 (Shift_JIS)");
    expect(doc.text).toContain("UTF-8 (BOM付き)");

    const refused = await post("/ja/staff/exports/", finance.cookie, {
      kind: "sales",
      dateFrom: "2026-11-01",
      dateTo: "",
      encoding: "utf8",
    });
    expect(refused.status).toBe(422);
    const again = parse(await refused.text());
    expect(again.querySelector('[data-testid="error-dateTo"]')?.text).toBe("期間を指定してください");
    expect(again.querySelector('input[name="dateFrom"]')?.getAttribute("value")).toBe("2026-11-01");
    expect(again.querySelector('input[name="kind"][value="sales"]')?.hasAttribute("checked")).toBe(true);
    expect(again.querySelector('input[name="encoding"][value="utf8"]')?.hasAttribute("checked")).toBe(true);

    const sent = await post("/ja/staff/exports/", finance.cookie, {
      kind: "transactions",
      dateFrom: "2026-11-01",
      dateTo: "2026-11-30",
      encoding: "sjis",
    });
    expect(sent.status).toBe(302);
    const location = sent.headers.get("location")!;
    const id = Number(new URL(location, server.url).searchParams.get("requested"));
    expect(location).toBe(`/ja/staff/exports/?requested=${id}`);
    expect(await (await get(location, finance.cookie)).text()).toContain(
      `CSVの作成を受け付けました（番号 ${id}）`,
    );
    expect((await finished(id)).state).toBe("DONE");

    const listed = parse(await (await get("/ja/staff/exports/", finance.cookie)).text());
    const link = listed.querySelector(`a[href="/ja/staff/exports/${id}/download/"]`);
    expect(link?.getAttribute("download")).toBe("tsugu-transactions-20261101-20261130.csv");

    const file = await get(`/ja/staff/exports/${id}/download/`, finance.cookie);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("text/csv; charset=Shift_JIS");
    expect(file.headers.get("content-disposition")).toBe(
      `attachment; filename="tsugu-transactions-20261101-20261130.csv"; filename*=UTF-8''tsugu-transactions-20261101-20261130.csv`,
    );
    expect(file.headers.get("cache-control")).toBe("private, no-store");
    const text = iconv.decode(Buffer.from(await file.arrayBuffer()), "Shift_JIS");
    expect(text).toBe(`${TX_HEADER}\r\n`);
    const audited = await server.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(id)));
    expect(audited.map((a) => a.action).sort()).toEqual(["exports:create", "exports:download"]);
    // Never under the public media route.
    const [row] = await server.ctx.db.select().from(exports).where(eq(exports.id, id));
    expect((await get(`/media/${row!.blobKey}`)).status).toBe(404);
  });

  it("refuses the page and the download to members, support and visitors", async () => {
    const finance = await operator(["finance"]);
    const sent = await post("/ja/staff/exports/", finance.cookie, {
      kind: "sales",
      dateFrom: "2026-11-01",
      dateTo: "2026-11-30",
      encoding: "utf8",
    });
    const id = Number(new URL(sent.headers.get("location")!, server.url).searchParams.get("requested"));
    await finished(id);
    const support = await operator(["support"]);
    const member = await signIn(await makeMember(server.ctx));
    for (const who of [support, member]) {
      expect((await get("/ja/staff/exports/", who.cookie)).status).toBe(403);
      expect((await get(`/ja/staff/exports/${id}/download/`, who.cookie)).status).toBe(403);
      expect(
        (
          await post("/ja/staff/exports/", who.cookie, {
            kind: "sales",
            dateFrom: "2026-11-01",
            dateTo: "2026-11-01",
            encoding: "utf8",
          })
        ).status,
      ).toBe(403);
    }
    const anonymous = await get(`/ja/staff/exports/${id}/download/`);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toContain("/ja/login/");
    // Another finance operator's export is not theirs.
    const other = await operator(["finance"]);
    expect((await get(`/ja/staff/exports/${id}/download/`, other.cookie)).status).toBe(404);
    // An admin may take it; the UTF-8 file starts with a BOM.
    const admin = await operator(["admin"]);
    const file = await get(`/ja/staff/exports/${id}/download/`, admin.cookie);
    expect(file.status).toBe(200);
    expect([...new Uint8Array(await file.arrayBuffer()).subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it("does the same through the REST API, streaming the download", async () => {
    const finance = await operator(["finance"]);
    const missing = await api("POST", "/staff/exports", finance.cookie, {
      kind: "transactions",
      encoding: "sjis",
    });
    expect(missing.status).toBe(422);
    expect(
      ((await missing.json()) as { error: { fields: Record<string, string> } }).error.fields,
    ).toMatchObject({
      date_from: "期間を指定してください",
      date_to: "期間を指定してください",
    });
    const created = await api("POST", "/staff/exports", finance.cookie, {
      kind: "transactions",
      date_from: "2026-11-01",
      date_to: "2026-11-30",
      encoding: "sjis",
    });
    expect(created.status).toBe(202);
    const body = (await created.json()) as { id: number; state: string; filename: string };
    expect(body).toMatchObject({ state: "QUEUED", filename: "tsugu-transactions-20261101-20261130.csv" });
    expect(created.headers.get("location")).toBe(`/api/v1/staff/exports/${body.id}`);
    const early = await api("GET", `/staff/exports/${body.id}/download`, finance.cookie);
    expect([200, 409]).toContain(early.status);
    await early.body?.cancel();
    await finished(body.id);
    const one = (await (await api("GET", `/staff/exports/${body.id}`, finance.cookie)).json()) as {
      state: string;
      row_count: number;
    };
    expect(one).toMatchObject({ state: "DONE", row_count: 0 });
    const list = (await (await api("GET", "/staff/exports", finance.cookie)).json()) as {
      exports: { id: number }[];
    };
    expect(list.exports.map((e) => e.id)).toContain(body.id);
    const file = await api("GET", `/staff/exports/${body.id}/download`, finance.cookie);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("text/csv; charset=Shift_JIS");
    expect(file.headers.get("content-disposition")).toContain(
      "filename*=UTF-8''tsugu-transactions-20261101-20261130.csv",
    );
    expect(iconv.decode(Buffer.from(await file.arrayBuffer()), "Shift_JIS")).toBe(`${TX_HEADER}\r\n`);

    const support = await operator(["support"]);
    expect((await api("GET", "/staff/exports", support.cookie)).status).toBe(403);
    expect((await api("POST", "/staff/exports", support.cookie, {})).status).toBe(403);
    expect((await api("GET", `/staff/exports/${body.id}/download`, support.cookie)).status).toBe(403);
    expect((await fetch(`${server.url}/api/v1/staff/exports`)).status).toBe(401);
  });
});
