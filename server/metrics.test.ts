import { describe, expect, it } from "vitest";
import { metricsAllowed } from "./metrics.ts";

const TOKEN = "0123456789abcdef0123456789abcdef";
const ask = (token: string | undefined, ip: string | undefined, headers: Record<string, string> = {}) =>
  metricsAllowed(token, ip, (name) => headers[name]);

describe("who may read /metrics", () => {
  it("without a token: this machine only, and not through a proxy", () => {
    expect(ask(undefined, "127.0.0.1")).toBe(true);
    expect(ask(undefined, "::1")).toBe(true);
    expect(ask(undefined, "::ffff:127.0.0.1")).toBe(true);
    expect(ask(undefined, "203.0.113.7")).toBe(false);
    expect(ask(undefined, "::ffff:192.0.2.1")).toBe(false);
    expect(ask(undefined, undefined)).toBe(false);
    // A proxy on this machine makes every visitor look local.
    expect(ask(undefined, "127.0.0.1", { "x-forwarded-for": "203.0.113.7" })).toBe(false);
    expect(ask(undefined, "127.0.0.1", { forwarded: "for=203.0.113.7" })).toBe(false);
  });

  it("with a token: whoever sends it, from anywhere, and nobody else, not even this machine", () => {
    const bearer = (value: string) => ({ authorization: value });
    expect(ask(TOKEN, "203.0.113.7", bearer(`Bearer ${TOKEN}`))).toBe(true);
    expect(ask(TOKEN, "127.0.0.1", { ...bearer(`Bearer ${TOKEN}`), "x-forwarded-for": "203.0.113.7" })).toBe(
      true,
    );
    expect(ask(TOKEN, "127.0.0.1")).toBe(false);
    expect(ask(TOKEN, "127.0.0.1", bearer(`Bearer ${TOKEN.slice(1)}x`))).toBe(false);
    expect(ask(TOKEN, "127.0.0.1", bearer(`Bearer ${TOKEN}x`))).toBe(false);
    expect(ask(TOKEN, "127.0.0.1", bearer(TOKEN))).toBe(false);
  });
});
