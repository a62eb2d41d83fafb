import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "#core/identity/sessions.ts";
import { changePostState } from "#core/media/change-post-state.ts";
import { savePost } from "#core/media/save-post.ts";
import { API_ROUTES } from "#server/api/v1/index.ts";
import { makeMember, makeOperator } from "../helpers/catalog.ts";
import { startTestServer, type TestServer } from "../helpers/http-server.ts";

// biome-ignore lint/suspicious/noExplicitAny: response bodies are read loosely and asserted field by field
type Json = any;

let server: TestServer;
let memberToken = "";
let memberCookie = "";

beforeAll(async () => {
  server = await startTestServer({ localMail: true });
  const member = await makeMember(server.ctx);
  memberToken = (await createSession(server.ctx, { userId: member.id, kind: "api", persistent: true })).token;
  memberCookie = `tsugu=${(await createSession(server.ctx, { userId: member.id, kind: "web", persistent: true })).token}`;
});
afterAll(async () => {
  await server?.close();
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { headers, redirect: "manual" });

describe("malformed input is refused at the door, never a 500", () => {
  it("answers JSON nested 5,000 deep with 400 on every route that takes a JSON body", async () => {
    let deep = "0";
    for (let i = 0; i < 5000; i++) deep = `{"a":${deep}}`;
    const withBody = API_ROUTES.filter((r) => r.body);
    expect(withBody.length).toBeGreaterThan(20);
    for (const route of withBody) {
      const path = route.path.replace(/\{[a-z_]+\}/g, "1");
      const res = await fetch(`${server.url}/api/v1${path}`, {
        method: route.method.toUpperCase(),
        headers: { authorization: `Bearer ${memberToken}`, "content-type": "application/json" },
        body: deep,
      });
      const body = (await res.json()) as Json;
      // A route that refuses the member outright (403) may say so before reading the body.
      expect([400, 403], `${route.method} ${route.path}`).toContain(res.status);
      expect(body.error.code).toMatch(/BAD_REQUEST|FORBIDDEN/);
    }
  });

  it("refuses a NUL in a JSON string with 400", async () => {
    const res = await fetch(`${server.url}/api/v1/me/saved-searches`, {
      method: "POST",
      headers: { authorization: `Bearer ${memberToken}`, "content-type": "application/json" },
      body: JSON.stringify({ query: "keyword=a\u0000b" }),
    });
    expect(res.status).toBe(400);
  });

  it("refuses a NUL or a broken percent-encoding in an address with 400, in the page's language", async () => {
    for (const path of [
      "/api/v1/items?keyword=%00",
      "/api/v1/items?brand=00001%00",
      "/api/v1/items?category=05%00",
      "/api/v1/items?keyword=%E0%A4%A",
    ]) {
      const res = await get(path, { "accept-language": "ja" });
      expect(res.status, path).toBe(400);
      expect(((await res.json()) as Json).error.message).toBe("アドレスに使えない文字が含まれています");
    }
    for (const path of [
      "/ja/search/?keyword=%00",
      "/ja/search/?brand=%00",
      "/media/%E0%A4%A",
      "/ja/login/?redirect=%E0%A4%A",
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(400);
      expect(await res.text()).toContain("リクエストが正しくありません");
    }
    const en = await get("/en/search/?category=%00");
    expect(en.status).toBe(400);
    expect(await en.text()).toContain("This request is not valid");
  });

  it("answers a broken address on a machine endpoint (the API, a webhook) in JSON", async () => {
    for (const path of ["/webhooks/%00", "/webhooks/%E0%A4%A", "/api/v1/%00"]) {
      const res = await fetch(`${server.url}${path}`, { method: "POST", body: "{}" });
      expect(res.status, path).toBe(400);
      expect(res.headers.get("content-type"), path).toContain("application/json");
      expect(((await res.json()) as Json).error.code).toBe("BAD_REQUEST");
    }
  });

  it("answers headers past 16 KiB and an unreadable request as the API or a page would, in the request's language", async () => {
    const { hostname, port } = new URL(server.url);
    /** What the server answers to these bytes, whole. */
    const raw = (request: string) =>
      new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
        const socket = connect(Number(port), hostname, () => socket.write(request));
        const chunks: Buffer[] = [];
        socket.on("data", (c: Buffer) => chunks.push(c));
        socket.on("close", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          const [head = "", body = ""] = text.split("\r\n\r\n");
          resolve({
            status: Number(/^HTTP\/1\.1 (\d+)/.exec(head)?.[1]),
            type: /content-type: ([^\r\n]+)/i.exec(head)?.[1] ?? "",
            body,
          });
        });
        socket.on("error", reject);
      });
    const cookie = `Cookie: a=${"x".repeat(20 * 1024)}\r\n`;
    const host = `Host: ${hostname}:${port}\r\n`;

    const api = await raw(`GET /api/v1/items HTTP/1.1\r\n${host}Accept-Language: en\r\n${cookie}\r\n`);
    expect([api.status, api.type]).toEqual([431, "application/json; charset=utf-8"]);
    expect(JSON.parse(api.body)).toEqual({
      error: { code: "HEADERS_TOO_LARGE", message: "The request's headers are too large" },
    });
    const page = await raw(`GET /ja/items/search/ HTTP/1.1\r\n${host}${cookie}\r\n`);
    expect([page.status, page.type]).toEqual([431, "text/html; charset=utf-8"]);
    expect(page.body).toContain("このサイトのCookieを削除してから");
    const english = await raw(`GET /en/ HTTP/1.1\r\n${host}${cookie}\r\n`);
    expect(english.body).toContain("delete this site's cookies");

    const broken = await raw(`POST /api/v1/tokens HTTP/1.1\r\n${host}No colon here\r\n\r\n`);
    expect([broken.status, JSON.parse(broken.body).error.code]).toEqual([400, "BAD_REQUEST"]);
    expect(JSON.parse(broken.body).error.message).toBe("リクエストの内容が正しくありません");
    const brokenPage = await raw(`GET /ja/ HTTP/1.1\r\n${host}No colon here\r\n\r\n`);
    expect([brokenPage.status, brokenPage.type]).toEqual([400, "text/html; charset=utf-8"]);
    expect(brokenPage.body).toContain("リクエストを読み取れませんでした");
    // The server still answers the next request as usual.
    expect((await fetch(`${server.url}/api/v1/health`)).status).toBe(200);
  });

  it("answers 413 in JSON to a client that writes a whole oversized body before reading", async () => {
    const { url } = server;
    const { hostname, port } = new URL(url);
    const body = Buffer.alloc(3 * 1024 * 1024, 0x61);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), hostname, () => {
        socket.write(
          `POST /api/v1/tokens HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
        );
        // The whole body first, and only then read what came back.
        socket.write(body, () => socket.end());
      });
      const chunks: Buffer[] = [];
      socket.on("data", (c: Buffer) => chunks.push(c));
      socket.on("close", () => resolve(Buffer.concat(chunks).toString("utf8")));
      socket.on("error", reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
    expect(answer).toContain('"PAYLOAD_TOO_LARGE"');
  });

  it("answers a page form that is no form (JSON, text, nothing, a broken multipart) with the page's 400, in its language", async () => {
    const origin = { origin: server.url };
    const bodies: [string, RequestInit][] = [
      ["json", { headers: { ...origin, "content-type": "application/json" }, body: '{"email":' }],
      ["text", { headers: { ...origin, "content-type": "text/plain" }, body: "hello" }],
      ["nothing", { headers: origin }],
      [
        "broken multipart",
        {
          headers: { ...origin, "content-type": "multipart/form-data; boundary=zzz" },
          body: "--zzz\r\nbroken",
        },
      ],
    ];
    // A visitor's forms, and a member's (each page reads its form its own way).
    const pages: [string, Record<string, string>][] = [
      ["/ja/login/", {}],
      ["/ja/help/contact/", {}],
      ["/ja/signup/email/", {}],
      ["/ja/settings/address/", { cookie: memberCookie }],
      ["/ja/notifications/", { cookie: memberCookie }],
      ["/ja/mypage/offers/", { cookie: memberCookie }],
    ];
    for (const [path, who] of pages) {
      for (const [label, init] of bodies) {
        const res = await fetch(`${server.url}${path}`, {
          ...init,
          method: "POST",
          redirect: "manual",
          headers: { ...who, ...(init.headers as Record<string, string>) },
        });
        expect(res.status, `${label} ${path}`).toBe(400);
        const html = await res.text();
        expect(html, `${label} ${path}`).toContain("リクエストが正しくありません");
        expect(html, `${label} ${path}`).toContain("送信された内容を読み取れませんでした");
      }
    }
    const en = await fetch(`${server.url}/en/login/`, { method: "POST", headers: origin });
    expect(en.status).toBe(400);
    expect(await en.text()).toContain("This request is not valid");
  });

  it("answers a notifications form naming no notification with 400, never a 500", async () => {
    for (const upTo of ["abc", "-1", "1.5", "99999999999999999999", "a\u0000b"]) {
      const res = await fetch(`${server.url}/ja/notifications/`, {
        method: "POST",
        redirect: "manual",
        headers: { cookie: memberCookie, origin: server.url },
        body: new URLSearchParams({ upTo }),
      });
      expect(res.status, upTo).toBe(400);
    }
    const fine = await fetch(`${server.url}/ja/notifications/`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: memberCookie, origin: server.url },
      body: new URLSearchParams({ upTo: "" }),
    });
    expect(fine.status).toBe(200);
  });

  it("refuses a page form from another site, or one too large, with a short page in the path's language", async () => {
    const crossSite = await fetch(`${server.url}/ja/login/`, {
      method: "POST",
      headers: { origin: "https://evil.example" },
      body: new URLSearchParams({ email: "a@example.com" }),
    });
    expect(crossSite.status).toBe(403);
    expect(crossSite.headers.get("content-type")).toContain("text/html");
    expect(await crossSite.text()).toContain("Tsuguのページ以外から送信されたため、受け付けませんでした");
    const enCrossSite = await fetch(`${server.url}/en/login/`, {
      method: "POST",
      headers: { origin: "https://evil.example" },
      body: new URLSearchParams({ email: "a@example.com" }),
    });
    expect(await enCrossSite.text()).toContain("This was sent from outside Tsugu's pages");
    // Declared larger than any page takes: answered before a byte of it is read.
    const { hostname, port } = new URL(server.url);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), hostname, () => {
        socket.write(
          `POST /ja/sell/ HTTP/1.1\r\nHost: ${hostname}:${port}\r\nOrigin: ${server.url}\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: ${500 * 1024 * 1024}\r\nConnection: close\r\n\r\n`,
        );
      });
      const chunks: Buffer[] = [];
      socket.on("data", (c: Buffer) => {
        chunks.push(c);
        if (Buffer.concat(chunks).includes("</html>")) socket.destroy();
      });
      socket.on("close", () => resolve(Buffer.concat(chunks).toString("utf8")));
      socket.on("error", reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
    expect(answer).toContain("送信された内容が大きすぎます");
  });

  it("answers a browser refused by a route without a page with the short page in the path's language", async () => {
    // A member asking for an operator's form action, and for an inquiry photo that is not theirs.
    const asked = [
      ["/ja/staff/assign/", "POST", "このページは表示できません", 403],
      ["/en/staff/assign/", "POST", "You cannot view this page", 403],
      ["/ja/mypage/support/999999/photos/a.jpg", "GET", "ページが見つかりませんでした", 404],
    ] as const;
    for (const [path, method, words, status] of asked) {
      const res = await fetch(`${server.url}${path}`, {
        method,
        redirect: "manual",
        headers: { cookie: memberCookie, origin: server.url, accept: "text/html,*/*;q=0.8" },
        ...(method === "POST" ? { body: new URLSearchParams({ x: "1" }) } : {}),
      });
      expect(res.status, path).toBe(status);
      expect(res.headers.get("content-type"), path).toContain("text/html");
      expect(await res.text(), path).toContain(words);
    }
    // An image or a script asking keeps the plain answer.
    const img = await fetch(`${server.url}/ja/mypage/support/999999/photos/a.jpg`, {
      headers: { cookie: memberCookie, accept: "image/avif,image/webp,*/*" },
    });
    expect(img.status).toBe(404);
    expect(img.headers.get("content-type")).not.toContain("text/html");
  });

  it("never follows a login redirect holding a line break, and the member can still log in after one", async () => {
    const res = await get("/ja/login/?redirect=/ja/%0D%0ASet-Cookie:%20x=1", { cookie: memberCookie });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/ja/mypage/");
    expect((await get("/ja/login/", { cookie: memberCookie })).status).toBe(302);
  });
});

describe("feeds publish text as text", () => {
  it("escapes a title that holds markup", async () => {
    const operator = await makeOperator(server.ctx, ["editor"]);
    const { id } = await savePost(server.ctx, {
      actor: operator,
      input: {
        kind: "article",
        slug: "xss-title",
        title: "<script>alert(1)</script> & 画面割れ",
        description: "<b>概要</b>",
        body: "本文です。",
        category: "guide",
        tags: "",
      },
    });
    await changePostState(server.ctx, { actor: operator, postId: id, action: "publish" });
    const feed = await (await get("/articles/feed.xml")).text();
    expect(feed).toContain("&lt;script&gt;alert(1)&lt;/script&gt; &amp; 画面割れ");
    expect(feed).not.toContain("<script>");
    expect(feed).toContain("&lt;b&gt;概要&lt;/b&gt;");
  });
});

describe("the development mailbox", () => {
  it("shows mail to the person at this machine, and to nobody a proxy forwarded", async () => {
    expect((await get("/ja/dev/mailbox/")).status).toBe(200);
    for (const header of ["x-forwarded-for", "forwarded", "x-real-ip"]) {
      expect((await get("/ja/dev/mailbox/", { [header]: "203.0.113.9" })).status, header).toBe(404);
    }
  });
});

describe("cookie-authenticated API writes", () => {
  it("are refused without our own origin, and accepted with it", async () => {
    const send = (headers: Record<string, string>) =>
      fetch(`${server.url}/api/v1/me/notifications/read`, {
        method: "POST",
        headers: { cookie: memberCookie, ...headers },
      });
    const bare = await send({});
    expect(bare.status).toBe(403);
    expect(((await bare.json()) as Json).error.code).toBe("FORBIDDEN");
    expect((await send({ origin: "https://evil.example" })).status).toBe(403);
    expect((await send({ origin: server.url })).status).toBe(204);
    expect((await send({ "sec-fetch-site": "same-origin" })).status).toBe(204);
  });
});
