import { and, eq } from "drizzle-orm";
import { parse } from "node-html-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decidePolarifyCheck } from "#core/account/polarify-sandbox.ts";
import { saveAddress } from "#core/account/save-address.ts";
import { startIdentityVerification } from "#core/account/start-identity-verification.ts";
import type { SessionUser } from "#core/identity/sessions.ts";
import type { OperatorRole } from "#core/staff/permissions.ts";
import { auditLog, identityChecks, users } from "#db/schema/index.ts";
import { testImage } from "../helpers/account.ts";
import { makeMember } from "../helpers/catalog.ts";
import { startTestServer, type TestServer } from "../helpers/http-server.ts";
import { getPage, type SignedIn, signIn as signInAs, signInOperator } from "../helpers/web.ts";

let server: TestServer;

type Who = SignedIn;

const signIn = (user: SessionUser): Promise<Who> => signInAs(server, user);
const operator = (roles: OperatorRole[]) => signInOperator(server, roles);

const page = (url: string, cookie = "") => getPage(server, url, cookie);

async function post(url: string, cookie: string, form: Record<string, string> = {}) {
  const res = await fetch(`${server.url}${url}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url, cookie },
    body: new URLSearchParams(form),
  });
  const html = await res.text();
  return { status: res.status, res, html, doc: parse(html) };
}

function api(method: string, path: string, who: Who, body?: unknown) {
  return fetch(`${server.url}/api/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${who.token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** A member registered as 山田 花子 whose ID document, approved by the provider, says `name`. */
async function checkedAs(name: string): Promise<{ member: Who; checkId: number }> {
  const member = await signIn(await makeMember(server.ctx));
  await saveAddress(server.ctx, {
    userId: member.id,
    input: {
      familyName: "山田",
      givenName: "花子",
      familyNameKana: "ヤマダ",
      givenNameKana: "ハナコ",
      postalCode: "1000001",
      prefectureCode: "13",
      city: "千代田区",
      street: "千代田1-1",
      phone: "0312345678",
    },
  });
  const started = await startIdentityVerification(server.ctx, {
    actor: member,
    files: { idFront: await testImage(), selfie: await testImage({ format: "png" }) },
    locale: "ja",
  });
  await decidePolarifyCheck(server.ctx, {
    reference: started.reference,
    decision: "approve",
    facts: { name, address: "東京都千代田区千代田1-1", birthDate: "1990-04-01", occupation: "会社員" },
  });
  const [check] = await server.database.db
    .select({ id: identityChecks.id })
    .from(identityChecks)
    .where(eq(identityChecks.providerReference, started.reference));
  return { member, checkId: check!.id };
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe("the identity-verification review, without JavaScript", () => {
  it("takes a mismatched check from the member's pending page to the office's approval", async () => {
    const { member, checkId } = await checkedAs("佐藤 花子");
    // The member's page brings the check up to date: it waits for the office, shown as being checked.
    const settings = await page("/ja/settings/identification/", member.cookie);
    expect(settings.html).toContain("確認中");
    expect(settings.html).not.toContain("本人確認済み");
    const [row] = await server.database.db
      .select()
      .from(identityChecks)
      .where(eq(identityChecks.id, checkId));
    expect(row!.status).toBe("review");

    const safety = await operator(["trust_safety"]);
    const queue = await page("/ja/staff/identity/", safety.cookie);
    expect(queue.status).toBe(200);
    expect(queue.doc.querySelector(`a[href="/ja/staff/identity/${checkId}/"]`)).not.toBeNull();
    expect(
      queue.doc.querySelectorAll('nav[aria-label="管理メニュー"] a').map((a) => a.text.trim()),
    ).toContain("本人確認");
    // Take it from the queue: a plain form.
    const claimed = await post("/ja/staff/identity/", safety.cookie, { checkId: String(checkId) });
    expect(claimed.status).toBe(302);
    expect(claimed.res.headers.get("location")).toBe("/ja/staff/identity/");

    const detail = await page(`/ja/staff/identity/${checkId}/`, safety.cookie);
    expect(detail.status).toBe(200);
    expect(detail.doc.querySelector('[data-testid="verified-name"]')?.text).toBe("佐藤 花子");
    expect(detail.doc.querySelector('[data-testid="registered-name"]')?.text).toBe("山田 花子");
    expect(detail.doc.querySelector('[data-testid="check-claim"]')?.text).toContain(safety.nickname);
    expect(detail.doc.querySelector('[data-testid="match"]')?.text).toContain("不一致");
    const reads = await server.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, "pii:read"),
          eq(auditLog.targetType, "identity_check"),
          eq(auditLog.targetId, String(checkId)),
        ),
      );
    expect(reads).toHaveLength(1);

    // A note that is too long: refused beside the field, kept as typed.
    const long = "旧姓の書類".repeat(101);
    const refused = await post(`/ja/staff/identity/${checkId}/`, safety.cookie, {
      intent: "approve",
      note: long,
    });
    expect(refused.status).toBe(422);
    expect(refused.doc.querySelector('[data-testid="error-approve-note"]')?.text).toBe(
      "判断の理由は500文字以内で入力してください",
    );
    expect(refused.doc.querySelector('[data-testid="approve-form"] textarea')?.text).toBe(long);
    const empty = await post(`/ja/staff/identity/${checkId}/`, safety.cookie, {
      intent: "reject",
      reasonCode: "name_mismatch",
      note: "",
    });
    expect(empty.status).toBe(422);
    expect(empty.doc.querySelector('[data-testid="error-reject-note"]')?.text).toBe(
      "判断の理由を入力してください",
    );

    // Finance may not.
    const finance = await operator(["finance"]);
    expect((await page(`/ja/staff/identity/${checkId}/`, finance.cookie)).status).toBe(403);
    expect(
      (await post(`/ja/staff/identity/${checkId}/`, finance.cookie, { intent: "approve", note: "OK" }))
        .status,
    ).toBe(403);

    const approved = await post(`/ja/staff/identity/${checkId}/`, safety.cookie, {
      intent: "approve",
      note: "婚姻による姓の変更を確認",
    });
    expect(approved.status).toBe(302);
    expect(approved.res.headers.get("location")).toBe(`/ja/staff/identity/${checkId}/`);
    expect(approved.res.headers.getSetCookie().join(";")).toContain("identityReview.flash.approved");
    const after = await page(`/ja/staff/identity/${checkId}/`, safety.cookie);
    expect(after.doc.querySelector('[data-testid="check-status"]')?.text).toBe("承認済み");
    expect(after.doc.querySelector('[data-testid="decision"]')?.text).toContain("婚姻による姓の変更を確認");
    expect(after.doc.querySelector('[data-testid="approve-form"]')).toBeNull();
    const [user] = await server.database.db.select().from(users).where(eq(users.id, member.id));
    expect(user!.identityVerifiedAt).not.toBeNull();

    // The member is told, and the link leads to the identification page, now verified.
    const notices = await page("/ja/notifications/", member.cookie);
    expect(notices.html).toContain("本人確認が完了しました");
    expect(notices.doc.querySelector('a[href="/ja/settings/identification/"]')).not.toBeNull();
    expect((await page("/ja/settings/identification/", member.cookie)).html).toContain("本人確認済み");
  });
});

describe("the identity-review API", () => {
  it("lists, shows, rejects once and refuses operators without identity:review", async () => {
    const { member, checkId } = await checkedAs("鈴木 一郎");
    // The provider's result is recorded when anyone asks for it: here, the member's status.
    expect((await (await api("GET", "/me/identification", member)).json()).status).toBe("pending");
    const admin = await operator(["admin"]);
    const list = await api("GET", "/staff/identity-reviews", admin);
    expect(list.status).toBe(200);
    const body = await list.json();
    expect(body.rows.map((r: { id: number }) => r.id)).toContain(checkId);
    expect(body).toMatchObject({ page: 1, page_size: 50, target_ms: 48 * 3600 * 1000 });

    const one = await (await api("GET", `/staff/identity-reviews/${checkId}`, admin)).json();
    expect(one).toMatchObject({
      check: { id: checkId, status: "review" },
      verified: { name: "鈴木 一郎" },
      registered: { name: "山田 花子" },
      masked: false,
      can_decide: true,
    });

    const finance = await operator(["finance"]);
    expect(
      (await api("POST", `/staff/identity-reviews/${checkId}/reject`, finance, { note: "x" })).status,
    ).toBe(403);
    expect((await api("GET", "/staff/identity-reviews", finance)).status).toBe(403);

    const noNote = await api("POST", `/staff/identity-reviews/${checkId}/reject`, admin, {});
    expect(noNote.status).toBe(422);
    const rejected = await api("POST", `/staff/identity-reviews/${checkId}/reject`, admin, {
      note: "書類の氏名が登録と別人",
      reason_code: "name_mismatch",
    });
    expect(rejected.status).toBe(200);
    expect(await rejected.json()).toEqual({ status: "rejected" });
    const again = await api("POST", `/staff/identity-reviews/${checkId}/approve`, admin, {
      note: "やはり承認",
    });
    expect(again.status).toBe(409);
    expect((await again.json()).error.code).toBe("CONFLICT");
    expect((await api("POST", `/staff/identity-reviews/${checkId}/claim`, admin)).status).toBe(409);

    const status = await (await api("GET", "/me/identification", member)).json();
    expect(status).toMatchObject({ status: "rejected", latest: { reason: "name_mismatch" } });
    const settings = await page("/ja/settings/identification/", member.cookie);
    expect(settings.html).toContain("本人確認書類の氏名が、ご登録の住所の氏名と一致しませんでした");
  });
});
