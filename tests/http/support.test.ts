import { eq } from "drizzle-orm";
import { parse } from "node-html-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "#core/identity/sessions.ts";
import type { OperatorRole } from "#core/staff/permissions.ts";
import { createSavedReply } from "#core/support/create-saved-reply.ts";
import { supportInquiries } from "#db/schema/index.ts";
import { jpeg, makeMember } from "../helpers/catalog.ts";
import { startTestServer, type TestServer } from "../helpers/http-server.ts";
import { getPage, type SignedIn, signIn as signInAs, signInOperator } from "../helpers/web.ts";

let server: TestServer;

type Who = SignedIn;

const signIn = (user: SessionUser): Promise<Who> => signInAs(server, user);
const member = async () => signIn(await makeMember(server.ctx));
const operator = (roles: OperatorRole[], nickname?: string) =>
  signInOperator(server, roles, nickname ? { nickname } : {});

const page = (url: string, cookie = "") => getPage(server, url, cookie);

function post(url: string, cookie: string, body: FormData | Record<string, string>) {
  return fetch(`${server.url}${url}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      origin: server.url,
      cookie,
      ...(body instanceof FormData ? {} : { "content-type": "application/x-www-form-urlencoded" }),
    },
    body: body instanceof FormData ? body : new URLSearchParams(body),
  });
}

function inquiryForm(fields: Record<string, string>, photos: Uint8Array[] = []): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const [i, p] of photos.entries()) {
    form.append("photos", new Blob([p as Uint8Array<ArrayBuffer>], { type: "image/jpeg" }), `p${i}.jpg`);
  }
  return form;
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe("the member's support pages", () => {
  it("sends the form with a photo, shows the number on the thanks page, and the thread to its member only", async () => {
    const alice = await member();
    const form = await page("/ja/mypage/support/?category=appeal&decision=700123", alice.cookie);
    expect(form.status).toBe(200);
    expect(form.doc.querySelector("select[name=category] option[selected]")?.getAttribute("value")).toBe(
      "appeal",
    );
    expect(form.doc.querySelector("input[name=decisionId]")?.getAttribute("value")).toBe("700123");

    const sent = await post(
      "/ja/mypage/support/",
      alice.cookie,
      inquiryForm({ category: "account", subject: "ログインできません", body: "昨日から入れません。" }, [
        await jpeg(),
      ]),
    );
    expect(sent.status).toBe(302);
    const thanksUrl = sent.headers.get("location")!;
    expect(thanksUrl).toMatch(/^\/ja\/mypage\/support\/thanks\/\?id=\d+$/);
    const id = Number(thanksUrl.split("=")[1]);
    const thanks = await page(thanksUrl, alice.cookie);
    expect(thanks.status).toBe(200);
    expect(thanks.doc.querySelector('[data-testid="inquiry-number"]')?.text).toBe(`受付番号 No.${id}`);
    expect(thanks.html).toContain(`/ja/mypage/support/${id}/`);

    const thread = await page(`/ja/mypage/support/${id}/`, alice.cookie);
    expect(thread.status).toBe(200);
    expect(thread.html).toContain("昨日から入れません。");
    const img = thread.doc.querySelector('[data-testid="inquiry-thread"] img')!.getAttribute("src")!;
    expect(img).toMatch(new RegExp(`^/ja/mypage/support/${id}/photos/[0-9a-f]{32}-thumb\\.webp$`));
    const photo = await fetch(`${server.url}${img}`, { headers: { cookie: alice.cookie } });
    expect(photo.status).toBe(200);
    expect(photo.headers.get("content-type")).toBe("image/webp");
    expect(photo.headers.get("cache-control")).toContain("private");

    const bob = await member();
    expect((await page(`/ja/mypage/support/${id}/`, bob.cookie)).status).toBe(404);
    expect((await page(img, bob.cookie)).status).toBe(404);
    expect((await page(img)).status).toBe(302);
    expect((await page(img, (await operator(["support"])).cookie)).status).toBe(200);
    expect((await page(img, (await operator(["finance"])).cookie)).status).toBe(403);
    // The public media route never serves private files.
    const [row] = await server.ctx.db.select().from(supportInquiries).where(eq(supportInquiries.id, id));
    expect(row!.userId).toBe(alice.id);
    expect((await page(`/media/private/support/${alice.id}/x-thumb.webp`)).status).toBe(404);

    // Someone else's number, or none, leads back to the form instead of a thanks page.
    expect((await page(`/ja/mypage/support/thanks/?id=${id}`, bob.cookie)).res.headers.get("location")).toBe(
      "/ja/mypage/support/",
    );
    expect((await page("/ja/mypage/support/thanks/", alice.cookie)).status).toBe(302);
    expect((await page("/ja/mypage/support/thanks/?id=abc", alice.cookie)).status).toBe(302);
  });

  it("keeps what was typed and shows each field's message", async () => {
    const alice = await member();
    const res = await post(
      "/ja/mypage/support/",
      alice.cookie,
      inquiryForm({ category: "", subject: "あ".repeat(101), body: "具体的な内容", itemId: "12" }),
    );
    expect(res.status).toBe(422);
    const doc = parse(await res.text());
    expect(doc.querySelector('[data-testid="error-category"]')?.text).toBe(
      "お問い合わせの種類を選んでください",
    );
    expect(doc.querySelector('[data-testid="error-subject"]')?.text).toBe(
      "件名は100文字以内で入力してください",
    );
    expect(doc.querySelector('[data-testid="error-itemId"]')?.text).toBe("この商品IDの出品は見つかりません");
    expect(doc.querySelector("textarea[name=body]")?.text).toBe("具体的な内容");
    expect(doc.querySelector("input[name=subject]")?.getAttribute("value")).toBe("あ".repeat(101));
  });
});

describe("the support desk", () => {
  it("lists, claims (a second operator is told who has it), answers from a saved reply, and mails the member", async () => {
    const alice = await member();
    await post(
      "/en/mypage/support/",
      alice.cookie,
      inquiryForm({ category: "payment", subject: "Missing points", body: "Where are my points?" }),
    );
    const [inquiry] = await server.ctx.db
      .select()
      .from(supportInquiries)
      .where(eq(supportInquiries.userId, alice.id));
    const id = inquiry!.id;
    expect(inquiry!.locale).toBe("en");

    const sato = await operator(["support"], "佐藤");
    const suzuki = await operator(["support"], "鈴木");
    const queue = await page("/ja/staff/support/?state=OPEN", sato.cookie);
    expect(queue.status).toBe(200);
    expect(queue.doc.querySelector(`[data-testid="queue-row"][data-id="${id}"]`)?.text).toContain(
      "Missing points",
    );
    expect((await page("/ja/staff/support/", (await operator(["finance"])).cookie)).status).toBe(403);
    expect((await page("/ja/staff/support/", alice.cookie)).status).toBe(403);

    const claimed = await post("/ja/staff/support/", sato.cookie, { id: String(id) });
    expect(claimed.status).toBe(302);
    expect(claimed.headers.get("location")).toBe(`/ja/staff/support/${id}/`);
    const late = await post("/ja/staff/support/", suzuki.cookie, { id: String(id) });
    expect(late.status).toBe(409);
    expect(await late.text()).toContain("佐藤さんが対応中です");

    const reply = await createSavedReply(server.ctx, {
      actor: sato,
      input: {
        titleJa: "ポイント付与",
        titleEn: "Points added",
        bodyJa: "ポイントを付与しました。",
        bodyEn: "We have added your points.",
      },
    });
    // Without JavaScript, choosing a saved reply reloads the page with its text in the member's language.
    const picked = await page(`/ja/staff/support/${id}/?reply=${reply.id}`, sato.cookie);
    expect(picked.status).toBe(200);
    expect(picked.doc.querySelector("textarea[name=body]")?.text).toBe("We have added your points.");
    expect(picked.doc.querySelector("input[name=savedReplyId]")?.getAttribute("value")).toBe(
      String(reply.id),
    );

    const readOnly = await page(`/ja/staff/support/${id}/`, (await operator(["trust_safety"])).cookie);
    expect(readOnly.status).toBe(200);
    expect(readOnly.doc.querySelector('[data-testid="answer-form"]')).toBeNull();

    const answered = await post(`/ja/staff/support/${id}/`, sato.cookie, {
      intent: "answer",
      body: "We have added your points.",
      savedReplyId: String(reply.id),
    });
    expect(answered.status).toBe(302);
    const mail = await server.smtp!.lastTo(alice.email, 10_000);
    expect(mail.subject).toBe(`[Tsugu] We have answered your inquiry (No.${id})`);
    expect(mail.text).toContain("We have added your points.");
    const thread = await page(`/en/mypage/support/${id}/`, alice.cookie);
    expect(thread.doc.querySelectorAll('[data-testid="inquiry-message"][data-from="staff"]')).toHaveLength(1);
    expect(thread.doc.querySelector('[data-testid="inquiry-state"]')?.getAttribute("data-state")).toBe(
      "ANSWERED",
    );
  });

  it("keeps saved replies for those who manage them", async () => {
    const sato = await operator(["support"]);
    expect((await page("/ja/staff/replies/", sato.cookie)).status).toBe(200);
    expect((await page("/ja/staff/replies/", (await operator(["trust_safety"])).cookie)).status).toBe(403);
    const bad = await post("/ja/staff/replies/new/", sato.cookie, {
      titleJa: "",
      titleEn: "T",
      bodyJa: "本文",
      bodyEn: "",
    });
    expect(bad.status).toBe(422);
    const badDoc = parse(await bad.text());
    expect(badDoc.querySelector('[data-testid="error-titleJa"]')?.text).toBe(
      "タイトル（日本語）を入力してください",
    );
    expect(badDoc.querySelector("textarea[name=bodyJa]")?.text).toBe("本文");
    const saved = await post("/ja/staff/replies/new/", sato.cookie, {
      titleJa: "お礼",
      titleEn: "Thanks",
      bodyJa: "ご連絡ありがとうございます。",
      bodyEn: "Thank you for contacting us.",
    });
    expect(saved.status).toBe(302);
    const list = await page("/ja/staff/replies/?done=saved", sato.cookie);
    expect(list.doc.querySelector('[data-testid="saved-replies"]')?.text).toContain("お礼");
  });
});

describe("the support API", () => {
  it("creates and reads the member's inquiries, and lets support answer and claim", async () => {
    const alice = await member();
    const auth = (who: Who) => ({ authorization: `Bearer ${who.token}`, "content-type": "application/json" });
    const created = await fetch(`${server.url}/api/v1/me/inquiries`, {
      method: "POST",
      headers: auth(alice),
      body: JSON.stringify({ category: "other", subject: "Hello", body: "A question" }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const invalid = await fetch(`${server.url}/api/v1/me/inquiries`, {
      method: "POST",
      headers: { ...auth(alice), "accept-language": "ja" },
      body: JSON.stringify({ category: "x", subject: "", body: "b" }),
    });
    expect(invalid.status).toBe(422);
    expect(((await invalid.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
      category: "お問い合わせの種類を選んでください",
      subject: "件名を入力してください",
    });
    const mine = await fetch(`${server.url}/api/v1/me/inquiries/${id}`, { headers: auth(alice) });
    expect(((await mine.json()) as { state: string }).state).toBe("OPEN");
    const bob = await member();
    expect((await fetch(`${server.url}/api/v1/me/inquiries/${id}`, { headers: auth(bob) })).status).toBe(404);

    const support = await operator(["support"]);
    const finance = await operator(["finance"]);
    const list = await fetch(`${server.url}/api/v1/staff/inquiries?state=OPEN`, { headers: auth(support) });
    expect(list.status).toBe(200);
    expect(((await list.json()) as { rows: { id: number }[] }).rows.map((r) => r.id)).toContain(id);
    expect((await fetch(`${server.url}/api/v1/staff/inquiries`, { headers: auth(finance) })).status).toBe(
      403,
    );
    const claim = await fetch(`${server.url}/api/v1/staff/inquiries/${id}/claim`, {
      method: "POST",
      headers: auth(support),
    });
    expect(claim.status).toBe(200);
    const answerBy = (who: Who) =>
      fetch(`${server.url}/api/v1/staff/inquiries/${id}/answer`, {
        method: "POST",
        headers: auth(who),
        body: JSON.stringify({ body: "Here is the answer" }),
      });
    expect((await answerBy(finance)).status).toBe(403);
    expect((await answerBy(alice)).status).toBe(403);
    const answered = await answerBy(support);
    expect(answered.status).toBe(200);
    expect(await answered.json()).toMatchObject({ id, state: "ANSWERED" });
    const replied = await fetch(`${server.url}/api/v1/me/inquiries/${id}/messages`, {
      method: "POST",
      headers: auth(alice),
      body: JSON.stringify({ body: "Thanks, one more thing" }),
    });
    expect(replied.status).toBe(201);
    expect(await replied.json()).toMatchObject({ id, state: "OPEN" });
    const staffView = await fetch(`${server.url}/api/v1/staff/inquiries/${id}`, { headers: auth(support) });
    const view = (await staffView.json()) as {
      messages: { from_staff: boolean }[];
      staff: { member: { id: number } };
    };
    expect(view.messages.map((m) => m.from_staff)).toEqual([false, true, false]);
    expect(view.staff.member.id).toBe(alice.id);
  });
});
