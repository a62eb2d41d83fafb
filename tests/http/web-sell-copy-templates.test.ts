import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeItemState } from "#core/catalog/change-item-state.ts";
import { createSession } from "#core/identity/sessions.ts";
import { itemPhotos, items, listingTemplates } from "#db/schema/index.ts";
import { LISTING, listItem, makeMember } from "../helpers/catalog.ts";
import { startTestServer, type TestServer } from "../helpers/http-server.ts";
import { type SignedIn, signIn } from "../helpers/web.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function send(url: string, cookie: string, form?: Record<string, string | string[]>) {
  let body: FormData | undefined;
  if (form) {
    body = new FormData();
    for (const [name, value] of Object.entries(form)) {
      for (const v of Array.isArray(value) ? value : [value]) body.append(name, v);
    }
  }
  const res = await fetch(`${server.url}${url}`, {
    method: form ? "POST" : "GET",
    redirect: "manual",
    headers: { origin: server.url, cookie },
    body,
  });
  return { status: res.status, location: res.headers.get("location"), html: await res.text() };
}

async function api(method: string, path: string, userId?: number) {
  const token = userId
    ? (await createSession(server.ctx, { userId, kind: "api", persistent: true })).token
    : undefined;
  const res = await fetch(`${server.url}/api/v1${path}`, {
    method,
    headers: { "accept-language": "ja", ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return { status: res.status, type: res.headers.get("content-type"), json: await res.json() };
}

/** A listing of `seller`'s that is over: stopped by its seller. */
async function stoppedListing(seller: SignedIn): Promise<number> {
  const itemId = await listItem(server.ctx, seller);
  await changeItemState(server.ctx, { actor: seller, itemId, action: "stop_selling" });
  return itemId;
}

const newestOf = async (sellerId: number) =>
  (await server.database.db.select().from(items).where(eq(items.sellerId, sellerId))).sort(
    (a, b) => b.id - a.id,
  )[0]!;

describe("同じ内容で出品", () => {
  it("copies the seller's stopped listing into a draft and opens it in the edit form", async () => {
    const seller = await signIn(server, await makeMember(server.ctx));
    const itemId = await stoppedListing(seller);
    const page = await send(`/ja/items/${itemId}/`, seller.cookie);
    expect(page.html).toContain('data-testid="copy-listing"');
    const stopped = await send("/ja/mypage/listing-items/?tab=stopped", seller.cookie);
    expect(stopped.html).toContain("「iPhone 13 128GB ミッドナイト 画面割れ」と同じ内容で出品");

    const copied = await send(`/ja/items/${itemId}/`, seller.cookie, { intent: "copy" });
    expect(copied.status).toBe(302);
    const copy = await newestOf(seller.id);
    expect(copy.id).not.toBe(itemId);
    expect(copy.state).toBe("DRAFT");
    expect(copied.location).toBe(`/ja/items/${copy.id}/edit/`);
    const edit = await send(copied.location!, seller.cookie);
    expect(edit.status).toBe(200);
    expect(edit.html).toContain(`value="${LISTING.title}"`);
    expect(edit.html).toContain('value="18000"');
    const photos = await server.database.db.select().from(itemPhotos).where(eq(itemPhotos.itemId, copy.id));
    expect(photos).toHaveLength(1);
  });

  it("is offered to no one but the seller, and refused to others", async () => {
    const seller = await signIn(server, await makeMember(server.ctx));
    const other = await signIn(server, await makeMember(server.ctx));
    const itemId = await stoppedListing(seller);
    const before = (await server.database.db.select().from(items)).length;

    const seen = await send(`/ja/items/${itemId}/`, other.cookie);
    expect(seen.html).not.toContain('data-testid="copy-listing"');
    const refused = await send(`/ja/items/${itemId}/`, other.cookie, { intent: "copy" });
    expect(refused.status).toBe(403);
    const missing = await send("/ja/items/999999999999/", seller.cookie, { intent: "copy" });
    expect(missing.status).toBe(404);
    // A listing still on sale is not copied; the seller is told why.
    const onSale = await listItem(server.ctx, seller);
    const notOver = await send(`/ja/items/${onSale}/`, seller.cookie, { intent: "copy" });
    expect(notOver.status).toBe(409);
    expect(notOver.html).toContain("同じ内容で出品できるのは、売り切れた商品と出品を停止した商品です");
    expect(await server.database.db.select().from(items)).toHaveLength(before + 1);
  });

  it("has an API endpoint that answers JSON, 4xx for anyone but the seller", async () => {
    const seller = await makeMember(server.ctx);
    const other = await makeMember(server.ctx);
    const itemId = await stoppedListing({ ...seller, cookie: "", token: "" });

    const created = await api("POST", `/items/${itemId}/copy`, seller.id);
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ state: "DRAFT", title: LISTING.title, price: 18000, imei: null });
    expect(created.json.photos).toHaveLength(1);

    for (const [res, status] of [
      [await api("POST", `/items/${itemId}/copy`, other.id), 403],
      [await api("POST", `/items/${itemId}/copy`), 401],
      [await api("POST", "/items/999999999999/copy", seller.id), 404],
      [await api("POST", `/items/${created.json.id}/copy`, seller.id), 409],
    ] as const) {
      expect(res.status).toBe(status);
      expect(res.type).toContain("json");
    }
  });
});

describe("listing templates", () => {
  const form = (extra: Record<string, string>) => ({
    ...(Object.fromEntries(Object.entries(LISTING).filter(([k]) => k !== "defects")) as Record<
      string,
      string
    >),
    defects: LISTING.defects as string[],
    imei: "356938035643809",
    ...extra,
  });

  it("saves the sell form as a template, fills the form from it, and deletes it", async () => {
    const seller = await signIn(server, await makeMember(server.ctx));
    const empty = await send("/ja/sell/", seller.cookie);
    expect(empty.html).not.toContain('data-testid="listing-templates"');

    const saved = await send(
      "/ja/sell/",
      seller.cookie,
      form({ intent: "template", templateName: "画面割れ" }),
    );
    expect(saved.status).toBe(200);
    expect(saved.html).toContain("テンプレート「画面割れ」を保存しました");
    // Saving a template lists nothing.
    expect(await server.database.db.select().from(items).where(eq(items.sellerId, seller.id))).toEqual([]);
    const [template] = await server.database.db
      .select()
      .from(listingTemplates)
      .where(eq(listingTemplates.sellerId, seller.id));
    expect(template!.fields.imei).toBeUndefined();

    const sell = await send("/ja/sell/", seller.cookie);
    expect(sell.html).toContain("テンプレートから入力");
    expect(sell.html).toContain(`href="/ja/sell/?template=${template!.id}"`);
    const filled = await send(`/ja/sell/?template=${template!.id}`, seller.cookie);
    expect(filled.html).toContain("テンプレート「画面割れ」の内容を入力しました");
    expect(filled.html).toContain(`value="${LISTING.title}"`);
    expect(filled.html).toContain('value="18000"');
    expect(filled.html).not.toContain("356938035643809");

    // Another member's template fills nothing and cannot be deleted by them.
    const other = await signIn(server, await makeMember(server.ctx));
    const theirs = await send(`/ja/sell/?template=${template!.id}`, other.cookie);
    expect(theirs.status).toBe(200);
    expect(theirs.html).not.toContain(`value="${LISTING.title}"`);
    const refused = await send("/ja/sell/", other.cookie, {
      intent: "deleteTemplate",
      templateId: String(template!.id),
    });
    expect(refused.status).toBe(404);
    // Ids no row can have are no template: a clear 404 and nothing deleted, never a server error; the
    // sell form opens empty for them, and a NUL byte in the address is refused before the page.
    for (const templateId of ["1e400", "99999999999999999999", "-1", "1\u0000", ""]) {
      expect((await send("/ja/sell/", seller.cookie, { intent: "deleteTemplate", templateId })).status).toBe(
        404,
      );
      const opened = await send(`/ja/sell/?template=${encodeURIComponent(templateId)}`, seller.cookie);
      expect(opened.status).toBe(templateId.includes("\u0000") ? 400 : 200);
    }

    const deleted = await send("/ja/sell/", seller.cookie, {
      intent: "deleteTemplate",
      templateId: String(template!.id),
    });
    expect(deleted.status).toBe(302);
    expect(deleted.location).toBe("/ja/sell/");
    expect(
      await server.database.db
        .select()
        .from(listingTemplates)
        .where(and(eq(listingTemplates.sellerId, seller.id))),
    ).toEqual([]);
  });

  it("asks for a name, keeps what was typed, and says when 20 are kept", async () => {
    const seller = await signIn(server, await makeMember(server.ctx));
    const unnamed = await send("/ja/sell/", seller.cookie, form({ intent: "template", templateName: " " }));
    expect(unnamed.status).toBe(422);
    expect(unnamed.html).toContain("テンプレート名を入力してください");
    expect(unnamed.html).toContain(`value="${LISTING.title}"`);

    for (let i = 1; i <= 20; i++) {
      const ok = await send("/ja/sell/", seller.cookie, {
        intent: "template",
        title: "",
        templateName: `t${i}`,
      });
      expect(ok.status).toBe(200);
    }
    const full = await send(
      "/en/sell/",
      seller.cookie,
      form({ intent: "template", templateName: "one more" }),
    );
    expect(full.status).toBe(422);
    expect(full.html).toContain("You can keep up to 20 templates");
    expect(full.html).toContain('value="one more"');
  });
});
