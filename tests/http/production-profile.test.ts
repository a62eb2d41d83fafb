import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDeviceModels } from "#db/seed/device-models.ts";
import { type FakeEkyc, startFakeEkyc } from "#tests/helpers/fake-ekyc.ts";
import { type FakeTwilio, startFakeTwilio } from "#tests/helpers/fake-twilio.ts";
import { startTestServer, type TestServer } from "#tests/helpers/http-server.ts";
import { imeiFrom } from "#tests/helpers/imei.ts";
import { PRODUCTION_SETTINGS } from "#tests/helpers/production.ts";

let server: TestServer;
let ekyc: FakeEkyc;
let twilio: FakeTwilio;

beforeAll(async () => {
  [ekyc, twilio] = await Promise.all([startFakeEkyc(), startFakeTwilio()]);
  const { SMTP_URL: _, ...settings } = PRODUCTION_SETTINGS;
  server = await startTestServer({
    env: {
      ...settings,
      EKYC_API_BASE: ekyc.url,
      EKYC_API_KEY: ekyc.apiKey,
      EKYC_API_SECRET: ekyc.apiSecret,
      EKYC_WEBHOOK_SECRET: ekyc.webhookSecret,
      TWILIO_ACCOUNT_SID: twilio.accountSid,
      TWILIO_AUTH_TOKEN: twilio.authToken,
      TWILIO_API_BASE: twilio.url,
    },
  });
}, 60_000);
afterAll(() => Promise.allSettled([server?.close(), ekyc?.close(), twilio?.close()]));

describe("a production start", () => {
  it("answers no stand-in's page or endpoint, as a page or as JSON", async () => {
    for (const path of [
      "/sandbox/atm/",
      "/sandbox/polarify/plr_AAAAAAAAAAAAAAAAAAAAAAAA/",
      "/sandbox/vouchers/1/",
      "/sandbox/payments/challenge/ch_1/",
      "/sandbox/oidc/line/.well-known/openid-configuration",
      "/ja/dev/mailbox/",
      "/en/dev/mailbox/",
    ]) {
      const page = await fetch(`${server.url}${path}`, {
        headers: { accept: "text/html" },
        redirect: "manual",
      });
      expect(page.status, path).toBe(404);
      const api = await fetch(`${server.url}${path}`, { redirect: "manual" });
      expect(api.status, path).toBe(404);
    }
    const token = await fetch(`${server.url}/sandbox/payments/v1/tokens`, { method: "POST", body: "{}" });
    expect(token.status).toBe(404);
    expect(await token.json()).toMatchObject({ error: { code: "NOT_FOUND" } });
  });

  it("lists every service with its adapter, none of them a stand-in but the courier", async () => {
    const res = await fetch(`${server.url}/api/v1/health`);
    const body = (await res.json()) as {
      profile: string;
      services: { service: string; adapter: string; stand_in: boolean }[];
    };
    expect(body.profile).toBe("production");
    const by = Object.fromEntries(body.services.map((s) => [s.service, s]));
    expect(by.payments).toEqual({ service: "payments", adapter: "payjp", stand_in: false });
    expect(by.sms).toMatchObject({ adapter: "twilio", stand_in: false });
    expect(by.ekyc).toMatchObject({ adapter: "ekyc", stand_in: false });
    expect(by.mail).toMatchObject({ adapter: "smtp", stand_in: false });
    expect(by.bot_check).toMatchObject({ adapter: "turnstile", stand_in: false });
    expect(by.bank).toMatchObject({ adapter: "bank-manual", stand_in: false });
    for (const off of ["vouchers", "atm", "wallet", "sign_in", "carrier_status"]) {
      expect(by[off]?.adapter, off).toBe("off");
    }
    const standIns = body.services.filter((s) => s.stand_in).map((s) => s.service);
    expect(standIns).toEqual(["courier"]);
  });

  it("refuses forged provider callbacks with 401, changing nothing", async () => {
    const ekycForged = await fetch(`${server.url}/webhooks/ekyc`, {
      method: "POST",
      headers: { "content-type": "application/json", "idenfy-signature": "0".repeat(64) },
      body: JSON.stringify({ scanRef: "x", final: true, status: { overall: "APPROVED" } }),
    });
    expect(ekycForged.status).toBe(401);
    const smsForged = await fetch(`${server.url}/webhooks/twilio/status`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": "bm90IGl0" },
      body: new URLSearchParams({ MessageSid: `SM${"a".repeat(32)}`, MessageStatus: "delivered" }),
    });
    expect(smsForged.status).toBe(401);
    expect((await smsForged.json()) as unknown).toMatchObject({ error: { code: "UNAUTHORIZED" } });
  });

  it("refuses a replayed provider callback with 401: the same signed delivery counts once", async () => {
    const post = (path: string, signed: { headers: Record<string, string>; body: string }) =>
      fetch(`${server.url}${path}`, { method: "POST", headers: signed.headers, body: signed.body });
    const callback = ekyc.callback("00000000-0000-4000-8000-000000000000");
    expect((await post("/webhooks/ekyc", callback)).status).toBe(200);
    const replayed = await post("/webhooks/ekyc", callback);
    expect(replayed.status).toBe(401);
    expect((await replayed.json()) as unknown).toMatchObject({ error: { code: "UNAUTHORIZED" } });
    const status = twilio.statusCallback(`${PRODUCTION_SETTINGS.PUBLIC_URL}/webhooks/twilio/status`, {
      MessageSid: `SM${"b".repeat(32)}`,
      MessageStatus: "delivered",
    });
    expect((await post("/webhooks/twilio/status", status)).status).toBe(200);
    expect((await post("/webhooks/twilio/status", status)).status).toBe(401);
  });

  it("says the network restriction was not checked, with no carrier lookup configured", async () => {
    await seedDeviceModels(server.ctx.db);
    const res = await fetch(`${server.url}/api/v1/imei-checks`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ imei: imeiFrom("99000101123456") }),
    });
    expect(await res.json()).toMatchObject({
      known: true,
      model: { name: "iPhone 13" },
      network_restriction: null,
      restriction_checked: false,
    });
    const page = await fetch(`${server.url}/ja/imei-checker/?imei=${imeiFrom("99000101123456")}`);
    expect(await page.text()).toContain("確認していません");
  });

  it("takes a page form sent from its https address, TLS having ended before the server", async () => {
    // The form reaches this plain http server from the proxy in front; the browser says where it was.
    const signUpFrom = (origin: string) =>
      fetch(`${server.url}/ja/signup/email/`, {
        method: "POST",
        headers: { origin, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "start", email: "new@example.jp", password: "tsugu-prod-2026" }),
        redirect: "manual",
      });
    const sent = await signUpFrom(PRODUCTION_SETTINGS.PUBLIC_URL);
    // Answered by the form (the bot check asks for its token first), not refused as cross-site.
    expect(sent.status).toBe(400);
    expect(await sent.text()).toContain("メールアドレス");
    expect((await signUpFrom("https://evil.example")).status).toBe(403);
  });

  it("offers only the top-up and payout methods it has providers for", async () => {
    const { offeredMethods } = await import("#core/money/offered-methods.ts");
    expect(offeredMethods(server.ctx)).toEqual({ topUps: ["card"], payouts: ["bank"] });
  });
});
