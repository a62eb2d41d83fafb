import { eq } from "drizzle-orm";
import { parse } from "node-html-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buybackInvitations, users } from "#db/schema/index.ts";
import { DEMO_ACCOUNTS, seedDemoAccounts } from "#db/seed/demo-accounts.ts";
import { seedDemoBuyerCompanies } from "#db/seed/demo-buyback.ts";
import { makeMember } from "../helpers/catalog.ts";
import { startTestServer, type TestServer } from "../helpers/http-server.ts";
import { codeIn, linkIn } from "../helpers/smtp.ts";
import { postForm, signIn, signInOperator } from "../helpers/web.ts";

let server: TestServer;
const BUYER = DEMO_ACCOUNTS.find((a) => a.role === "business")!.email;
const COMPANY = "株式会社リユースモバイル";

beforeAll(async () => {
  server = await startTestServer();
  await seedDemoAccounts(server.database.db, server.ctx.secret);
  await seedDemoBuyerCompanies(server.database.db);
});
afterAll(async () => {
  await server?.close();
});

function post(path: string, form: Record<string, string>, cookie = "") {
  return postForm(server, path, form, cookie);
}

async function page(path: string, cookie = "") {
  const res = await fetch(`${server.url}${path}`, {
    redirect: "manual",
    headers: cookie ? { cookie } : {},
  });
  const html = await res.text();
  return { status: res.status, res, doc: parse(html), html };
}

/** The Set-Cookie line a response sends for one cookie. */
function setCookieLine(res: Response, name: string): string | undefined {
  return res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
}

function cookiePair(res: Response, name: string): string {
  const line = setCookieLine(res, name);
  if (!line) throw new Error(`no ${name} cookie`);
  return line.split(";")[0]!;
}

/** Asks for a code on the login page and reads it from the mail; answers the ticket cookie and the code. */
async function requestCode(lang: "ja" | "en", email: string, query = "") {
  const before = server.smtp!.messages.length;
  const res = await post(`/${lang}/buyback/login/${query}`, { intent: "send", email });
  expect(res.status).toBe(302);
  const mail = await server.smtp!.lastTo(email);
  expect(server.smtp!.messages.length).toBe(before + 1);
  return { res, ticket: cookiePair(res, "tsugu_ticket"), code: codeIn(mail.text) };
}

describe("the buyback login page", () => {
  it("shows every part of spec §2 in both languages", async () => {
    const ja = await page("/ja/buyback/login/");
    expect(ja.status).toBe(200);
    expect(ja.doc.querySelector("h1")?.text).toBe("法人バイヤーログイン");
    expect(ja.doc.querySelector('input[name="email"][type="email"]')).not.toBeNull();
    expect(ja.doc.querySelector('button[value="send"]')?.text).toBe("コードを送信");
    expect(ja.doc.querySelector('input[name="code"]')?.getAttribute("autocomplete")).toBe("one-time-code");
    expect(ja.doc.querySelector('input[name="keep"][type="checkbox"]')).not.toBeNull();
    expect(ja.html).toContain("ログインしたままにする");
    expect(ja.doc.querySelector('button[value="login"]')?.text).toBe("ログイン");
    expect(ja.doc.querySelector('a[href="/ja/terms-of-service/"]')?.text).toBe("利用規約");
    expect(ja.doc.querySelector('a[href="/ja/privacy/"]')?.text).toBe("プライバシーポリシー");
    expect(ja.doc.querySelector('[data-testid="subsidy-notice"]')?.text).toContain("ものづくり補助金");
    const en = await page("/en/buyback/login/");
    expect(en.doc.querySelector("h1")?.text).toBe("Business buyer login");
    expect(en.doc.querySelector('button[value="send"]')?.text).toBe("Send code");
    expect(en.doc.querySelector('[data-testid="subsidy-notice"]')?.text).toContain("subsidy programme");
    expect(en.doc.querySelector('meta[name="robots"]')?.getAttribute("content")).toBe("noindex, nofollow");
  });

  it("logs a buyer in without JavaScript: code by mail, then both cookies, back where they were going", async () => {
    const guarded = await page("/ja/buyback/setup/account/");
    expect(guarded.status).toBe(302);
    const login = guarded.res.headers.get("location")!;
    expect(login).toBe("/ja/buyback/login/?redirect=%2Fja%2Fbuyback%2Fsetup%2Faccount%2F");

    const { res, ticket, code } = await requestCode("ja", BUYER, login.replace("/ja/buyback/login/", ""));
    const sentTo = res.headers.get("location")!;
    expect(sentTo).toBe("/ja/buyback/login/?sent=1&redirect=%2Fja%2Fbuyback%2Fsetup%2Faccount%2F");
    const step2 = await page(sentTo, ticket);
    expect(step2.doc.querySelector('[data-testid="code-sent"]')?.text).toContain(BUYER);
    // The second form carries the address the code went to.
    expect(step2.doc.querySelector('input[type="hidden"][name="email"]')?.getAttribute("value")).toBe(BUYER);

    const wrong = await post(
      sentTo,
      { intent: "login", email: BUYER, code: code === "000000" ? "111111" : "000000" },
      ticket,
    );
    expect(wrong.status).toBe(422);
    const wrongDoc = parse(await wrong.text());
    expect(wrongDoc.querySelector('[data-testid="error-code"]')?.text).toBe("確認コードが正しくありません");
    expect(wrongDoc.querySelector('input[name="email"][type="email"]')?.getAttribute("value")).toBe(BUYER);

    const done = await post(sentTo, { intent: "login", email: BUYER, code, keep: "on" }, ticket);
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/ja/buyback/setup/account/");
    const session = setCookieLine(done, "tsugu")!;
    expect(session).toMatch(/^tsugu=[A-Za-z0-9_-]{43}; /);
    expect(session).toContain("HttpOnly");
    expect(session).toContain("Max-Age=31536000");
    const [buyer] = await server.database.db.select().from(users).where(eq(users.email, BUYER));
    const idCookie = setCookieLine(done, "tsugu_buyback")!;
    expect(idCookie).toMatch(new RegExp(`^tsugu_buyback=${buyer!.id}; `));
    expect(idCookie).toContain("Max-Age=31536000");
    expect(setCookieLine(done, "tsugu_ticket")).toContain("Max-Age=0");

    const cookie = `${cookiePair(done, "tsugu")}; ${cookiePair(done, "tsugu_buyback")}`;
    const portal = await page("/ja/buyback/setup/account/", cookie);
    expect(portal.status).toBe(200);
    expect(portal.doc.querySelector('[data-testid="buyer-company"]')?.text).toBe(COMPANY);
    expect(portal.doc.querySelector('input[name="companyName"]')?.getAttribute("value")).toBe(COMPANY);
    // Signed in, the login page moves on to the portal.
    const again = await page("/ja/buyback/login/", cookie);
    expect(again.status).toBe(302);
    expect(again.res.headers.get("location")).toBe("/ja/buyback/deliveries/");

    // Logging out ends the session on the server and clears both cookies.
    const out = await post("/ja/buyback/logout/", {}, cookie);
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toBe("/ja/buyback/login/");
    expect(setCookieLine(out, "tsugu")).toContain("Max-Age=0");
    expect(setCookieLine(out, "tsugu_buyback")).toContain("Max-Age=0");
    expect((await fetch(`${server.url}/api/v1/buyback/account`, { headers: { cookie } })).status).toBe(401);
    expect((await page("/ja/buyback/setup/account/", cookie)).status).toBe(302);
  });

  it("keeps the login to the browser's session without 'keep me logged in', and never leaves the site", async () => {
    const { ticket, code } = await requestCode("en", BUYER, "?redirect=%2F%2Fevil.example%2F");
    const done = await post(
      "/en/buyback/login/?sent=1&redirect=%2F%2Fevil.example%2F",
      { intent: "login", email: BUYER, code },
      ticket,
    );
    expect(done.headers.get("location")).toBe("/en/buyback/deliveries/");
    expect(setCookieLine(done, "tsugu")).not.toContain("Max-Age");
    expect(setCookieLine(done, "tsugu_buyback")).not.toContain("Max-Age");
  });

  it("answers a member's address like any other, mailing nothing", async () => {
    const member = DEMO_ACCOUNTS.find((a) => a.role === "member")!.email;
    const before = server.smtp!.messages.length;
    const res = await post("/ja/buyback/login/", { intent: "send", email: member });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/ja/buyback/login/?sent=1");
    const step2 = await page("/ja/buyback/login/?sent=1", cookiePair(res, "tsugu_ticket"));
    expect(step2.doc.querySelector('[data-testid="code-sent"]')?.text).toContain(member);
    expect(server.smtp!.messages.length).toBe(before);
    const bad = await post("/en/buyback/login/", { intent: "send", email: "nope" });
    expect(bad.status).toBe(422);
    expect(parse(await bad.text()).querySelector('[data-testid="error-email"]')?.text).toBe(
      "Enter a valid email address",
    );
  });

  it("keeps the buyer portal to buyers: members and operators get 403", async () => {
    const member = await signIn(server, await makeMember(server.ctx));
    expect((await page("/ja/buyback/setup/account/", member.cookie)).status).toBe(403);
    const admin = await signInOperator(server, ["admin"]);
    expect((await page("/en/buyback/setup/account/", admin.cookie)).status).toBe(403);
    const posted = await post(
      "/ja/buyback/setup/account/",
      { intent: "save", companyName: "乗っ取り", name: "x", email: member.email },
      member.cookie,
    );
    expect(posted.status).toBe(403);
  });
});

describe("invitations, sign-up and account settings", () => {
  it("takes an invited person from the mailed link to the setup step and into the portal", async () => {
    const admin = await signInOperator(server, ["support"]);
    const created = await post(
      "/ja/staff/buyback/companies/new/",
      {
        intent: "save",
        name: "合同会社テスト端末",
        invoiceNumber: "T1111111111111",
        address: "福岡県福岡市中央区1-2-3",
        phone: "092-123-4567",
        dealerLicence: "福岡県公安委員会 第901010000003号",
      },
      admin.cookie,
    );
    expect(created.status).toBe(302);
    const companyPath = created.headers.get("location")!.split("?")[0]!;
    expect(companyPath).toMatch(/^\/ja\/staff\/buyback\/companies\/\d+\/$/);
    const list = await page("/ja/staff/buyback/companies/", admin.cookie);
    expect(list.html).toContain("合同会社テスト端末");
    expect(list.html).toContain("T1111111111111");

    const badInvite = await post(companyPath, { intent: "invite", email: BUYER }, admin.cookie);
    expect(badInvite.status).toBe(409);
    expect(parse(await badInvite.text()).querySelector('[data-testid="error-email"]')?.text).toContain(
      "アカウントがあります",
    );
    const invited = await post(companyPath, { intent: "invite", email: "newbuyer@example.jp" }, admin.cookie);
    expect(invited.headers.get("location")).toBe(`${companyPath}?done=sent`);
    const link = new URL(
      linkIn((await server.smtp!.lastTo("newbuyer@example.jp")).text, "/en/buyback/signup/"),
    );
    const signupPath = `${link.pathname}${link.search}`;

    const open = await page(signupPath);
    expect(open.status).toBe(200);
    expect(open.doc.querySelector('[data-testid="invitation"]')?.text).toContain("合同会社テスト端末");
    expect(open.doc.querySelector('[data-testid="invitation"]')?.text).toContain("newbuyer@example.jp");
    const empty = await post(signupPath, { intent: "start", name: "" });
    expect(empty.status).toBe(422);
    expect(parse(await empty.text()).querySelector('[data-testid="error-name"]')?.text).toBe(
      "User name is required",
    );
    const started = await post(signupPath, { intent: "start", name: "Ken Sato" });
    expect(started.status).toBe(302);
    const ticket = cookiePair(started, "tsugu_ticket");
    const codeStep = await page(started.headers.get("location")!, ticket);
    expect(codeStep.doc.querySelector("h1")?.text).toBe("Enter your code");
    const code = codeIn((await server.smtp!.lastTo("newbuyer@example.jp")).text);
    const joined = await post(started.headers.get("location")!, { intent: "verify", code }, ticket);
    expect(joined.status).toBe(302);
    expect(joined.headers.get("location")).toBe("/en/buyback/setup/account/");
    const cookie = `${cookiePair(joined, "tsugu")}; ${cookiePair(joined, "tsugu_buyback")}`;

    // The link is used up; a page, not an error.
    const used = await page(signupPath);
    expect(used.status).toBe(410);
    expect(used.doc.querySelector("h1")?.text).toBe("This invitation link has been used");

    // The first visit is the setup step; a wrong input keeps what was typed.
    const setup = await page("/en/buyback/setup/account/", cookie);
    expect(setup.doc.querySelector("h1")?.text).toBe("Set up your account");
    const bad = await post(
      "/en/buyback/setup/account/",
      { intent: "save", companyName: "", name: "Ken Sato", email: "newbuyer@example.jp" },
      cookie,
    );
    expect(bad.status).toBe(422);
    const badDoc = parse(await bad.text());
    expect(badDoc.querySelector('[data-testid="error-companyName"]')?.text).toBe("Company name is required");
    expect(badDoc.querySelector('input[name="name"]')?.getAttribute("value")).toBe("Ken Sato");
    const saved = await post(
      "/en/buyback/setup/account/",
      { intent: "save", companyName: "合同会社テスト端末", name: "Ken Sato", email: "newbuyer@example.jp" },
      cookie,
    );
    expect(saved.headers.get("location")).toBe("/en/buyback/deliveries/");
    const after = await page("/en/buyback/setup/account/", cookie);
    expect(after.doc.querySelector("h1")?.text).toBe("Account settings");

    // A new address waits for the code sent to it.
    const moving = await post(
      "/en/buyback/setup/account/",
      { intent: "save", companyName: "合同会社テスト端末", name: "Ken Sato", email: "ken@example.jp" },
      cookie,
    );
    expect(moving.headers.get("location")).toBe("/en/buyback/setup/account/?sent=1");
    const emailTicket = cookiePair(moving, "tsugu_ticket");
    const codePage = await page("/en/buyback/setup/account/?sent=1", `${cookie}; ${emailTicket}`);
    expect(codePage.doc.querySelector('[data-testid="email-code-sent"]')?.text).toContain("ken@example.jp");
    const emailCode = codeIn((await server.smtp!.lastTo("ken@example.jp")).text);
    const changed = await post(
      "/en/buyback/setup/account/?sent=1",
      { intent: "verify", code: emailCode },
      `${cookie}; ${emailTicket}`,
    );
    expect(changed.headers.get("location")).toBe("/en/buyback/setup/account/");
    const account = await fetch(`${server.url}/api/v1/buyback/account`, { headers: { cookie } });
    expect(await account.json()).toMatchObject({ email: "ken@example.jp", name: "Ken Sato" });
  });

  it("shows a clear page for a link that names nothing or ran out", async () => {
    const none = await page("/ja/buyback/signup/?token=not-a-real-token");
    expect(none.status).toBe(404);
    expect(none.doc.querySelector("h1")?.text).toBe("招待リンクが見つかりません");
    const admin = await signInOperator(server, ["admin"]);
    const list = await page("/ja/staff/buyback/companies/", admin.cookie);
    const companyPath = list.doc
      .querySelectorAll("table a")
      .map((a) => a.getAttribute("href")!)
      .find((href) => /\/companies\/\d+\/$/.test(href))!;
    const invited = await post(companyPath, { intent: "invite", email: "expired@example.jp" }, admin.cookie);
    expect(invited.status).toBe(302);
    const link = new URL(
      linkIn((await server.smtp!.lastTo("expired@example.jp")).text, "/ja/buyback/signup/"),
    );
    await server.database.db
      .update(buybackInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(buybackInvitations.email, "expired@example.jp"));
    const expired = await page(`${link.pathname}${link.search}`);
    expect(expired.status).toBe(410);
    expect(expired.doc.querySelector("h1")?.text).toBe("招待リンクの有効期限が切れています");
    // The operator sends it again from the list as they had sorted it, and stays on that order;
    // the new link works.
    const [row] = await server.database.db
      .select()
      .from(buybackInvitations)
      .where(eq(buybackInvitations.email, "expired@example.jp"));
    const resent = await post(
      "/ja/staff/buyback/companies/?sort=name&dir=desc",
      { intent: "resend", companyId: String(row!.companyId), invitationId: String(row!.id) },
      admin.cookie,
    );
    expect(resent.headers.get("location")).toBe(
      "/ja/staff/buyback/companies/?sort=name&dir=desc&done=resent",
    );
    const fresh = new URL(
      linkIn((await server.smtp!.lastTo("expired@example.jp")).text, "/ja/buyback/signup/"),
    );
    expect((await page(`${fresh.pathname}${fresh.search}`)).status).toBe(200);
  });
});

describe("the buyback login API", () => {
  async function api(method: string, path: string, body?: unknown, token?: string) {
    const res = await fetch(`${server.url}/api/v1${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, json: text ? JSON.parse(text) : null };
  }

  it("logs in with the emailed code, reads and saves the account, logs out", async () => {
    const sent = await api("POST", "/buyback/login/code", { email: BUYER });
    expect(sent).toMatchObject({ status: 202, json: { email: BUYER } });
    const code = codeIn((await server.smtp!.lastTo(BUYER)).text);
    const wrong = await api("POST", "/buyback/login", { email: BUYER, code: "12" });
    expect(wrong.status).toBe(422);
    expect(wrong.json.error.fields.code).toBeTruthy();
    const login = await api("POST", "/buyback/login", { email: BUYER, code, keep: true });
    expect(login.status).toBe(201);
    expect(login.json.buyer).toMatchObject({ email: BUYER, company_name: COMPANY });
    const token = login.json.token as string;
    const account = await api("GET", "/buyback/account", undefined, token);
    expect(account.json).toMatchObject({ company_name: COMPANY, email: BUYER });
    const bad = await api("PUT", "/buyback/account", { company_name: 42, name: "", email: "x" }, token);
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.error.fields).sort()).toEqual(["company_name", "email", "name"]);
    const saved = await api(
      "PUT",
      "/buyback/account",
      { company_name: COMPANY, name: account.json.name, email: BUYER },
      token,
    );
    expect(saved.json).toMatchObject({ pending_email: null, email_change_token: null });
    expect((await api("POST", "/buyback/logout", undefined, token)).status).toBe(204);
    expect((await api("GET", "/buyback/account", undefined, token)).status).toBe(401);
  });

  it("refuses accounts that are not a buyer's, and is in the OpenAPI document", async () => {
    const member = await signIn(server, await makeMember(server.ctx));
    const res = await api("GET", "/buyback/account", undefined, member.token);
    expect(res.status).toBe(403);
    expect(res.json.error.code).toBe("FORBIDDEN");
    const doc = (await api("GET", "/openapi.json")).json;
    for (const path of ["/buyback/login/code", "/buyback/login", "/buyback/logout", "/buyback/account"]) {
      expect(doc.paths[path], path).toBeTruthy();
    }
    expect(Object.keys(doc.paths["/buyback/account"]).sort()).toEqual(["get", "put"]);
  });
});
