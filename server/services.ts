import path from "node:path";
import { createPolarifySandbox } from "#core/account/polarify-sandbox.ts";
import { createRecaptchaBotCheck } from "#core/identity/bot-check-recaptcha.ts";
import { createSandboxBotCheck } from "#core/identity/bot-check-sandbox.ts";
import { createTurnstileBotCheck } from "#core/identity/bot-check-turnstile.ts";
import { createOidcProviders, IDENTITY_PROVIDERS } from "#core/identity/identity-providers.ts";
import { createPayjpGateway } from "#core/money/payments/payjp-gateway.ts";
import { createSandboxGateway } from "#core/money/payments/sandbox-gateway.ts";
import { createSandboxAtm } from "#core/money/payouts/sandbox-atm.ts";
import { createSandboxBank } from "#core/money/payouts/sandbox-bank.ts";
import { createSandboxWallet } from "#core/money/payouts/sandbox-wallet.ts";
import { createSandboxVouchers } from "#core/money/top-ups/sandbox-vouchers.ts";
import { createLocalMailer } from "#core/notify/local-mailer.ts";
import { createSmtpMailer, type Mailer } from "#core/notify/mailer.ts";
import { createSandboxSms } from "#core/notify/sms.ts";
import { createWebPushSender } from "#core/notify/web-push-sender.ts";
import { systemClock } from "#core/shared/clock.ts";
import type { CoreContext } from "#core/shared/context.ts";
import { createLocalBlobStore } from "#core/storage/local-blob-store.ts";
import { createS3BlobStore } from "#core/storage/s3-blob-store.ts";
import { createSandboxCourier } from "#core/trading/shipping-provider.ts";
import { type Database, openDatabase } from "#db/client.ts";
import { dataDirLayout } from "#db/data-dir.ts";
import type { Config } from "./config.ts";
import { sandboxProviderSettings } from "./oidc-sandbox.ts";
import { createReadCache } from "./read-cache.ts";
import { createRealtimeHub } from "./realtime.ts";
import type { AppServices } from "./router-context.ts";
import { watchMailer } from "./system.ts";

function createMailer(config: Config): Mailer {
  return config.smtpUrl
    ? createSmtpMailer({ url: config.smtpUrl, from: config.mailFrom })
    : createLocalMailer({ dir: path.join(config.dataDir, "mail"), from: config.mailFrom });
}

export function openConfiguredDatabase(config: Config): Promise<Database> {
  return openDatabase(
    config.databaseUrl
      ? { url: config.databaseUrl }
      : { dataDir: dataDirLayout(config.dataDir).pglite, thread: true },
  );
}

/**
 * Everything the doors share, built once per process. `buildId` names the production build being
 * served (reported by the health check).
 */
export async function createServices(
  config: Config,
  database: Database,
  o: { buildId?: string | null } = {},
): Promise<AppServices> {
  const mail = watchMailer(createMailer(config));
  const sandbox = {
    db: database.db,
    clock: systemClock,
    publicUrl: config.publicUrl,
    secret: config.sessionSecret,
  };
  const core: CoreContext = {
    db: database.db,
    clock: systemClock,
    mailer: mail.mailer,
    sms: createSandboxSms({ dir: path.join(config.dataDir, "mail") }),
    blobs: config.s3
      ? createS3BlobStore(config.s3)
      : createLocalBlobStore({ dir: dataDirLayout(config.dataDir).blobs }),
    identity: createPolarifySandbox({ db: database.db, clock: systemClock, publicUrl: config.publicUrl }),
    payments: config.payjp
      ? createPayjpGateway(config.payjp)
      : createSandboxGateway({
          db: database.db,
          clock: systemClock,
          publicUrl: config.publicUrl,
          secret: config.sessionSecret,
        }),
    vouchers: createSandboxVouchers(sandbox),
    atm: createSandboxAtm(sandbox),
    wallet: createSandboxWallet(sandbox),
    bank: createSandboxBank(sandbox),
    botCheck: config.turnstile
      ? createTurnstileBotCheck(config.turnstile)
      : config.recaptcha
        ? createRecaptchaBotCheck(config.recaptcha)
        : createSandboxBotCheck(sandbox),
    identityProviders: createOidcProviders(
      Object.fromEntries(
        IDENTITY_PROVIDERS.map((p) => [p, config.providers[p] ?? sandboxProviderSettings(sandbox, p)]),
      ),
    ),
    push: createWebPushSender(config.vapid),
    courier: createSandboxCourier({ db: database.db, clock: systemClock, publicUrl: config.publicUrl }),
    secret: config.sessionSecret,
    publicUrl: config.publicUrl,
  };
  const system = {
    engine: database.kind,
    pool: database.pool,
    mail: { transport: mail.mailer.kind, last: mail.last },
    buildId: o.buildId ?? null,
  };
  return {
    core,
    realtime: createRealtimeHub(database.listen),
    config,
    reads: createReadCache({ ttlSeconds: config.pageCacheSeconds }),
    system,
  };
}
