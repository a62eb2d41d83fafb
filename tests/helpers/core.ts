import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createPolarifySandbox } from "#core/account/polarify-sandbox.ts";
import { createSmtpMailer } from "#core/notify/mailer.ts";
import { createSandboxSms } from "#core/notify/sms.ts";
import { createSandboxGateway } from "#core/payments/sandbox-gateway.ts";
import { type Clock, manualClock } from "#core/shared/clock.ts";
import type { CoreContext } from "#core/shared/context.ts";
import { createLocalBlobStore } from "#core/storage/local-blob-store.ts";
import { createSandboxCourier } from "#core/trading/shipping-provider.ts";
import { createTestDatabase, type Engine, type TestDatabase } from "./db.ts";
import { type SmtpCapture, startSmtpCapture } from "./smtp.ts";

export type TestCore = {
  ctx: CoreContext;
  clock: ReturnType<typeof manualClock>;
  smtp: SmtpCapture;
  database: TestDatabase;
  /** A scratch folder of this test's own: blobs and the SMS sandbox's messages live under it. */
  dataDir: string;
  close(): Promise<void>;
};

/** A core context on a fresh database, a controllable clock and real SMTP to a local capture. */
export async function createTestCore(
  engine: Engine,
  start = "2026-11-22T03:00:00Z",
  /** A database opened already (e.g. PGlite in a folder another process uses too). */
  opened?: TestDatabase,
): Promise<TestCore> {
  const [database, smtp] = await Promise.all([opened ?? createTestDatabase(engine), startSmtpCapture()]);
  const clock = manualClock(start);
  const dataDir = mkdtempSync(path.join(tmpdir(), "tsugu-core-"));
  const secret = "test-secret-0123456789abcdef0123456789abcdef";
  const ctx: CoreContext = {
    db: database.db,
    clock: clock as Clock,
    mailer: createSmtpMailer({ url: smtp.url, from: "Tsugu <no-reply@tsugu.test>" }),
    sms: createSandboxSms({ dir: path.join(dataDir, "mail") }),
    blobs: createLocalBlobStore({ dir: path.join(dataDir, "blobs") }),
    identity: createPolarifySandbox({ db: database.db, clock, publicUrl: "http://tsugu.test" }),
    payments: createSandboxGateway({ db: database.db, clock, publicUrl: "http://tsugu.test", secret }),
    courier: createSandboxCourier({ db: database.db, clock, publicUrl: "http://tsugu.test" }),
    secret,
    publicUrl: "http://tsugu.test",
  };
  return {
    ctx,
    clock,
    smtp,
    database,
    dataDir,
    async close() {
      await Promise.allSettled([database.close(), smtp.close()]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
