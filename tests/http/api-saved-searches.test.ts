import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "#core/identity/sessions.ts";
import type { CoreContext } from "#core/shared/context.ts";
import { deviceModels } from "#db/schema/index.ts";
import { seedDeviceModels } from "#db/seed/device-models.ts";
import { listItem, makeMember } from "../helpers/catalog.ts";
import { startTestServer, type TestServer } from "../helpers/http-server.ts";

let server: TestServer;
let ctx: CoreContext;

// biome-ignore lint/suspicious/noExplicitAny: response bodies are read loosely and asserted field by field
type Json = any;

async function person(nickname: string) {
  const user = await makeMember(ctx, { nickname });
  const { token } = await createSession(ctx, { userId: user.id, kind: "api", persistent: true });
  const web = await createSession(ctx, { userId: user.id, kind: "web", persistent: true });
  return { ...user, token, cookie: `tsugu=${web.token}` };
}
type Person = Awaited<ReturnType<typeof person>>;

async function api(method: string, url: string, who: Person | null = null, body?: unknown) {
  const res = await fetch(`${server.url}/api/v1${url}`, {
    method,
    headers: {
      "accept-language": "ja",
      ...(who ? { authorization: `Bearer ${who.token}` } : {}),
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : null) as Json };
}

let member: Person;
let stranger: Person;
let iphone13: number;

beforeAll(async () => {
  server = await startTestServer();
  await seedDeviceModels(server.database.db);
  ctx = server.ctx;
  member = await person("はなこ");
  stranger = await person("たろう");
  const [model] = await ctx.db.select().from(deviceModels).where(eq(deviceModels.name, "iPhone 13"));
  iphone13 = model!.id;
});
afterAll(async () => {
  await server?.close();
});

describe("search and saved searches API", () => {
  it("filters by model and postage, and keeps both in a saved search with its alert and new listings", async () => {
    const seller = await person("出品者");
    const arrival = await listItem(ctx, seller, {
      title: "アイフォン13 着払い ジャンク",
      modelId: String(iphone13),
      postage: "ARRIVAL",
    });
    await listItem(ctx, seller, { title: "アイフォン13 送料込み ジャンク", modelId: String(iphone13) });
    const found = await api("GET", `/items?model=${iphone13}&postage=ARRIVAL`);
    expect(found.status).toBe(200);
    expect(found.json.items.map((i: Json) => i.id)).toEqual([arrival]);
    const count = await api("GET", `/items/count?keyword=${encodeURIComponent("ｱｲﾌｫﾝ１３")}&postage=ARRIVAL`);
    expect(count.json).toEqual({ count: 1, count_capped: false });

    const saved = await api("POST", "/me/saved-searches", member, {
      query: `model=${iphone13}&postage=ARRIVAL`,
    });
    expect(saved.status).toBe(201);
    expect(saved.json).toMatchObject({ alert: "app", query: `model=${iphone13}&postage=ARRIVAL` });
    const list = await api("GET", "/me/saved-searches", member);
    expect(list.json.saved_searches).toEqual([
      expect.objectContaining({
        id: saved.json.id,
        alert: "app",
        seen_at: null,
        new_count: 0,
        new_capped: false,
      }),
    ]);

    expect(
      (await api("PATCH", `/me/saved-searches/${saved.json.id}`, member, { alert: "mail" })).status,
    ).toBe(204);
    expect((await api("GET", "/me/saved-searches", member)).json.saved_searches[0].alert).toBe("mail");
    const wrong = await api("PATCH", `/me/saved-searches/${saved.json.id}`, member, { alert: "loud" });
    expect(wrong.status).toBe(422);
    expect(wrong.json.error.message).toBe("お知らせの方法は「アプリ内」「メール」「オフ」から選んでください");
    expect(
      (await api("PATCH", `/me/saved-searches/${saved.json.id}`, stranger, { alert: "off" })).status,
    ).toBe(404);
  });

  it("on the saved-searches page, a refused alert is said beside its select in the page's language, and changes nothing", async () => {
    const saved = await api("POST", "/me/saved-searches", member, { query: "keyword=ザウルス" });
    const post = (form: Record<string, string>) =>
      fetch(`${server.url}/ja/mypage/saved-searches/`, {
        method: "POST",
        redirect: "manual",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: server.url,
          cookie: member.cookie,
        },
        body: new URLSearchParams(form),
      });
    const refused = await post({ id: String(saved.json.id), alert: "loud" });
    expect(refused.status).toBe(422);
    const html = await refused.text();
    expect(html).toContain(`id="alert-error-${saved.json.id}"`);
    expect(html).toContain("お知らせの方法は「アプリ内」「メール」「オフ」から選んでください");
    const rows = (await api("GET", "/me/saved-searches", member)).json.saved_searches;
    expect(rows.find((r: Json) => r.id === saved.json.id).alert).toBe("app");
    // A good one changes it and goes back to the page.
    const changed = await post({ id: String(saved.json.id), alert: "off" });
    expect(changed.status).toBe(302);
    expect(changed.headers.get("location")).toBe("/ja/mypage/saved-searches/");
    const after = (await api("GET", "/me/saved-searches", member)).json.saved_searches;
    expect(after.find((r: Json) => r.id === saved.json.id).alert).toBe("off");
    // The page shows it in words.
    const page = await fetch(`${server.url}/ja/mypage/saved-searches/`, {
      headers: { cookie: member.cookie },
    });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("「ザウルス」");
  });
});
