import { request } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "#core/identity/sessions.ts";
import { seedDeviceModels } from "#db/seed/device-models.ts";
import { listItem, makeMember } from "../helpers/catalog.ts";
import { startTestServer, type TestServer } from "../helpers/http-server.ts";

let server: TestServer;
let itemId: number;
let memberCookie: string;

type Raw = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** A request whose answer is read as sent, without the decompression `fetch` does by itself. */
function raw(path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

const decoded = (r: Raw) =>
  (r.headers["content-encoding"] === "br"
    ? brotliDecompressSync(r.body)
    : r.headers["content-encoding"] === "gzip"
      ? gunzipSync(r.body)
      : r.body
  ).toString("utf8");

beforeAll(async () => {
  server = await startTestServer({ pageCacheSeconds: 60 });
  await seedDeviceModels(server.database.db);
  const seller = await makeMember(server.ctx);
  itemId = await listItem(server.ctx, seller, { title: "圧縮確認用 iPhone 12 ジャンク" });
  const member = await makeMember(server.ctx);
  const session = await createSession(server.ctx, { userId: member.id, kind: "web", persistent: false });
  memberCookie = `tsugu=${session.token}`;
});
afterAll(async () => {
  await server?.close();
});

describe("compressed answers", () => {
  it("sends pages in brotli or gzip as the browser offers, the same page either way", async () => {
    const path = `/ja/items/${itemId}/`;
    const plain = await raw(path);
    const br = await raw(path, { "accept-encoding": "gzip, deflate, br" });
    const gz = await raw(path, { "accept-encoding": "gzip" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(br.headers["content-encoding"]).toBe("br");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    for (const r of [plain, br, gz]) {
      expect(r.status).toBe(200);
      expect(r.headers.vary).toMatch(/Accept-Encoding/);
      expect(decoded(r)).toContain("圧縮確認用 iPhone 12 ジャンク");
    }
    expect(br.body.byteLength).toBeLessThan(plain.body.byteLength / 3);
    // A page kept for visitors is compressed once and answered again the same way.
    const again = await raw(path, { "accept-encoding": "br" });
    expect(again.headers["content-encoding"]).toBe("br");
    expect(decoded(again)).toBe(decoded(br));
  });

  it("compresses API answers, and leaves small ones and refused encodings alone", async () => {
    const spec = await raw("/api/v1/openapi.json", { "accept-encoding": "gzip" });
    expect(spec.status).toBe(200);
    expect(spec.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(decoded(spec))).toHaveProperty("paths");
    const small = await raw("/api/v1/me", { "accept-encoding": "br" });
    expect(small.status).toBe(401);
    expect(small.headers["content-encoding"]).toBeUndefined();
    const refused = await raw(`/ja/items/${itemId}/`, { "accept-encoding": "br;q=0, gzip;q=0" });
    expect(refused.headers["content-encoding"]).toBeUndefined();
  });

  it("compresses hashed assets at the best quality once, cached for a year", async () => {
    const html = decoded(await raw(`/ja/items/${itemId}/`));
    // The page's largest script (a small one, such as a message file, is sent as it is).
    const script = html.match(/\/assets\/entry\.client-[\w-]+\.js/)?.[0];
    expect(script).toBeTruthy();
    const first = await raw(script!, { "accept-encoding": "br" });
    const second = await raw(script!, { "accept-encoding": "br" });
    expect(first.headers["content-encoding"]).toBe("br");
    expect(first.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(second.body.equals(first.body)).toBe(true);
    const head = await new Promise<number>((resolve, reject) => {
      const req = request(
        `${server.url}${script}`,
        { method: "HEAD", headers: { "accept-encoding": "br" } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on("error", reject);
      req.end();
    });
    expect(head).toBe(200);
  });
});

describe("who may keep a page", () => {
  it("lets a member's page stay in their browser alone, and asks every browser to check again", async () => {
    const member = await raw("/ja/mypage/", { cookie: memberCookie });
    expect(member.status).toBe(200);
    expect(member.headers["cache-control"]).toBe("private, no-cache");
    expect(member.headers.vary).toMatch(/Cookie/);
    const visitor = await raw("/ja/");
    expect(visitor.status).toBe(200);
    expect(visitor.headers["cache-control"]).toBe("no-cache");
    const home = await raw("/ja/", { cookie: memberCookie });
    expect(home.headers["cache-control"]).toBe("private, no-cache");
  });
});
