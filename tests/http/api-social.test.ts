import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "#core/identity/sessions.ts";
import type { CoreContext } from "#core/shared/context.ts";
import { items, users } from "#db/schema/index.ts";
import { seedDeviceModels } from "#db/seed/device-models.ts";
import { listItem, makeMember } from "../helpers/catalog.ts";
import { startTestServer, type TestServer } from "../helpers/http-server.ts";

let server: TestServer;
let ctx: CoreContext;

// biome-ignore lint/suspicious/noExplicitAny: response bodies are read loosely and asserted field by field
type Json = any;

/** A member (or another role) with a bearer token. */
async function person(nickname: string, role: "member" | "business" | "operator" = "member") {
  const user = await makeMember(ctx, { nickname });
  if (role !== "member") await ctx.db.update(users).set({ role }).where(eq(users.id, user.id));
  const { token } = await createSession(ctx, { userId: user.id, kind: "api", persistent: true });
  return { ...user, role, token };
}
type Person = Awaited<ReturnType<typeof person>>;

async function api(method: string, url: string, who: Person | null = null, body?: unknown, lang = "ja") {
  const res = await fetch(`${server.url}/api/v1${url}`, {
    method,
    headers: {
      "accept-language": lang,
      ...(who ? { authorization: `Bearer ${who.token}` } : {}),
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : null) as Json };
}

let hanako: Person;
let taro: Person;
let jiro: Person;
let business: Person;
let itemId: number;

beforeAll(async () => {
  server = await startTestServer();
  await seedDeviceModels(server.database.db);
  ctx = server.ctx;
  hanako = await person("はなこ");
  taro = await person("たろう");
  jiro = await person("じろう");
  business = await person("仕入担当", "business");
  itemId = await listItem(ctx, hanako, { title: "iPhone 12 画面割れ" });
});
afterAll(async () => {
  await server?.close();
});

describe("social API", () => {
  it("shows a public profile and the member's listings in snake_case, and no profile for a business account", async () => {
    const anon = await api("GET", `/users/${hanako.id}`);
    expect(anon.status).toBe(200);
    expect(anon.json).toMatchObject({
      id: hanako.id,
      nickname: "はなこ",
      identity_verified: false,
      counts: { listings: 1 },
      viewer: { is_self: false, follows: false, blocked: false, blocked_by_user: false },
    });
    expect(anon.json).toHaveProperty("member_since");
    expect((await api("GET", `/users/${hanako.id}`, hanako)).json.viewer.is_self).toBe(true);
    const listed = await api("GET", `/users/${hanako.id}/items`);
    expect(listed.status).toBe(200);
    expect(listed.json.items.map((i: Json) => i.id)).toEqual([itemId]);
    expect(listed.json.items[0]).toMatchObject({ title: "iPhone 12 画面割れ", state: "SALE", like_count: 0 });
    expect(listed.json.items[0].thumb_url).toMatch(/^\/media\/.+-thumb\.webp$/);
    expect(listed.json.next_cursor).toBeNull();
    for (const url of [
      `/users/${business.id}`,
      `/users/${business.id}/items`,
      `/users/${business.id}/followers`,
    ]) {
      const r = await api("GET", url);
      expect(r.status, url).toBe(404);
      expect(r.json.error.code).toBe("NOT_FOUND");
    }
  });

  it("answers 404 JSON, never a 500, for ids that are not positive integers", async () => {
    for (const bad of ["0", "-1", "abc", "1.5", "99999999999999999999", "%20"]) {
      for (const [method, url] of [
        ["GET", `/users/${bad}`],
        ["GET", `/users/${bad}/followers`],
        ["PUT", `/users/${bad}/follow`],
        ["PUT", `/items/${bad}/like`],
        ["GET", `/items/${bad}/comments`],
        ["DELETE", `/items/${itemId}/comments/${bad}`],
      ] as const) {
        const r = await api(method, url, taro);
        expect(r.status, `${method} ${url}`).toBe(404);
        expect(r.json.error.code).toBe("NOT_FOUND");
      }
    }
    const badCursor = await api("GET", `/users/${hanako.id}/followers?cursor=yesterday`);
    expect(badCursor.status).toBe(400);
    expect(badCursor.json.error.code).toBe("BAD_REQUEST");
  });

  it("follows and unfollows, listing both sides, and tells the followed member", async () => {
    expect((await api("PUT", `/users/${hanako.id}/follow`)).status).toBe(401);
    expect((await api("PUT", `/users/${hanako.id}/follow`, taro)).status).toBe(204);
    expect((await api("PUT", `/users/${hanako.id}/follow`, taro)).status).toBe(204);
    expect((await api("PUT", `/users/${hanako.id}/follow`, jiro)).status).toBe(204);
    const followers = await api("GET", `/users/${hanako.id}/followers?limit=1`);
    expect(followers.json.items).toHaveLength(1);
    expect(followers.json.items[0]).toEqual({ id: jiro.id, nickname: "じろう", avatar_url: null });
    const rest = await api(
      "GET",
      `/users/${hanako.id}/followers?cursor=${encodeURIComponent(followers.json.next_cursor)}`,
    );
    expect(rest.json.items.map((p: Json) => p.id)).toEqual([taro.id]);
    expect(rest.json.next_cursor).toBeNull();
    expect((await api("GET", `/users/${taro.id}/follows`)).json.items.map((p: Json) => p.id)).toEqual([
      hanako.id,
    ]);
    expect((await api("GET", `/users/${hanako.id}`, taro)).json).toMatchObject({
      counts: { followers: 2 },
      viewer: { follows: true },
    });
    const self = await api("PUT", `/users/${taro.id}/follow`, taro);
    expect(self.status).toBe(409);
    expect(self.json.error.message).toBe("自分をフォローすることはできません");
    expect((await api("PUT", `/users/${business.id}/follow`, taro)).status).toBe(404);
    const byBusiness = await api("PUT", `/users/${hanako.id}/follow`, business);
    expect(byBusiness.status).toBe(403);
    expect((await api("DELETE", `/users/${hanako.id}/follow`, jiro)).status).toBe(204);
    expect((await api("GET", `/users/${hanako.id}`)).json.counts.followers).toBe(1);
    const notes = await api("GET", "/me/notifications", hanako);
    expect(notes.json.items.filter((n: Json) => n.kind === "follow").map((n: Json) => n.payload)).toEqual([
      { user_id: jiro.id, by: "じろう" },
      { user_id: taro.id, by: "たろう" },
    ]);
  });

  it("likes and unlikes with the count, lists liked items, and refuses one's own listing", async () => {
    expect((await api("PUT", `/items/${itemId}/like`)).status).toBe(401);
    const liked = await api("PUT", `/items/${itemId}/like`, taro);
    expect(liked).toEqual({ status: 200, json: { like_count: 1, liked: true } });
    expect((await api("PUT", `/items/${itemId}/like`, taro)).json).toEqual({ like_count: 1, liked: true });
    expect((await api("PUT", `/items/${itemId}/like`, jiro)).json).toEqual({ like_count: 2, liked: true });
    expect((await api("DELETE", `/items/${itemId}/like`, jiro)).json).toEqual({
      like_count: 1,
      liked: false,
    });
    expect((await api("DELETE", `/items/${itemId}/like`, jiro)).json).toEqual({
      like_count: 1,
      liked: false,
    });
    const mine = await api("GET", "/me/liked-items", taro);
    expect(mine.status).toBe(200);
    expect(mine.json.items.map((i: Json) => i.id)).toEqual([itemId]);
    expect((await api("GET", "/me/liked-items", jiro)).json.items).toEqual([]);
    const own = await api("PUT", `/items/${itemId}/like`, hanako, undefined, "en");
    expect(own.status).toBe(409);
    expect(own.json.error.message).toBe("You cannot like your own listing");
    expect((await api("PUT", "/items/999999999/like", taro)).status).toBe(404);
    expect((await api("GET", "/me/liked-items")).status).toBe(401);
  });

  it("posts, lists and deletes comments; validates the body; closes them on a sold listing", async () => {
    expect((await api("POST", `/items/${itemId}/comments`, null, { body: "質問です" })).status).toBe(401);
    const empty = await api("POST", `/items/${itemId}/comments`, taro, { body: "" });
    expect(empty.status).toBe(422);
    expect(empty.json.error.fields).toHaveProperty("body");
    const posted = await api("POST", `/items/${itemId}/comments`, taro, { body: "バッテリーは何%ですか？" });
    expect(posted.status).toBe(201);
    expect(posted.json).toMatchObject({ body: "バッテリーは何%ですか？" });
    expect(posted.json).toHaveProperty("created_at");
    const answer = await api("POST", `/items/${itemId}/comments`, hanako, { body: "86%です" });
    const list = await api("GET", `/items/${itemId}/comments`);
    expect(list.status).toBe(200);
    expect(list.json.items.map((c: Json) => [c.author_nickname, c.body])).toEqual([
      ["たろう", "バッテリーは何%ですか？"],
      ["はなこ", "86%です"],
    ]);
    const forbidden = await api("DELETE", `/items/${itemId}/comments/${answer.json.id}`, jiro);
    expect(forbidden.status).toBe(403);
    expect((await api("DELETE", `/items/${itemId}/comments/${answer.json.id}`, hanako)).status).toBe(204);
    expect((await api("DELETE", `/items/${itemId}/comments/${posted.json.id}`, taro)).status).toBe(204);
    expect((await api("DELETE", `/items/${itemId}/comments/${posted.json.id}`, taro)).status).toBe(404);
    const notes = await api("GET", "/me/notifications", hanako);
    expect(notes.json.items.find((n: Json) => n.kind === "comment").payload).toMatchObject({
      item_id: itemId,
      comment_id: posted.json.id,
      by: "たろう",
    });
    const sold = await listItem(ctx, hanako, { title: "売れた商品" });
    await ctx.db.update(items).set({ state: "SOLD" }).where(eq(items.id, sold));
    const closed = await api("POST", `/items/${sold}/comments`, taro, { body: "まだありますか" });
    expect(closed.status).toBe(409);
    expect(closed.json.error.message).toBe("この商品にはコメントできません");
    const hidden = await listItem(ctx, hanako, { title: "非公開の商品" });
    await ctx.db.update(items).set({ state: "PRIVATE" }).where(eq(items.id, hidden));
    expect((await api("GET", `/items/${hidden}/comments`)).status).toBe(404);
    expect((await api("GET", `/items/${hidden}/comments`, hanako)).status).toBe(200);
  });

  it("blocks: the blocked member is refused comments, likes and follows with 403 and the blocked message", async () => {
    const owner = await person("ブロックする人");
    const blocked = await person("ブロックされる人");
    const ownersItem = await listItem(ctx, owner, { title: "ブロックテスト" });
    expect((await api("PUT", `/users/${owner.id}/follow`, blocked)).status).toBe(204);
    expect((await api("PUT", `/users/${blocked.id}/block`)).status).toBe(401);
    expect((await api("PUT", `/users/${blocked.id}/block`, owner)).status).toBe(204);
    expect((await api("GET", "/me/blocked-users", owner)).json.items).toEqual([
      { id: blocked.id, nickname: "ブロックされる人", avatar_url: null },
    ]);
    // The block dropped the follow.
    expect((await api("GET", `/users/${owner.id}`)).json.counts.followers).toBe(0);
    for (const [method, url, body] of [
      ["PUT", `/users/${owner.id}/follow`, undefined],
      ["PUT", `/items/${ownersItem}/like`, undefined],
      ["POST", `/items/${ownersItem}/comments`, { body: "こんにちは" }],
    ] as const) {
      const ja = await api(method, url, blocked, body);
      expect(ja.status, url).toBe(403);
      expect(ja.json.error.code).toBe("FORBIDDEN");
      expect(ja.json.error.message).toBe(
        "この会員の商品やプロフィールには、コメント・いいね！・購入・フォローができません",
      );
      const en = await api(method, url, blocked, body, "en");
      expect(en.json.error.message).toBe(
        "You cannot comment on, like, buy or follow this member's items or profile",
      );
    }
    expect((await api("GET", `/users/${owner.id}`, blocked)).json.viewer).toMatchObject({
      blocked_by_user: true,
    });
    expect((await api("GET", `/users/${blocked.id}`, owner)).json.viewer).toMatchObject({ blocked: true });
    const followBlocked = await api("PUT", `/users/${blocked.id}/follow`, owner);
    expect(followBlocked.status).toBe(409);
    expect((await api("PUT", `/users/${owner.id}/block`, business)).status).toBe(403);
    expect((await api("PUT", `/users/${owner.id}/block`, owner)).status).toBe(409);
    expect((await api("DELETE", `/users/${blocked.id}/block`, owner)).status).toBe(204);
    expect((await api("GET", "/me/blocked-users", owner)).json.items).toEqual([]);
    expect((await api("PUT", `/items/${ownersItem}/like`, blocked)).status).toBe(200);
  });

  it("lists notifications newest first with the unread count, pages them and marks them read", async () => {
    const star = await person("人気者");
    const fans = await Promise.all(["ファン1", "ファン2", "ファン3"].map((n) => person(n)));
    for (const fan of fans) await api("PUT", `/users/${star.id}/follow`, fan);
    expect((await api("GET", "/me/notifications")).status).toBe(401);
    const first = await api("GET", "/me/notifications?limit=2", star);
    expect(first.status).toBe(200);
    expect(first.json.unread_count).toBe(3);
    expect(first.json.items.map((n: Json) => n.payload.by)).toEqual(["ファン3", "ファン2"]);
    expect(first.json.items[0]).toMatchObject({ kind: "follow", read_at: null });
    const second = await api("GET", `/me/notifications?limit=2&cursor=${first.json.next_cursor}`, star);
    expect(second.json.items.map((n: Json) => n.payload.by)).toEqual(["ファン1"]);
    expect(second.json.next_cursor).toBeNull();
    expect((await api("POST", "/me/notifications/read", star)).status).toBe(204);
    const after = await api("GET", "/me/notifications", star);
    expect(after.json.unread_count).toBe(0);
    expect(after.json.items.every((n: Json) => typeof n.read_at === "string")).toBe(true);
    expect((await api("GET", "/me/notifications?cursor=abc", star)).status).toBe(400);
  });

  it("documents every social endpoint in the OpenAPI document", async () => {
    const doc = await (await fetch(`${server.url}/api/v1/openapi.json`)).json();
    for (const [p, method] of [
      ["/users/{id}", "get"],
      ["/users/{id}/items", "get"],
      ["/users/{id}/followers", "get"],
      ["/users/{id}/follows", "get"],
      ["/users/{id}/follow", "put"],
      ["/users/{id}/follow", "delete"],
      ["/users/{id}/block", "put"],
      ["/users/{id}/block", "delete"],
      ["/me/blocked-users", "get"],
      ["/me/liked-items", "get"],
      ["/items/{id}/like", "put"],
      ["/items/{id}/like", "delete"],
      ["/items/{id}/comments", "get"],
      ["/items/{id}/comments", "post"],
      ["/items/{id}/comments/{comment_id}", "delete"],
      ["/me/notifications", "get"],
      ["/me/notifications/read", "post"],
    ] as const) {
      expect(doc.paths[p]?.[method], `${method} ${p}`).toBeDefined();
    }
    const profile = doc.paths["/users/{id}"].get.responses["200"].content["application/json"].schema;
    expect(Object.keys(profile.properties)).toContain("member_since");
  });
});
