import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

const S3 = {
  S3_ENDPOINT: "https://s3.ap-northeast-1.amazonaws.com",
  S3_BUCKET: "tsugu-media",
  S3_REGION: "ap-northeast-1",
  S3_ACCESS_KEY_ID: "AKIAEXAMPLE",
  S3_SECRET_ACCESS_KEY: "secret",
  S3_PUBLIC_URL: "https://media.tsugu.example/",
};
const base = () => ({ DATA_DIR: mkdtempSync(path.join(tmpdir(), "tsugu-config-")) });

describe("S3 storage settings", () => {
  it("keeps uploads in the data folder when none is set", () => {
    expect(loadConfig(base()).s3).toBeUndefined();
  });

  it("reads all six", () => {
    expect(loadConfig({ ...base(), ...S3 }).s3).toEqual({
      endpoint: "https://s3.ap-northeast-1.amazonaws.com",
      bucket: "tsugu-media",
      region: "ap-northeast-1",
      accessKeyId: "AKIAEXAMPLE",
      secretAccessKey: "secret",
      publicUrl: "https://media.tsugu.example",
    });
  });

  it("stops when only some are set, naming the missing ones", () => {
    const { S3_SECRET_ACCESS_KEY: _, S3_PUBLIC_URL: __, ...some } = S3;
    const attempt = () => loadConfig({ ...base(), ...some });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow("missing: S3_SECRET_ACCESS_KEY, S3_PUBLIC_URL");
    expect(attempt).toThrow(".env.example");
    // An empty value counts as not set.
    expect(() => loadConfig({ ...base(), ...S3, S3_REGION: "" })).toThrow("missing: S3_REGION");
  });

  it("stops on a wrong address or bucket name", () => {
    const attempt = () =>
      loadConfig({
        ...base(),
        ...S3,
        S3_ENDPOINT: "s3.example",
        S3_BUCKET: "Tsugu_Media",
        S3_PUBLIC_URL: "ftp://x",
      });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      for (const name of ["S3_ENDPOINT", "S3_BUCKET", "S3_PUBLIC_URL"])
        expect((error as Error).message).toContain(name);
    }
  });
});
