import { eq } from "drizzle-orm";
import { parse } from "node-html-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attachDeviceCheck } from "#core/checks/attach-device-check.ts";
import { saveDeviceCheck } from "#core/checks/save-device-check.ts";
import { createSession } from "#core/identity/sessions.ts";
import type { CoreContext } from "#core/shared/context.ts";
import { deviceModels } from "#db/schema/index.ts";
import { seedDeviceModels } from "#db/seed/device-models.ts";
import { listItem, makeMember } from "../helpers/catalog.ts";
import { finishedCheck } from "../helpers/checks.ts";
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

  it("filters listings with a self-check report in date (checked), refuses a checked it cannot read, and keeps it in a saved search", async () => {
    const seller = await person("チェック出品者");
    const checked = await listItem(ctx, seller, { title: "ピクセル7 確認用 動作チェック済み" });
    const plain = await listItem(ctx, seller, { title: "ピクセル7 確認用" });
    const report = await saveDeviceCheck(ctx, { actor: seller, input: finishedCheck(ctx.clock.now()) });
    await attachDeviceCheck(ctx, { actor: seller, itemId: checked, input: { reportId: report.id } });
    const keyword = encodeURIComponent("確認用");
    const ids = async (query: string) => {
      const found = await api("GET", `/items?keyword=${keyword}${query}`);
      expect(found.status, query).toBe(200);
      return found.json.items.map((i: Json) => i.id).sort();
    };

    expect(await ids("")).toEqual([checked, plain].sort());
    expect(await ids("&checked=1")).toEqual([checked]);
    expect(await ids("&checked=true")).toEqual([checked]);
    expect(await ids("&checked=0")).toEqual([checked, plain].sort());
    // The cards say which listings are self-checked.
    const cards = (await api("GET", `/items?keyword=${keyword}`)).json.items;
    expect(Object.fromEntries(cards.map((c: Json) => [c.id, c.checked]))).toEqual({
      [checked]: true,
      [plain]: false,
    });
    expect((await api("GET", `/items/count?keyword=${keyword}&checked=1`)).json).toEqual({
      count: 1,
      count_capped: false,
    });

    // A value it cannot read is refused, in the caller's language, never searched without the filter.
    for (const query of ["checked=yes", "checked=2", "checked[]=1"]) {
      for (const path of ["/items", "/items/count"]) {
        const refused = await api("GET", `${path}?${query}`);
        expect(refused.status, `${path}?${query}`).toBe(422);
        expect(refused.json.error.fields.checked).toContain("checked");
      }
    }
    expect((await api("GET", "/items?checked=maybe")).json.error.fields.checked).toBe(
      "checked には 1（動作チェック済みの商品だけ）か 0（すべての商品）を指定してください",
    );
    const en = await fetch(`${server.url}/api/v1/items?checked=maybe`, {
      headers: { "accept-language": "en" },
    });
    expect(((await en.json()) as Json).error.fields.checked).toBe(
      "checked must be 1 (self-checked listings only) or 0 (all listings)",
    );

    // Documented beside the other filters.
    const doc = (await (await fetch(`${server.url}/api/v1/openapi.json`)).json()) as Json;
    for (const path of ["/items", "/items/count"]) {
      const param = doc.paths[path].get.parameters.find((p: Json) => p.name === "checked");
      expect(param, path).toMatchObject({ in: "query", required: false, schema: { type: "string" } });
      expect(param.schema.description).toContain("動作チェック済み");
    }

    // A saved search keeps it, and lists it in words.
    const saved = await api("POST", "/me/saved-searches", member, { query: `keyword=確認用&checked=1` });
    expect(saved.status).toBe(201);
    expect(new URLSearchParams(saved.json.query).get("checked")).toBe("1");
    const page = await fetch(`${server.url}/ja/mypage/saved-searches/`, {
      headers: { cookie: member.cookie },
    });
    expect(await page.text()).toContain("「確認用」 ・ 動作チェック済み");
  });

  it("the search page toggles the self-checked filter in the URL, in both languages", async () => {
    const seller = await person("チェック出品者2");
    const checked = await listItem(ctx, seller, { title: "ギャラクシー 検証用 動作チェック済み" });
    const plain = await listItem(ctx, seller, { title: "ギャラクシー 検証用" });
    const report = await saveDeviceCheck(ctx, { actor: seller, input: finishedCheck(ctx.clock.now()) });
    await attachDeviceCheck(ctx, { actor: seller, itemId: checked, input: { reportId: report.id } });
    const keyword = encodeURIComponent("検証用");
    for (const [lang, chip, remove] of [
      ["ja", "動作チェック済み", "「動作チェック済み」の絞り込みを外す"],
      ["en", "Self-checked", "Remove the “Self-checked” filter"],
    ] as const) {
      const open = async (query: string) => {
        const res = await fetch(`${server.url}/${lang}/items/search/?keyword=${keyword}${query}`);
        expect(res.status).toBe(200);
        const html = parse(await res.text());
        const tiles = html.querySelectorAll('[data-testid="item-tile"]');
        return {
          html,
          ids: tiles.map((a) => Number(a.getAttribute("href")!.match(/\/items\/(\d+)\//)![1])).sort(),
          chips: tiles.filter((a) => a.querySelector('[data-testid="self-checked"]')).length,
          box: html.querySelector('input[name="checked"]'),
        };
      };
      const all = await open("");
      expect(all.ids, lang).toEqual([checked, plain].sort());
      // Only the self-checked listing's tile says so.
      expect(all.chips).toBe(1);
      expect(all.html.querySelector('[data-testid="self-checked"]')!.text).toContain(chip);
      expect(all.box!.hasAttribute("checked")).toBe(false);
      expect(all.box!.getAttribute("value")).toBe("1");
      expect(all.html.querySelector('[data-testid="active-self-checked"]')).toBeNull();

      const only = await open("&checked=1");
      expect(only.ids, lang).toEqual([checked]);
      expect(only.box!.hasAttribute("checked")).toBe(true);
      // The filter is shown above the results with a way to remove it.
      const active = only.html.querySelector('[data-testid="active-self-checked"]')!;
      expect(active.text).toContain(chip);
      const removeLink = active.querySelector("a")!;
      expect(removeLink.getAttribute("aria-label")).toBe(remove);
      expect(removeLink.getAttribute("href")).toBe(`/${lang}/items/search/?keyword=${keyword}`);
      expect(only.html.querySelector('[data-testid="filter-count"]')!.text).toBe("1");
    }
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
