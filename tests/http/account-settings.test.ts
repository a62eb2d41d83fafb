import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listLocalMail } from "#core/notify/read-local-mail.ts";
import { users } from "#db/schema/index.ts";
import {
  DEMO_ACCOUNTS,
  DEMO_OPERATOR_TOTP_SECRET,
  DEMO_PASSWORD,
  seedDemoAccounts,
} from "#db/seed/demo-accounts.ts";
import { testImage } from "../helpers/account.ts";
import { startTestServer, type TestServer } from "../helpers/http-server.ts";
import { codeIn } from "../helpers/smtp.ts";
import { totpCode } from "../helpers/two-step.ts";
import { SETUP_ADDRESS, SETUP_BANK } from "../helpers/web.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await seedDemoAccounts(server.database.db, server.ctx.secret);
});
afterAll(async () => {
  await server?.close();
});

// biome-ignore lint/suspicious/noExplicitAny: response bodies are read loosely and asserted field by field
type Json = Record<string, any>;

async function logIn(email: string): Promise<string> {
  const post = (path: string, body: unknown) =>
    fetch(`${server.url}/api/v1${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    }).then((res) => res.json() as Promise<Json>);
  const answer = await post("/tokens", { email, password: DEMO_PASSWORD });
  // The demo operators use two-step verification: the second step with their authenticator's code.
  if (answer.error?.reason !== "multi-factor-auth-required") return answer.token as string;
  const done = await post("/tokens/two-step", {
    ticket: answer.error.ticket,
    code: totpCode(DEMO_OPERATOR_TOTP_SECRET),
  });
  return done.token as string;
}

async function api(token: string | null, method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}/api/v1${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined && !(body instanceof FormData) ? { "content-type": "application/json" } : {}),
    },
    body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, json: (text ? JSON.parse(text) : null) as Json, text };
}

async function page(token: string, path: string, form?: Record<string, string> | FormData) {
  const res = await fetch(`${server.url}${path}`, {
    method: form ? "POST" : "GET",
    redirect: "manual",
    headers: { cookie: `tsugu=${token}` },
    body: form instanceof FormData ? form : form ? new URLSearchParams(form) : undefined,
  });
  return {
    status: res.status,
    location: res.headers.get("location"),
    headers: res.headers,
    html: await res.text(),
  };
}

async function lastSms(to: string): Promise<string> {
  const { mails } = await listLocalMail(path.join(server.dataDir, "mail"), { limit: 100 });
  const mine = mails.filter((m) => m.to === to).sort((a, b) => a.date.localeCompare(b.date));
  return mine.at(-1)!.text;
}

const ADDRESS = {
  family_name: "山田",
  given_name: "花子",
  family_name_kana: "ヤマダ",
  given_name_kana: "ハナコ",
  postal_code: "100-0001",
  prefecture_code: "13",
  city: "千代田区",
  street: "千代田1-1",
  building: "",
  phone: "03-1234-5678",
};

const member = (n: number) => DEMO_ACCOUNTS.filter((a) => a.role === "member")[n]!.email;

describe("address, bank account and phone through the API", () => {
  it("looks up postal codes without logging in", async () => {
    const found = await api(null, "GET", "/postal-codes/1000001");
    expect(found.status).toBe(200);
    expect(found.json).toEqual({
      postal_code: "1000001",
      addresses: [{ prefecture_code: "13", prefecture: "東京都", city: "千代田区", town: "千代田" }],
    });
    expect(found.headers.get("cache-control")).toContain("max-age");
    const unknown = await api(null, "GET", "/postal-codes/999-9999");
    expect(unknown.status).toBe(404);
    expect(unknown.json.error.fields.postal_code).toBe("この郵便番号に該当する住所が見つかりませんでした");
    const malformed = await api(null, "GET", "/postal-codes/12");
    expect(malformed.status).toBe(422);
    expect(malformed.json.error.fields.postal_code).toBe("7桁の数字で入力してください");
  });

  it("saves and reads the address in snake_case, with field messages on wrong input", async () => {
    const token = await logIn(member(0));
    expect((await api(token, "GET", "/me/address")).status).toBe(404);
    const wrong = await api(token, "PUT", "/me/address", {
      ...ADDRESS,
      family_name_kana: "山田",
      phone: "123",
    });
    expect(wrong.status).toBe(422);
    expect(wrong.json.error.fields).toEqual({
      family_name_kana: "全角カタカナで入力してください",
      phone: "10桁または11桁の数字で入力してください",
    });
    // The product's one phone rule: ten digits that do not start with an area code are no number.
    const noAreaCode = await api(token, "PUT", "/me/address", { ...ADDRESS, phone: "1234567890" });
    expect(noAreaCode.json.error.fields).toEqual({
      phone: "電話番号は0から始まる市外局番から入力してください",
    });
    // Hiragana and half-width katakana in the kana fields are converted, not refused.
    const converted = await api(token, "PUT", "/me/address", {
      ...ADDRESS,
      family_name_kana: "やまだ",
      given_name_kana: "ﾊﾅｺ",
    });
    expect(converted.status).toBe(200);
    expect(converted.json).toMatchObject({ family_name_kana: "ヤマダ", given_name_kana: "ハナコ" });
    const saved = await api(token, "PUT", "/me/address", ADDRESS);
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({
      postal_code: "1000001",
      phone: "0312345678",
      family_name_kana: "ヤマダ",
    });
    const read = await api(token, "GET", "/me/address");
    expect(read.json).toEqual(saved.json);
    expect(Object.keys(read.json)).toContain("updated_at");
  });

  it("masks the account number in every answer", async () => {
    const token = await logIn(member(0));
    const body = {
      bank_code: "0001",
      bank_name: "みずほ銀行",
      branch_code: "001",
      branch_name: "東京営業部",
      account_type: "1",
      account_number: "7654321",
      holder_name: "ヤマダ　ハナコ",
    };
    const saved = await api(token, "PUT", "/me/bank-account", body);
    expect(saved.status).toBe(200);
    expect(saved.json.account_number_masked).toBe("****321");
    expect(saved.text).not.toContain("7654321");
    const { account_number: _omitted, ...keep } = body;
    // Names come from the Zengin directory, whatever is sent.
    const kept = await api(token, "PUT", "/me/bank-account", { ...keep, branch_name: "本店" });
    expect(kept.json).toMatchObject({ branch_name: "東京営業部", account_number_masked: "****321" });
    const read = await api(token, "GET", "/me/bank-account");
    expect(read.text).not.toContain("7654321");
    const wrong = await api(token, "PUT", "/me/bank-account", { ...body, holder_name: "山田" });
    expect(wrong.json.error.fields.holder_name).toBe(
      "全角カタカナ・英数字・括弧・全角スペースで入力してください",
    );
  });

  it("verifies a mobile number with the texted code", async () => {
    const token = await logIn(member(0));
    const started = await api(token, "POST", "/me/phone", { phone_number: "090-4444-5555" });
    expect(started.status).toBe(202);
    expect(started.json.phone_number).toBe("09044445555");
    const code = codeIn(await lastSms("09044445555"));
    const wrong = await api(token, "POST", "/me/phone/verify", {
      phone_verification_token: started.json.phone_verification_token,
      code: code === "000000" ? "111111" : "000000",
    });
    expect(wrong.status).toBe(422);
    expect(wrong.json.error.fields.code).toBe("確認コードが正しくありません");
    const ok = await api(token, "POST", "/me/phone/verify", {
      phone_verification_token: started.json.phone_verification_token,
      code,
    });
    expect(ok.status).toBe(200);
    expect(ok.json.phone_number).toBe("09044445555");
    // The other demo member cannot take the number.
    const other = await api(await logIn(member(1)), "POST", "/me/phone", { phone_number: "09044445555" });
    expect(other.status).toBe(422);
    expect(other.json.error.fields.phone_number).toBe(
      "この電話番号は、ほかのアカウントで認証済みのため使用できません",
    );
  });

  it("documents the new endpoints in the OpenAPI document, in snake_case", async () => {
    const doc = (await api(null, "GET", "/openapi.json")).json;
    expect(
      doc.paths["/me/address"].put.requestBody.content["application/json"].schema.properties,
    ).toHaveProperty("family_name_kana");
    expect(doc.paths["/postal-codes/{code}"].get.parameters[0]).toMatchObject({ name: "code", in: "path" });
    expect(
      doc.paths["/me/bank-account"].get.responses["200"].content["application/json"].schema.properties,
    ).toHaveProperty("account_number_masked");
    expect(doc.paths["/me/phone/verify"].post).toBeDefined();
    expect(doc.paths["/me/identification"].get).toBeDefined();
  });
});

describe("identity verification through the Polarify sandbox", () => {
  async function uploads(idName: string, selfieName: string) {
    const form = new FormData();
    form.append(idName, new Blob([await testImage()], { type: "image/jpeg" }), "id.jpg");
    form.append(selfieName, new Blob([await testImage({ format: "png" })], { type: "image/png" }), "me.png");
    return form;
  }

  it("starts by API, is approved on the hosted page, and is believed only once the provider says so", async () => {
    const token = await logIn(member(1));
    expect((await api(token, "GET", "/me/identification")).json).toEqual({
      status: "none",
      verified_at: null,
      method: null,
      uploads_documents: true,
      latest: null,
    });
    const started = await api(token, "POST", "/me/identification", await uploads("id_front", "selfie"));
    expect(started.status).toBe(201);
    const hostedUrl = new URL(started.json.redirect_url);
    expect(hostedUrl.pathname).toBe(`/sandbox/polarify/${started.json.reference}/`);

    // Back on the success page without a decision: still pending.
    const early = await page(token, `/ja/ekyc/polarify/success/?reference=${started.json.reference}`);
    expect(early.status).toBe(200);
    expect(early.html).toContain("本人確認の結果を待っています");
    expect((await api(token, "GET", "/me/identification")).json.status).toBe("pending");

    // The hosted page: not indexed, shows the pictures, approves.
    const hosted = await fetch(`${server.url}${hostedUrl.pathname}`);
    expect(hosted.status).toBe(200);
    expect(hosted.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    const html = await hosted.text();
    expect(html).toContain('content="noindex, nofollow"');
    expect(html).toContain("data:image/webp;base64,");
    const approve = await fetch(`${server.url}${hostedUrl.pathname}`, {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams({
        intent: "approve",
        name: "佐藤 太郎",
        address: "東京都千代田区千代田1-1",
        birthDate: "1985-07-07",
        occupation: "会社員",
      }),
    });
    expect(approve.status).toBe(302);
    const back = new URL(approve.headers.get("location")!);
    expect(back.pathname).toBe("/ja/ekyc/polarify/success/");
    expect(back.searchParams.get("reference")).toBe(started.json.reference);

    const done = await page(token, `${back.pathname}${back.search}`);
    expect(done.html).toContain("本人確認が完了しました");
    const status = (await api(token, "GET", "/me/identification")).json;
    expect(status).toMatchObject({ status: "verified", method: "ekyc-photo-id-selfie" });
    expect(status.verified_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const settings = await page(token, "/ja/settings/identification/");
    expect(settings.html).toContain("本人確認済み");
    expect(settings.html).toContain("オンライン本人確認（写真付き本人確認書類と容貌の撮影）");
    expect(settings.html).not.toContain('type="file"');
  });

  it("starts from the settings page and lands on the error page when rejected", async () => {
    const token = await logIn("staff@tsugu.example");
    const missing = await page(token, "/ja/settings/identification/", new FormData());
    expect(missing.status).toBe(422);
    expect(missing.html).toContain("画像ファイルを選んでください");
    const started = await page(token, "/ja/settings/identification/", await uploads("idFront", "selfie"));
    expect(started.status).toBe(302);
    const hosted = new URL(started.location!);
    expect(hosted.pathname).toMatch(/^\/sandbox\/polarify\/plr_[\w-]{24}\/$/);
    const reject = await fetch(`${server.url}${hosted.pathname}`, {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams({ intent: "reject", reason: "document_unreadable" }),
    });
    const back = new URL(reject.headers.get("location")!);
    expect(back.pathname).toBe("/ja/ekyc/polarify/error/");
    // The success page with the same reference still tells the truth.
    const lie = await page(token, `/ja/ekyc/polarify/success/${back.search}`);
    expect(lie.html).toContain("本人確認ができませんでした");
    expect(lie.html).toContain("本人確認書類を読み取れませんでした");
    const [row] = await server.database.db.select().from(users).where(eq(users.email, "staff@tsugu.example"));
    expect(row!.identityVerifiedAt).toBeNull();
    expect((await fetch(`${server.url}/sandbox/polarify/plr_unknownunknownunknown00/`)).status).toBe(404);
  });

  it("sends a return page opened with no check under way to the identification settings, saying so", async () => {
    const token = await logIn(member(0));
    for (const path of ["/ja/ekyc/polarify/success/", "/ja/ekyc/polarify/error/?reference=plr_nothing"]) {
      const res = await page(token, path);
      expect(res.status, path).toBe(302);
      expect(res.location).toBe("/ja/settings/identification/");
      expect(res.headers.getSetCookie().join(";")).toContain("identification.result.noneUnderWay");
    }
    const en = await page(token, "/en/ekyc/polarify/success/");
    expect(en.location).toBe("/en/settings/identification/");
    // Another provider's return page is not this deployment's (production's is /ekyc/ekyc/…).
    expect((await page(token, "/ja/ekyc/ekyc/success/")).status).toBe(404);
  });
});

describe("settings pages and the seller setup flow without JavaScript", () => {
  it("opens the settings index with a link to every settings page, in both languages", async () => {
    const token = await logIn(member(1));
    const ja = await page(token, "/ja/settings/");
    expect(ja.status).toBe(200);
    expect(ja.html).toContain("<title>設定");
    for (const to of [
      "profile",
      "email",
      "change-password",
      "address",
      "bank-account",
      "credit-card",
      "sms",
      "identification",
    ]) {
      expect(ja.html, to).toContain(`href="/ja/settings/${to}/"`);
    }
    const en = await page(token, "/en/settings/");
    expect(en.html).toContain("<title>Settings");
    expect(en.html).toContain('href="/en/settings/address/"');
  });

  it("fills the address from the postal code and keeps what was typed", async () => {
    const token = await logIn(member(1));
    const filled = await page(token, "/ja/settings/address/", {
      intent: "lookup",
      familyName: "佐藤",
      postalCode: "１００－０００１",
      street: "",
    });
    expect(filled.status).toBe(200);
    expect(filled.html).toContain('value="千代田区"');
    expect(filled.html).toContain('value="千代田"');
    expect(filled.html).toContain('value="佐藤"');
    expect(filled.html).toMatch(/<option value="13" selected="">東京都<\/option>/);
    expect(filled.html).toContain("住所を入力しました");
    const unknown = await page(token, "/ja/settings/address/", { intent: "lookup", postalCode: "9999999" });
    expect(unknown.status).toBe(422);
    expect(unknown.html).toContain("この郵便番号に該当する住所が見つかりませんでした");
    const wrong = await page(token, "/ja/settings/address/", { intent: "save", postalCode: "1000001" });
    expect(wrong.status).toBe(422);
    expect(wrong.html).toContain("姓を入力してください");
    expect(wrong.html).toContain('value="1000001"');
  });

  it("takes a first-time seller through address, bank account, the optional card and back to the sell page", async () => {
    const token = await logIn("buyer@tsugu.example");
    const first = await page(token, "/ja/setup/address/?redirect=/ja/sell/");
    expect(first.status).toBe(200);
    expect(first.html).toContain("ステップ 1/4");
    expect((await page(token, "/ja/setup/complete/?redirect=/ja/sell/")).location).toBe(
      "/ja/setup/address/?redirect=%2Fja%2Fsell%2F",
    );
    const address = await page(token, "/ja/setup/address/?redirect=/ja/sell/", {
      ...SETUP_ADDRESS,
      redirect: "/ja/sell/",
    });
    expect(address.location).toBe("/ja/setup/bank-account/?redirect=%2Fja%2Fsell%2F");
    const second = await page(token, address.location!);
    expect(second.html).toContain("ステップ 2/4");
    const bank = await page(token, address.location!, {
      ...SETUP_BANK,
      redirect: "/ja/sell/",
    });
    expect(bank.location).toBe("/ja/setup/credit-card/?redirect=%2Fja%2Fsell%2F");
    const card = await page(token, bank.location!);
    expect(card.html).toContain("ステップ 3/4");
    // The card is optional: the member skips it.
    expect(card.html).toContain('href="/ja/setup/complete/?redirect=%2Fja%2Fsell%2F"');
    const done = await page(token, "/ja/setup/complete/?redirect=%2Fja%2Fsell%2F");
    expect(done.status).toBe(200);
    expect(done.html).toContain("ステップ 4/4");
    expect(done.html).toContain('href="/ja/sell/"');
    const [row] = await server.database.db.select().from(users).where(eq(users.email, "buyer@tsugu.example"));
    expect(row!.sellerSetupAt).not.toBeNull();
    // Another site is never a target.
    const elsewhere = await page(token, "/ja/setup/complete/?redirect=https://evil.example/");
    expect(elsewhere.html).toContain('href="/ja/mypage/"');
  });
});
