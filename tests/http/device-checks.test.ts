import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHECK_TESTS } from "#core/checks/tests.ts";
import { deviceChecks } from "#db/schema/index.ts";
import { listItem, makeMember } from "../helpers/catalog.ts";
import { startTestServer, type TestServer } from "../helpers/http-server.ts";
import { apiTokenFor, callApi } from "../helpers/web.ts";

let server: TestServer;

// biome-ignore lint/suspicious/noExplicitAny: response bodies are read loosely and asserted field by field
type Json = any;
const call = (method: string, path: string, o?: Parameters<typeof callApi>[3]) =>
  callApi(server, method, path, o);
const tokenFor = (userId: number) => apiTokenFor(server, userId);

/** A finished check as an Android phone's browser sends it, on the wire (snake_case). */
const check = () => ({
  tests: {
    ...Object.fromEntries(
      CHECK_TESTS.map((test) => [test.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), "pass"]),
    ),
    earpiece: "unsupported",
    microphone: "skipped",
  },
  display_defects: [],
  battery: { level: 0.5, charging: true },
  network: { online: true, type: "4g" },
  device: {
    platform: "Android",
    model: "Pixel 7",
    mobile: true,
    user_agent:
      "Mozilla/5.0 (Linux; Android 15; Pixel 7) AppleWebKit/537.36 Chrome/142.0.0.0 Mobile Safari/537.36",
    screen: { width: 412, height: 915, pixel_ratio: 2.625 },
  },
  claimed: { brand_code: "00005", model: "Pixel 7" },
  started_at: new Date(Date.now() - 120_000).toISOString(),
  device_keys: { started: "phone-key-123", finished: "phone-key-123" },
  other_device_confirmed: false,
});

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe("device self-check API", () => {
  it("the phone being sold sends its check through the QR link; the seller puts the report on the listing; anyone can then read and verify it", async () => {
    const seller = await makeMember(server.ctx);
    const token = await tokenFor(seller.id);
    const itemId = await listItem(server.ctx, seller);

    const link = await call("POST", "/api/v1/device-checks/links", { token });
    expect(link.status).toBe(201);
    // The phone is not signed in: the link says whose check it is.
    const saved = await call("POST", "/api/v1/device-checks", {
      body: { ...check(), link: link.json.token },
    });
    expect(saved.status).toBe(201);
    expect(saved.json).toMatchObject({
      item_id: null,
      standing: "genuine",
      counts: { pass: 11, fail: 0, skipped: 1, unsupported: 1 },
      mismatch: false,
      not_tested: ["biometrics", "sim_slot", "charging_port", "water_damage"],
    });
    expect(saved.json.tests.multi_touch).toBe("pass");
    expect(saved.json).not.toHaveProperty("member_id");
    const reportId = saved.json.id as string;

    // Before it is on a listing, only its member can read it.
    expect((await call("GET", `/api/v1/device-checks/${reportId}`)).status).toBe(404);
    expect((await call("GET", "/api/v1/device-checks", { token })).json.data.map((r: Json) => r.id)).toEqual([
      reportId,
    ]);

    const attached = await call("PUT", `/api/v1/items/${itemId}/device-check`, {
      token,
      body: { report_id: reportId },
    });
    expect(attached.status).toBe(200);
    expect(attached.json.item_id).toBe(itemId);
    const publicView = await call("GET", `/api/v1/device-checks/${reportId}`);
    expect(publicView.status).toBe(200);
    expect(publicView.json).toMatchObject({ id: reportId, item_id: itemId, standing: "genuine" });
  });

  it("refuses another member's listing with 403, a tampered report with a clear 422, and malformed input without a 500", async () => {
    const seller = await makeMember(server.ctx);
    const stranger = await makeMember(server.ctx);
    const [s, x] = await Promise.all([tokenFor(seller.id), tokenFor(stranger.id)]);
    const itemId = await listItem(server.ctx, seller);
    const theirs = (await call("POST", "/api/v1/device-checks", { token: x, body: check() })).json
      .id as string;

    const foreign = await call("PUT", `/api/v1/items/${itemId}/device-check`, {
      token: x,
      body: { report_id: theirs },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.json.error.code).toBe("FORBIDDEN");

    const mine = (await call("POST", "/api/v1/device-checks", { token: s, body: check() })).json.id as string;
    await server.ctx.db
      .update(deviceChecks)
      .set({ result: sql`jsonb_set(${deviceChecks.result}, '{tests,touch}', '"fail"')` })
      .where(eq(deviceChecks.publicId, mine));
    const tampered = await call("PUT", `/api/v1/items/${itemId}/device-check`, {
      token: s,
      body: { report_id: mine },
      lang: "en",
    });
    expect(tampered.status).toBe(422);
    expect(JSON.stringify(tampered.json)).toContain("has been altered");
    const onListing = await server.ctx.db.select().from(deviceChecks).where(eq(deviceChecks.itemId, itemId));
    expect(onListing).toEqual([]);

    for (const body of [{}, { ...check(), tests: "all" }, { ...check(), link: "1.2.3.4" }]) {
      const res = await call("POST", "/api/v1/device-checks", { token: s, body });
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(422);
    }
    expect((await call("POST", "/api/v1/device-checks", { body: check() })).status).toBe(401);
    expect((await call("GET", "/api/v1/device-checks/%00")).status).toBe(400);
    expect((await call("GET", "/api/v1/device-checks/abcdefghij")).status).toBe(404);
  });
});
