import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { compressBody, isCompressible, markEncoding, negotiateEncoding } from "./compression.ts";

describe("negotiateEncoding", () => {
  it.each([
    [undefined, null],
    ["", null],
    ["gzip, deflate, br, zstd", "br"],
    ["gzip, deflate", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["gzip;q=0, br;q=0", null],
    ["identity", null],
    ["*", "br"],
    ["*;q=0.5, br;q=0", "gzip"],
    ["GZIP", "gzip"],
    ["gzip;q=abc", null],
  ])("%j answers %j", (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});

describe("isCompressible", () => {
  it.each([
    ["text/html; charset=utf-8", true],
    ["application/json", true],
    ["text/javascript", true],
    ["application/javascript", true],
    ["text/css", true],
    ["image/svg+xml", true],
    ["application/xml; charset=utf-8", true],
    ["text/event-stream", false],
    ["image/webp", false],
    ["application/octet-stream", false],
    [null, false],
  ])("%j: %j", (type, expected) => {
    expect(isCompressible(type)).toBe(expected);
  });
});

describe("compressBody", () => {
  const page = new TextEncoder().encode("<li>iPhone 12 128GB ジャンク 画面割れ</li>".repeat(400));

  it("compresses with brotli and gzip, both ways back to the same bytes", async () => {
    const br = await compressBody(page, "br");
    const best = await compressBody(page, "br", true);
    const gz = await compressBody(page, "gzip");
    expect(brotliDecompressSync(br)).toEqual(Buffer.from(page));
    expect(brotliDecompressSync(best)).toEqual(Buffer.from(page));
    expect(gunzipSync(gz)).toEqual(Buffer.from(page));
    expect(br.byteLength).toBeLessThan(page.byteLength / 10);
  });
});

describe("markEncoding", () => {
  it("adds Accept-Encoding to Vary once and drops a stale length", () => {
    const headers = new Headers({ Vary: "Cookie", "Content-Length": "1234" });
    markEncoding(headers, "br");
    markEncoding(headers, "br");
    expect(headers.get("Vary")).toBe("Cookie, Accept-Encoding");
    expect(headers.get("Content-Encoding")).toBe("br");
    expect(headers.has("Content-Length")).toBe(false);
    const plain = new Headers();
    markEncoding(plain, null);
    expect(plain.get("Vary")).toBe("Accept-Encoding");
    expect(plain.has("Content-Encoding")).toBe(false);
  });
});
