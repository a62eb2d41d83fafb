import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createPolarifySandbox } from "#core/account/polarify-sandbox.ts";
import { createCarrierStatusSandbox } from "#core/catalog/carrier-status.ts";
import { createSandboxBotCheck } from "#core/identity/bot-check-sandbox.ts";
import { createOidcProviders } from "#core/identity/identity-providers.ts";
import { createSandboxGateway } from "#core/money/payments/sandbox-gateway.ts";
import { createSandboxAtm } from "#core/money/payouts/sandbox-atm.ts";
import { createSandboxBank } from "#core/money/payouts/sandbox-bank.ts";
import { createSandboxWallet } from "#core/money/payouts/sandbox-wallet.ts";
import { createSandboxVouchers } from "#core/money/top-ups/sandbox-vouchers.ts";
import { createLocalMailer } from "#core/notify/local-mailer.ts";
import { createSmtpMailer, type Mailer } from "#core/notify/mailer.ts";
import { createSandboxPush } from "#core/notify/push.ts";
import { createSandboxSms } from "#core/notify/sms.ts";
import { type Clock, manualClock } from "#core/shared/clock.ts";
import type { CoreContext } from "#core/shared/context.ts";
import { type AppError, isAppError, localizeError } from "#core/shared/errors.ts";
import { createLocalBlobStore } from "#core/storage/local-blob-store.ts";
import { createSandboxCourier } from "#core/trading/shipping-provider.ts";
import type { Db } from "#db/client.ts";
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

export const TEST_SECRET = "test-secret-0123456789abcdef0123456789abcdef";
export const TEST_PUBLIC_URL = "http://tsugu.test";

/**
 * A core context with every outside service a sandbox: local mail (unless a mailer is given),
 * SMS, blobs under `dataDir`, eKYC, cards, bot check and courier. For tests, crash drills and benchmarks.
 */
export function sandboxCoreContext(o: {
  db: Db;
  clock: Clock;
  dataDir: string;
  mailer?: Mailer;
  secret?: string;
  publicUrl?: string;
}): CoreContext {
  const deps = {
    db: o.db,
    clock: o.clock,
    publicUrl: o.publicUrl ?? TEST_PUBLIC_URL,
    secret: o.secret ?? TEST_SECRET,
  };
  return {
    db: o.db,
    clock: o.clock,
    mailer:
      o.mailer ??
      createLocalMailer({ dir: path.join(o.dataDir, "mail"), from: "Tsugu <no-reply@tsugu.test>" }),
    sms: createSandboxSms({ dir: path.join(o.dataDir, "mail") }),
    blobs: createLocalBlobStore({ dir: path.join(o.dataDir, "blobs") }),
    identity: createPolarifySandbox(deps),
    payments: createSandboxGateway(deps),
    vouchers: createSandboxVouchers(deps),
    atm: createSandboxAtm(deps),
    wallet: createSandboxWallet(deps),
    bank: createSandboxBank(deps),
    botCheck: createSandboxBotCheck(deps),
    identityProviders: createOidcProviders({}),
    push: createSandboxPush(),
    carrierStatus: createCarrierStatusSandbox(o.clock),
    courier: createSandboxCourier(deps),
    secret: deps.secret,
    publicUrl: deps.publicUrl,
  };
}

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
  const ctx = sandboxCoreContext({
    db: database.db,
    clock,
    dataDir,
    mailer: createSmtpMailer({ url: smtp.url, from: "Tsugu <no-reply@tsugu.test>" }),
  });
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

/** The AppError a call fails with; a success, or any other error, fails the test. */
export async function failure(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (error) {
    if (isAppError(error)) return error;
    throw error;
  }
  throw new Error("expected the call to fail");
}

/** What an error says, written out in both languages: its message and each field's message. */
export function said(error: AppError): {
  message: { ja: string; en: string };
  fields: Record<string, { ja: string; en: string }>;
} {
  const ja = localizeError(error, "ja");
  const en = localizeError(error, "en");
  return {
    message: { ja: ja.message, en: en.message },
    fields: Object.fromEntries(
      Object.keys(ja.fields).map((k) => [k, { ja: ja.fields[k] as string, en: en.fields[k] as string }]),
    ),
  };
}
