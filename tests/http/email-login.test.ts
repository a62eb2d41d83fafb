import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#db/schema/index.ts";
import { sandboxBotToken } from "../helpers/bot-check.ts";
import { startTestServer, type TestServer } from "../helpers/http-server.ts";
import { linkIn } from "../helpers/smtp.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await server.database.db
    .insert(users)
    .values({ email: "link-web@example.jp", nickname: "link-web", emailVerifiedAt: new Date() });
});
afterAll(async () => {
  await server?.close();
});

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

const get = (path: string, cookie = "") =>
  fetch(`${server.url}${path}`, { redirect: "manual", headers: cookie ? { cookie } : {} });

const ticketOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith("tsugu_email_login="))!
    .split(";")[0]!;

async function ask(email: string, query = "") {
  return post(`/ja/login/email/${query}`, {
    email,
    remember: "on",
    botCheckToken: await sandboxBotToken(server.url, "email_login"),
  });
}

describe("sign-in by mailed link over HTTP", () => {
  it("is offered on the login page, keeping where the member was going", async () => {
    const html = await (await get("/ja/login/?redirect=%2Fja%2Fitems%2F5%2Fbuy%2F")).text();
    expect(html).toContain("メールでログインリンクを受け取る");
    expect(html).toContain("/ja/login/email/?redirect=%2Fja%2Fitems%2F5%2Fbuy%2F");
  });

  it("mails a link that signs in the browser that asked and returns to the page it came from", async () => {
    const sent = await ask("Link-Web@example.jp", "?redirect=%2Fja%2Fitems%2F5%2Fbuy%2F");
    expect(sent.status).toBe(302);
    expect(sent.headers.get("location")).toBe("/ja/login/email/?sent=1&redirect=%2Fja%2Fitems%2F5%2Fbuy%2F");
    const ticket = ticketOf(sent);
    const page = await (await get(sent.headers.get("location")!, ticket)).text();
    expect(page).toContain("link-web@example.jp が登録済みのアドレスであれば");
    const mail = await server.smtp!.lastTo("link-web@example.jp");
    const link = new URL(linkIn(mail.text, "/ja/login/email/open/"));
    const path = link.pathname + link.search;

    // Another browser (no cookie): told so, and the link still works where it was asked for.
    const elsewhere = await get(path);
    expect(elsewhere.status).toBe(409);
    const said = await elsewhere.text();
    expect(said).toContain("別のブラウザで開かれました");
    expect(said).toContain("ログインリンクを送り直す");

    const done = await get(path, ticket);
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/ja/items/5/buy/");
    const cookies = done.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith("tsugu=") && c.includes("Max-Age"))).toBe(true);
    expect(cookies.some((c) => c.startsWith("tsugu_email_login=;"))).toBe(true);

    // Once only.
    const again = await get(path, ticket);
    expect(again.status).toBe(404);
    expect(await again.text()).toContain("すでに使われています");
  });

  it("answers an unknown address exactly like a known one", async () => {
    const sent = await ask("nobody-here@example.jp");
    expect(sent.status).toBe(302);
    const page = await (await get(sent.headers.get("location")!, ticketOf(sent))).text();
    expect(page).toContain("nobody-here@example.jp が登録済みのアドレスであれば");
  });

  it("keeps what was typed and says what is wrong, changing nothing", async () => {
    const res = await ask("not an address");
    expect(res.status).toBe(422);
    const html = await res.text();
    expect(html).toContain("not an address");
    expect(res.headers.getSetCookie().some((c) => c.startsWith("tsugu_email_login="))).toBe(false);
    const noBot = await post("/ja/login/email/", { email: "link-web@example.jp" });
    expect(noBot.status).toBe(400);
  });

  it("refuses a made-up or missing token with a page, never an error", async () => {
    for (const path of ["/ja/login/email/open/", "/ja/login/email/open/?token=x"]) {
      const res = await get(path);
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toContain("text/html");
    }
    expect((await get("/en/login/email/open/?token=%00")).status).toBe(400);
    expect(await (await get("/en/login/email/open/?token=nope")).text()).toContain("already been used");
  });
});
