import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "#tests/helpers/http-server.ts";

let proxied: TestServer;
let direct: TestServer;

beforeAll(async () => {
  [proxied, direct] = await Promise.all([startTestServer({ env: { TRUST_PROXY: "1" } }), startTestServer()]);
}, 60_000);
afterAll(() => Promise.allSettled([proxied?.close(), direct?.close()]));

/** One IMEI check (30 per address in 10 minutes), as if sent through a proxy for `visitor`. */
const check = (server: TestServer, visitor: string) =>
  fetch(`${server.url}/api/v1/imei-checks`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": visitor },
    body: JSON.stringify({ imei: "356938035643809" }),
  }).then((r) => r.status);

describe("per-address limits behind a proxy", () => {
  it("count each visitor on their own when TRUST_PROXY names the proxy in front", async () => {
    for (let i = 0; i < 30; i++) expect(await check(proxied, "198.51.100.1")).toBe(200);
    expect(await check(proxied, "198.51.100.1")).toBe(429);
    // Another visitor behind the same proxy is not held back by the first one's checks.
    expect(await check(proxied, "198.51.100.2")).toBe(200);
    // Writing another address in front of the proxy's entry does not escape the count.
    expect(await check(proxied, "203.0.113.5, 198.51.100.1")).toBe(429);
  });

  it("ignore X-Forwarded-For without TRUST_PROXY: a visitor cannot choose their own address", async () => {
    for (let i = 0; i < 30; i++) expect(await check(direct, `198.51.100.${i + 10}`)).toBe(200);
    expect(await check(direct, "198.51.100.99")).toBe(429);
  });
});
