import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

const base = () => ({ DATA_DIR: mkdtempSync(path.join(tmpdir(), "tsugu-config-")) });

describe("LINE, Google and Apple sign-in settings", () => {
  it("leaves every provider to the sandbox when none is set", () => {
    expect(loadConfig(base()).providers).toEqual({});
  });

  it("reads a provider's client id and secret, with the provider's own issuer unless another is set", () => {
    const config = loadConfig({
      ...base(),
      LINE_CLIENT_ID: "1650000000",
      LINE_CLIENT_SECRET: "line-secret",
      GOOGLE_CLIENT_ID: "abc.apps.googleusercontent.com",
      GOOGLE_CLIENT_SECRET: "google-secret",
      GOOGLE_ISSUER: "http://127.0.0.1:9000/",
    });
    expect(config.providers).toEqual({
      line: { clientId: "1650000000", clientSecret: "line-secret", issuer: "https://access.line.me" },
      google: {
        clientId: "abc.apps.googleusercontent.com",
        clientSecret: "google-secret",
        issuer: "http://127.0.0.1:9000",
      },
    });
  });

  it("stops when only the id or only the secret is set, naming the missing one", () => {
    const attempt = () => loadConfig({ ...base(), APPLE_CLIENT_ID: "jp.tsugu.signin" });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(
      "apple sign-in needs both APPLE_CLIENT_ID and APPLE_CLIENT_SECRET or neither; missing: APPLE_CLIENT_SECRET",
    );
    expect(() => loadConfig({ ...base(), GOOGLE_CLIENT_SECRET: "s" })).toThrow("missing: GOOGLE_CLIENT_ID");
    expect(() => loadConfig({ ...base(), LINE_ISSUER: "ftp://access.line.me" })).toThrow("LINE_ISSUER");
  });
});
