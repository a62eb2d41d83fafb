import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { parse } from "node-html-parser";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "#core/identity/sessions.ts";
import type { CoreContext } from "#core/shared/context.ts";
import { itemPhotos, items, users } from "#db/schema/index.ts";
import { startTestServer, type TestServer } from "../helpers/http-server.ts";

// biome-ignore lint/suspicious/noExplicitAny: response bodies are read loosely and asserted field by field
type Json = Record<string, any>;

let server: TestServer;
let sellerToken: string;
let otherToken: string;
let sellerId: number;
let itemId: number;
let otherItemId: number;

const GPS_EXIF = {
  IFD0: { Make: "Tsugu", Model: "Test phone" },
  IFD3: {
    GPSLatitudeRef: "N",
    GPSLatitude: "35/1 39/1 29/1",
    GPSLongitudeRef: "E",
    GPSLongitude: "139/1 44/1 28/1",
  },
};

async function photoJpeg(): Promise<Uint8Array> {
  const buf = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#2a6fdb" } })
    .jpeg({ quality: 85 })
    .withExif(GPS_EXIF)
    .toBuffer();
  return new Uint8Array(buf);
}

function upload(name: string, bytes: Uint8Array, filename: string, type: string): FormData {
  const form = new FormData();
  form.append(name, new Blob([bytes as Uint8Array<ArrayBuffer>], { type }), filename);
  return form;
}

async function api(
  method: string,
  urlPath: string,
  o: { token?: string; body?: BodyInit; json?: unknown; headers?: Record<string, string> } = {},
) {
  const res = await fetch(`${server.url}/api/v1${urlPath}`, {
    method,
    headers: {
      ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
      ...(o.json !== undefined ? { "content-type": "application/json" } : {}),
      ...o.headers,
    },
    body: o.json !== undefined ? JSON.stringify(o.json) : o.body,
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, json: (text ? JSON.parse(text) : null) as Json };
}

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  const ctx = {
    db,
    clock: { now: () => new Date() },
    secret: "test-session-secret-0123456789abcdef0123456789",
  } as unknown as CoreContext;
  const [seller] = await db
    .insert(users)
    .values({ email: "seller@example.jp", nickname: "うりて" })
    .returning();
  const [other] = await db
    .insert(users)
    .values({ email: "other@example.jp", nickname: "ほかのひと" })
    .returning();
  sellerId = seller!.id;
  sellerToken = (await createSession(ctx, { userId: seller!.id, kind: "web", persistent: true })).token;
  otherToken = (await createSession(ctx, { userId: other!.id, kind: "api", persistent: true })).token;
  const [item] = await db
    .insert(items)
    .values({ sellerId: seller!.id, title: "iPhone 13 画面割れ" })
    .returning();
  const [otherItem] = await db.insert(items).values({ sellerId: other!.id, title: "Pixel 6" }).returning();
  itemId = item!.id;
  otherItemId = otherItem!.id;
});
afterAll(async () => {
  await server?.close();
});

describe("item photo uploads through the API", () => {
  it("takes a real JPEG and serves it as WebP without its GPS, cached for a year", async () => {
    const r = await api("POST", `/items/${itemId}/photos`, {
      token: sellerToken,
      body: upload("photo", await photoJpeg(), "IMG_0001.JPG", "image/jpeg"),
    });
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({ position: 0, width: 1600, height: 1200 });
    expect(r.json.urls.thumb).toMatch(new RegExp(`^/media/items/${itemId}/[0-9a-f]{32}-thumb\\.webp$`));
    expect(r.json.urls.large).toMatch(/-large\.webp$/);

    const thumb = await fetch(`${server.url}${r.json.urls.thumb}`);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get("content-type")).toBe("image/webp");
    expect(thumb.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(thumb.headers.get("x-content-type-options")).toBe("nosniff");
    const meta = await sharp(new Uint8Array(await thumb.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(["webp", 400, 300, undefined]);
  });

  it("refuses an HTML page renamed to .jpg with a 415 JSON error", async () => {
    const html = new TextEncoder().encode("<!DOCTYPE html><script>alert(document.cookie)</script>");
    const ja = await api("POST", `/items/${itemId}/photos`, {
      token: sellerToken,
      body: upload("photo", html, "photo.jpg", "image/jpeg"),
    });
    expect(ja.status).toBe(415);
    expect(ja.json.error).toMatchObject({
      code: "UNSUPPORTED_MEDIA_TYPE",
      message: "JPEG・PNG・WebP・HEIC形式の画像を選んでください",
    });
    const en = await api("POST", `/items/${itemId}/photos`, {
      token: sellerToken,
      body: upload("photo", html, "photo.jpg", "image/jpeg"),
      headers: { "accept-language": "en" },
    });
    expect(en.json.error.message).toBe("Choose a JPEG, PNG, WebP or HEIC image");
    expect(en.json.error.fields).toEqual({ photo: "Choose a JPEG, PNG, WebP or HEIC image" });
  });

  it("answers a 50 MB body with a 413 JSON error, declared or streamed", async () => {
    const big = new Uint8Array(50 * 1024 * 1024);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    const declared = await api("POST", `/items/${itemId}/photos`, {
      token: sellerToken,
      body: upload("photo", big, "huge.jpg", "image/jpeg"),
    });
    expect(declared.status).toBe(413);
    expect(declared.json.error.code).toBe("PAYLOAD_TOO_LARGE");
    expect(declared.json.error.message).toBe("送信できるデータは10MBまでです");

    // Without a Content-Length the body is counted as it arrives.
    const boundary = "tsugu-test-boundary";
    const head = new TextEncoder().encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="huge.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    );
    const chunk = new Uint8Array(1024 * 1024);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(head);
        if (sent >= 50) return controller.close();
        sent++;
        controller.enqueue(chunk);
      },
    });
    const res = await fetch(`${server.url}/api/v1/items/${itemId}/photos`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${sellerToken}`,
        "content-type": `multipart/form-data; boundary=${boundary}`,
      },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe("PAYLOAD_TOO_LARGE");
    expect(sent).toBeLessThan(50);
  });

  it("answers other wrong uploads with JSON errors, never a 500", async () => {
    const jpeg = await photoJpeg();
    const json = await api("POST", `/items/${itemId}/photos`, { token: sellerToken, json: { photo: "x" } });
    expect([json.status, json.json.error.code]).toEqual([415, "UNSUPPORTED_MEDIA_TYPE"]);
    const wrongPart = await api("POST", `/items/${itemId}/photos`, {
      token: sellerToken,
      body: upload("image", jpeg, "a.jpg", "image/jpeg"),
    });
    expect([wrongPart.status, wrongPart.json.error.fields]).toEqual([
      422,
      { photo: "ファイルを選んでください" },
    ]);
    const broken = await api("POST", `/items/${itemId}/photos`, {
      token: sellerToken,
      body: "--x\r\nnot a form",
      headers: { "content-type": "multipart/form-data; boundary=x" },
    });
    expect([broken.status, broken.json.error.code]).toEqual([400, "BAD_REQUEST"]);
    const anonymous = await api("POST", `/items/${itemId}/photos`, {
      body: upload("photo", jpeg, "a.jpg", "image/jpeg"),
    });
    expect(anonymous.status).toBe(401);
    const unknown = await api("POST", "/items/42/photos", {
      token: sellerToken,
      body: upload("photo", jpeg, "a.jpg", "image/jpeg"),
    });
    expect([unknown.status, unknown.json.error.code]).toEqual([404, "NOT_FOUND"]);
  });

  it("refuses changes to someone else's listing with a 403", async () => {
    const jpeg = await photoJpeg();
    const add = await api("POST", `/items/${itemId}/photos`, {
      token: otherToken,
      body: upload("photo", jpeg, "a.jpg", "image/jpeg"),
    });
    expect([add.status, add.json.error.code]).toEqual([403, "FORBIDDEN"]);
    const [photo] = await server.database.db.select().from(itemPhotos).where(eq(itemPhotos.itemId, itemId));
    const remove = await api("DELETE", `/items/${itemId}/photos/${photo!.id}`, { token: otherToken });
    expect(remove.status).toBe(403);
    const order = await api("PUT", `/items/${itemId}/photos/order`, {
      token: otherToken,
      json: { photo_ids: [photo!.id] },
    });
    expect(order.status).toBe(403);
    const mine = await api("POST", `/items/${otherItemId}/photos`, {
      token: sellerToken,
      body: upload("photo", jpeg, "a.jpg", "image/jpeg"),
    });
    expect(mine.status).toBe(403);
  });

  it("reorders and removes photos; the listing keeps its last one", async () => {
    const second = await api("POST", `/items/${itemId}/photos`, {
      token: sellerToken,
      body: upload("photo", await photoJpeg(), "b.jpg", "image/jpeg"),
    });
    const rows = await server.database.db.select().from(itemPhotos).where(eq(itemPhotos.itemId, itemId));
    const ids = rows.sort((a, b) => a.position - b.position).map((r) => r.id);
    expect(ids).toHaveLength(2);
    const order = await api("PUT", `/items/${itemId}/photos/order`, {
      token: sellerToken,
      json: { photo_ids: [...ids].reverse() },
    });
    expect(order.status).toBe(200);
    expect(order.json.photos.map((p: Json) => [p.id, p.position])).toEqual([
      [ids[1], 0],
      [ids[0], 1],
    ]);
    const wrong = await api("PUT", `/items/${itemId}/photos/order`, {
      token: sellerToken,
      json: { photo_ids: [ids[0]] },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.json.error.fields.photo_ids).toBe("この商品の画像をすべて、1回ずつ並べてください");

    const gone = await api("DELETE", `/items/${itemId}/photos/${second.json.id}`, { token: sellerToken });
    expect(gone.status).toBe(204);
    expect((await fetch(`${server.url}${second.json.urls.thumb}`)).status).toBe(404);
    const last = await api("DELETE", `/items/${itemId}/photos/${ids[0]}`, { token: sellerToken });
    expect(last.status).toBe(422);
  });

  it("never serves files under private/, even when they exist", async () => {
    const dir = path.join(server.dataDir, "blobs/private/ekyc");
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, "0123abcd-large.webp"), new Uint8Array([1, 2, 3]));
    for (const p of ["private/ekyc/0123abcd-large.webp", "private%2Fekyc%2F0123abcd-large.webp"]) {
      expect((await fetch(`${server.url}/media/${p}`)).status).toBe(404);
    }
  });

  it("documents the multipart bodies in the OpenAPI document", async () => {
    const doc = (await api("GET", "/openapi.json")).json;
    const add = doc.paths["/items/{id}/photos"].post;
    const body = add.requestBody.content["multipart/form-data"];
    expect(body.schema.properties.photo).toMatchObject({ type: "string", format: "binary" });
    expect(body.schema.required).toEqual(["photo"]);
    expect(body.encoding.photo.contentType).toContain("image/heic");
    expect(Object.keys(add.responses)).toEqual(
      expect.arrayContaining(["201", "401", "403", "404", "413", "415", "422"]),
    );
    expect(doc.paths["/me/avatar"].put.requestBody.content["multipart/form-data"].schema.required).toEqual([
      "avatar",
    ]);
    expect(
      doc.paths["/items/{id}/photos/order"].put.requestBody.content["application/json"].schema.properties,
    ).toHaveProperty("photo_ids");
    expect(doc.paths["/items/{id}/photos/{photo_id}"].delete.parameters.map((p: Json) => p.name)).toEqual([
      "id",
      "photo_id",
    ]);
    expect(
      doc.paths["/me/profile"].patch.requestBody.content["application/json"].schema.properties,
    ).toHaveProperty("introduction");
  });

  it("refuses a JSON body over 1 MB with a 413 JSON error", async () => {
    const r = await api("PATCH", "/me/profile", {
      token: sellerToken,
      json: { introduction: "あ".repeat(400_000) },
    });
    expect([r.status, r.json.error.code]).toEqual([413, "PAYLOAD_TOO_LARGE"]);
  });
});

describe("profile through the API", () => {
  it("reads and changes the profile, sets and removes the avatar", async () => {
    const me = await api("GET", "/me/profile", { token: otherToken });
    expect(me.json).toEqual({
      id: expect.any(Number),
      nickname: "ほかのひと",
      introduction: "",
      avatar_urls: null,
    });
    const changed = await api("PATCH", "/me/profile", {
      token: otherToken,
      json: { introduction: "ジャンク品を\n集めています" },
    });
    expect(changed.status).toBe(200);
    expect(changed.json).toMatchObject({
      nickname: "ほかのひと",
      introduction: "ジャンク品を\n集めています",
    });
    const bad = await api("PATCH", "/me/profile", {
      token: otherToken,
      json: { nickname: "" },
      headers: { "accept-language": "en" },
    });
    expect([bad.status, bad.json.error.fields]).toEqual([422, { nickname: "Nickname is required" }]);

    const png = await sharp({ create: { width: 600, height: 600, channels: 4, background: "#ff8800" } })
      .png()
      .toBuffer();
    const set = await api("PUT", "/me/avatar", {
      token: otherToken,
      body: upload("avatar", new Uint8Array(png), "me.png", "image/png"),
    });
    expect(set.status).toBe(200);
    expect(set.json.avatar_urls.small).toMatch(/^\/media\/avatars\/[0-9a-f]{32}-small\.webp$/);
    const small = await fetch(`${server.url}${set.json.avatar_urls.small}`);
    expect(small.headers.get("content-type")).toBe("image/webp");
    expect((await sharp(new Uint8Array(await small.arrayBuffer())).metadata()).width).toBe(160);

    const svg = await api("PUT", "/me/avatar", {
      token: otherToken,
      body: upload("avatar", new TextEncoder().encode("<svg onload=alert(1)>"), "me.png", "image/png"),
    });
    expect([svg.status, svg.json.error.fields?.avatar]).toEqual([
      415,
      "JPEG・PNG・WebP・HEIC形式の画像を選んでください",
    ]);

    expect((await api("DELETE", "/me/avatar", { token: otherToken })).status).toBe(204);
    expect((await fetch(`${server.url}${set.json.avatar_urls.small}`)).status).toBe(404);
    expect((await api("GET", "/me/profile", { token: otherToken })).json.avatar_urls).toBeNull();
  });
});

describe("profile settings page", () => {
  const page = "/ja/settings/profile/";
  const cookie = () => ({ cookie: `tsugu=${sellerToken}` });
  function post(form: FormData, lang = "ja") {
    return fetch(`${server.url}/${lang}/settings/profile/`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: server.url, ...cookie() },
      body: form,
    });
  }

  it("shows a labelled multipart form with the current profile", async () => {
    const res = await fetch(`${server.url}${page}`, { headers: cookie() });
    expect(res.status).toBe(200);
    const doc = parse(await res.text());
    const form = doc.querySelector("form[enctype='multipart/form-data']");
    expect(form).not.toBeNull();
    for (const name of ["avatar", "nickname", "introduction"]) {
      const field = form!.querySelector(`[name="${name}"]`);
      expect(field, name).not.toBeNull();
      const label = doc.querySelector(`label[for="${field!.getAttribute("id")}"]`);
      expect(label?.text.trim(), name).toBeTruthy();
    }
    expect(form!.querySelector('[name="nickname"]')?.getAttribute("value")).toBe("うりて");
    expect(form!.querySelector('[name="avatar"]')?.getAttribute("accept")).toContain("image/heic");
  });

  it("saves the profile and an iPhone's HEIC avatar, then says so", async () => {
    const heic = new Uint8Array(
      readFileSync(path.resolve("core/storage/fixtures/gps-red-blue-320x240.heic")),
    );
    const form = upload("avatar", heic, "IMG_0002.HEIC", "image/heic");
    form.append("nickname", "うりて2");
    form.append("introduction", "一行目\r\n二行目");
    const res = await post(form);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(page);
    expect(res.headers.getSetCookie().some((c) => c.startsWith("tsugu_flash=profile.saved"))).toBe(true);
    const [row] = await server.database.db.select().from(users).where(eq(users.id, sellerId));
    expect(row).toMatchObject({ nickname: "うりて2", introduction: "一行目\n二行目" });
    expect(row!.avatarKey).toMatch(/^avatars\//);
    const html = parse(await (await fetch(`${server.url}${page}`, { headers: cookie() })).text());
    expect(html.querySelector('[data-testid="avatar-preview"]')?.getAttribute("src")).toBe(
      `/media/${row!.avatarKey}-large.webp`,
    );
    expect(html.querySelector("textarea")?.text).toContain("一行目\n二行目");
    const large = await fetch(`${server.url}/media/${row!.avatarKey}-large.webp`);
    const meta = await sharp(new Uint8Array(await large.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(["webp", 320, 240, undefined]);
  });

  it("keeps what was typed and ties each message to its field", async () => {
    const form = upload("avatar", new TextEncoder().encode("<html>"), "me.jpg", "image/jpeg");
    form.append("nickname", "");
    form.append("introduction", "残しておく文章");
    const res = await post(form);
    expect(res.status).toBe(422);
    const doc = parse(await res.text());
    const nickname = doc.querySelector('input[name="nickname"]')!;
    expect(nickname.getAttribute("aria-invalid")).toBe("true");
    const errorId = nickname
      .getAttribute("aria-describedby")!
      .split(" ")
      .find((id) => id.endsWith("-error"));
    expect(doc.getElementById(errorId!)?.text).toBe("ニックネームを入力してください");
    expect(doc.querySelector("textarea")?.text).toBe("残しておく文章");

    const image = upload("avatar", new TextEncoder().encode("<html>"), "me.jpg", "image/jpeg");
    image.append("nickname", "うりて3");
    image.append("introduction", "");
    const refused = await post(image, "en");
    expect(refused.status).toBe(415);
    const enDoc = parse(await refused.text());
    const avatar = enDoc.querySelector('input[name="avatar"]')!;
    expect(avatar.getAttribute("aria-invalid")).toBe("true");
    expect(enDoc.querySelector('[data-testid="error-avatar"]')?.text).toBe(
      "Choose a JPEG, PNG, WebP or HEIC image",
    );
  });

  it("refuses an upload over 10 MB before reading it", async () => {
    const form = upload("avatar", new Uint8Array(12 * 1024 * 1024), "big.jpg", "image/jpeg");
    form.append("nickname", "うりて4");
    const res = await post(form);
    expect(res.status).toBe(413);
    const doc = parse(await res.text());
    expect(doc.querySelector('[data-testid="error-avatar"]')?.text).toBe(
      "画像のファイルサイズは10MBまでです",
    );
    const [row] = await server.database.db.select().from(users).where(eq(users.id, sellerId));
    expect(row!.nickname).not.toBe("うりて4");
  });
});
