import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PRODUCTION_SETTINGS } from "#tests/helpers/production.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { isSandboxPath } from "./profile.ts";

const base = () => ({ DATA_DIR: mkdtempSync(path.join(tmpdir(), "tsugu-profile-")) });

describe("the two profiles", () => {
  it("is the demo unless told otherwise: stand-ins, no setting needed", () => {
    const config = loadConfig(base());
    expect(config.profile).toBe("demo");
    expect(config.twilio).toBeUndefined();
    expect(config.ekyc).toBeUndefined();
    expect(config.komoju).toBeUndefined();
  });

  it("refuses a production start with nothing configured, naming every missing setting in one message", () => {
    let message = "";
    try {
      loadConfig({ ...base(), APP_ENV: "production" });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    for (const name of [
      "SESSION_SECRET",
      "PUBLIC_URL",
      "PAYJP_SECRET_KEY",
      "PAYJP_PUBLIC_KEY",
      "PAYJP_WEBHOOK_TOKEN",
      "PAYJP_TDS_BACK",
      "SMTP_URL",
      "TURNSTILE_SITE_KEY",
      "RECAPTCHA_PROJECT_ID",
      "TWILIO_ACCOUNT_SID",
      "TWILIO_AUTH_TOKEN",
      "TWILIO_FROM",
      "EKYC_API_BASE",
      "EKYC_API_KEY",
      "EKYC_API_SECRET",
      "EKYC_WEBHOOK_SECRET",
    ]) {
      expect(message).toContain(name);
    }
  });

  it("names only what is missing, and refuses an http address", () => {
    const { SMTP_URL: _, ...rest } = PRODUCTION_SETTINGS;
    const attempt = () => loadConfig({ ...base(), ...rest, PUBLIC_URL: "http://tsugu.example" });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/SMTP_URL: mail/);
    expect(attempt).toThrow(/PUBLIC_URL: the site's https:\/\/ address/);
    expect(attempt).not.toThrow(/PAYJP_SECRET_KEY/);
  });

  it("starts in production with every provider configured, reading each one's settings", () => {
    const config = loadConfig({ ...base(), ...PRODUCTION_SETTINGS });
    expect(config.profile).toBe("production");
    expect(config.twilio).toMatchObject({
      from: "+815012345678",
      statusCallbackUrl: "https://tsugu.example/webhooks/twilio/status",
    });
    expect(config.ekyc).toMatchObject({ apiBase: "http://127.0.0.1:9", apiKey: "ekyc-key-0123" });
    expect(config.devMailbox).toBe(false);
  });

  it("takes a provider's settings all together or not at all", () => {
    expect(() => loadConfig({ ...base(), TWILIO_ACCOUNT_SID: `AC${"0".repeat(32)}` })).toThrow(
      "Twilio needs all of TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM or none of them",
    );
    expect(() => loadConfig({ ...base(), KOMOJU_SECRET_KEY: "sk_test_abcdefgh" })).toThrow(
      "missing: KOMOJU_WEBHOOK_SECRET",
    );
    expect(() => loadConfig({ ...base(), APP_ENV: "staging" })).toThrow(
      "APP_ENV: must be demo or production",
    );
  });
});

describe("the stand-ins' paths", () => {
  it("are every /sandbox/ path and the development mailbox, however the address is written", () => {
    for (const p of [
      "/sandbox/atm/",
      "/sandbox/oidc/line/authorize",
      "/SANDBOX/polarify/x/",
      "//sandbox/vouchers/1/",
      "/%73andbox/atm/",
      "/ja/dev/mailbox/",
      "/en/dev/mailbox/messages",
      "/ja/DEV/mailbox/",
    ]) {
      expect(isSandboxPath(p), p).toBe(true);
    }
    for (const p of ["/ja/", "/ja/items/1/", "/ja/devices/", "/sandboxes/", "/api/v1/health"]) {
      expect(isSandboxPath(p), p).toBe(false);
    }
  });
});
