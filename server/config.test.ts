import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

const dataDir = () => mkdtempSync(path.join(tmpdir(), "tsugu-config-"));

describe("settings from the environment", () => {
  it("works with nothing set, keeping a generated secret in the data folder", () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.databaseUrl).toBeUndefined();
    expect(config.devMailbox).toBe(true);
    expect(config.mailFrom).toBe("Tsugu <no-reply@localhost>");
    expect(config.sessionSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(path.join(dir, "session-secret"), "utf8")).toBe(config.sessionSecret);
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(config.sessionSecret);
  });

  it("reads every documented setting", () => {
    const config = loadConfig({
      PORT: "8080",
      DATA_DIR: dataDir(),
      PUBLIC_URL: "https://tsugu.example/",
      DATABASE_URL: "postgres://u:p@db:5432/tsugu",
      SMTP_URL: "smtps://u:p@smtp.example:465",
      SESSION_SECRET: "s".repeat(40),
      MAIL_FROM: "Tsugu <hello@tsugu.example>",
    });
    expect(config).toMatchObject({
      port: 8080,
      publicUrl: "https://tsugu.example",
      databaseUrl: "postgres://u:p@db:5432/tsugu",
      smtpUrl: "smtps://u:p@smtp.example:465",
      sessionSecret: "s".repeat(40),
      mailFrom: "Tsugu <hello@tsugu.example>",
      devMailbox: false,
    });
  });

  it("stops with a clear message naming each wrong setting", () => {
    const attempt = () =>
      loadConfig({
        PORT: "eighty",
        PUBLIC_URL: "ftp://x",
        DATABASE_URL: "mysql://x",
        SESSION_SECRET: "short",
      });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      for (const name of ["PORT", "PUBLIC_URL", "DATABASE_URL", "SESSION_SECRET"])
        expect(message).toContain(name);
      expect(message).toContain(".env.example");
    }
  });

  it("reads admission control's limits per class and its queue per slot, 0 being no limit and no queue", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).admission).toEqual({
      limits: { pages: 8, api_reads: 16, writes: 64, webhooks: 64 },
      queuePerSlot: 8,
      busyLoopMs: 50,
      readWaitMs: 500,
    });
    const set = loadConfig({
      DATA_DIR: dataDir(),
      ADMISSION_PAGES: "0",
      ADMISSION_API_READS: "4",
      ADMISSION_WRITES: "100",
      ADMISSION_WEBHOOKS: "20",
      ADMISSION_QUEUE: "0",
      ADMISSION_BUSY_LOOP_MS: "0",
      ADMISSION_READ_WAIT_MS: "0",
    });
    expect(set.admission).toEqual({
      limits: { pages: 0, api_reads: 4, writes: 100, webhooks: 20 },
      queuePerSlot: 0,
      busyLoopMs: 0,
      readWaitMs: 0,
    });
    expect(() => loadConfig({ DATA_DIR: dataDir(), ADMISSION_PAGES: "-1" })).toThrow(
      /ADMISSION_PAGES: must be 0 \(no limit\) or more/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), ADMISSION_QUEUE: "-1" })).toThrow(
      /ADMISSION_QUEUE: must be 0 \(no waiting: refused as soon as the class is full\) or more/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), ADMISSION_QUEUE: "1000" })).toThrow(
      /ADMISSION_QUEUE: must be at most 100/,
    );
  });

  it("takes a metrics token only when it is long enough to be a secret", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).metricsToken).toBeUndefined();
    const token = "metrics-token-0123456789abcdef0123";
    expect(loadConfig({ DATA_DIR: dataDir(), METRICS_TOKEN: token }).metricsToken).toBe(token);
    expect(() => loadConfig({ DATA_DIR: dataDir(), METRICS_TOKEN: "short-token" })).toThrow(
      /METRICS_TOKEN: must be at least 32 characters/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), METRICS_TOKEN: `${"x".repeat(32)} y` })).toThrow(
      /METRICS_TOKEN: must be a bearer token/,
    );
  });
});
