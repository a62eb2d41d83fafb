import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enableSmsTwoStep } from "#core/identity/enable-sms-two-step.ts";
import { hashPassword } from "#core/identity/passwords.ts";
import { createSession } from "#core/identity/sessions.ts";
import { twoStepStatus } from "#core/identity/two-step.ts";
import { users } from "#db/schema/index.ts";
import { captureSms } from "../helpers/account.ts";
import { sandboxBotToken } from "../helpers/bot-check.ts";
import { makeMember, makeOperator } from "../helpers/catalog.ts";
import { startTestServer, type TestServer } from "../helpers/http-server.ts";
import { codeIn } from "../helpers/smtp.ts";

let server: TestServer;
let texts: { to: string; text: string }[] = [];
beforeAll(async () => {
  server = await startTestServer();
  texts = captureSms(server);
  await server.database.db.insert(users).values([
    {
      email: "phone-api@example.jp",
      nickname: "phone-api",
      passwordHash: await hashPassword("passw0rd-ok"),
      emailVerifiedAt: new Date(),
      phoneNumber: "09031415926",
      phoneVerifiedAt: new Date(),
    },
    {
      email: "phone-web@example.jp",
      nickname: "phone-web",
      passwordHash: await hashPassword("passw0rd-ok"),
      emailVerifiedAt: new Date(),
      phoneNumber: "08027182818",
      phoneVerifiedAt: new Date(),
    },
  ]);
});
afterAll(async () => {
  await server?.close();
});

// biome-ignore lint/suspicious/noExplicitAny: response bodies are read loosely and asserted field by field
type Json = Record<string, any>;

async function api(path: string, body: unknown, token?: string) {
  const res = await fetch(`${server.url}/api/v1${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: {
      "content-type": "application/json",
      "accept-language": "ja",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : null) as Json };
}

function post(path: string, form: Record<string, string>, cookie = "") {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: server.url,
      ...(cookie ? { cookie } : {}),
    },
    body: new URLSearchParams(form),
  });
}

const lastCode = () => codeIn(texts.at(-1)!.text);

describe("phone sign-in, and the back office's two-step reset, over HTTP", () => {
  it("texts a code for the API and trades it for a bearer token", async () => {
    const noToken = await api("/tokens/phone", { phone_number: "090-3141-5926" });
    expect(noToken.status).toBe(400);
    expect(noToken.json.error.reason).toBe("missing-recaptcha-token");
    const badNumber = await api("/tokens/phone", {
      phone_number: "03-3141-5926",
      bot_check_token: await sandboxBotToken(server.url, "phone_login"),
    });
    expect(badNumber.status).toBe(422);
    expect(badNumber.json.error.fields.phone_number).toBe("電話番号を正しく入力してください");

    const sent = await api("/tokens/phone", {
      phone_number: "090-3141-5926",
      bot_check_token: await sandboxBotToken(server.url, "phone_login"),
    });
    expect(sent.status).toBe(202);
    expect(sent.json.phone_number).toBe("09031415926");
    const code = lastCode();
    const wrong = await api("/tokens/phone/verify", {
      ticket: sent.json.ticket,
      code: code === "000000" ? "111111" : "000000",
    });
    expect(wrong.status).toBe(422);
    expect(wrong.json.error.fields.code).toBe("確認コードが正しくありません");
    const done = await api("/tokens/phone/verify", { ticket: sent.json.ticket, code });
    expect(done.status).toBe(201);
    expect(done.json.user.email).toBe("phone-api@example.jp");
    expect((await api("/me", undefined, done.json.token)).status).toBe(200);
    expect((await api("/tokens/phone/verify", { ticket: sent.json.ticket, code })).status).toBe(422);
  });

  it("is documented in the OpenAPI document", async () => {
    const doc = await api("/openapi.json", undefined);
    const body = (path: string) =>
      Object.keys(doc.json.paths[path].post.requestBody.content["application/json"].schema.properties).sort();
    expect(body("/tokens/phone")).toEqual(["bot_check_token", "phone_number"]);
    expect(body("/tokens/phone/verify")).toEqual(["code", "ticket"]);
    expect(body("/staff/members/{id}/two-step/reset")).toEqual(["reason"]);
  });

  it("answers bad input with a JSON 4xx, never a 500", async () => {
    const cases: unknown[] = [
      "{not json",
      null,
      [],
      { phone_number: 42, ticket: 42, code: ["x"] },
      { phone_number: "é".repeat(500), ticket: "a".repeat(43), code: "é".repeat(500) },
      { phone_number: "09031415926", ticket: "a".repeat(43), code: "123456" },
    ];
    for (const body of cases) {
      for (const path of ["/tokens/phone", "/tokens/phone/verify"]) {
        const res = await api(path, body);
        expect(res.status, `${path} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${path} ${JSON.stringify(body)}`).toBeLessThan(500);
        expect(res.json.error.code).toEqual(expect.any(String));
      }
    }
  });

  it("takes the web sign-in from the number to the code page, keeping the target", async () => {
    const sent = await post("/ja/login/phone/?redirect=%2Fja%2Fsettings%2F", {
      phoneNumber: "080-2718-2818",
      botCheckToken: await sandboxBotToken(server.url, "phone_login"),
    });
    expect(sent.status).toBe(302);
    expect(sent.headers.get("location")).toBe("/ja/login/phone/code/?redirect=%2Fja%2Fsettings%2F");
    const ticket = sent.headers
      .getSetCookie()
      .find((c) => c.startsWith("tsugu_phone_login="))!
      .split(";")[0]!;
    const page = await fetch(`${server.url}/ja/login/phone/code/?redirect=%2Fja%2Fsettings%2F`, {
      headers: { cookie: ticket },
    });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("080-2718-2818");
    expect(html).toMatch(/autocomplete="one-time-code"/i);
    const done = await post(
      "/ja/login/phone/code/?redirect=%2Fja%2Fsettings%2F",
      { code: lastCode() },
      ticket,
    );
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/ja/settings/");
    expect(done.headers.getSetCookie().some((c) => c.startsWith("tsugu="))).toBe(true);
  });

  it("lets support reset a member's two-step verification through the API, with a reason", async () => {
    const member = await makeMember(server.ctx);
    const db = server.database.db;
    await db
      .update(users)
      .set({ phoneNumber: "07012121212", phoneVerifiedAt: new Date() })
      .where(eq(users.id, member.id));
    await enableSmsTwoStep(server.ctx, { actor: member });
    const support = await makeOperator(server.ctx, ["support"]);
    const { token } = await createSession(server.ctx, {
      userId: support.id,
      kind: "api",
      persistent: false,
      ip: "192.0.2.5",
    });
    const path = `/staff/members/${member.id}/two-step/reset`;
    const noReason = await api(path, { reason: "" }, token);
    expect(noReason.status).toBe(422);
    expect(noReason.json.error.fields.reason).toBe("理由を入力してください");
    expect((await api(path, { reason: "電話で本人確認済み" }, token)).status).toBe(204);
    expect((await twoStepStatus(server.ctx, member.id)).sms).toBe(false);
    const again = await api(path, { reason: "電話で本人確認済み" }, token);
    expect(again.status).toBe(409);
  });
});
