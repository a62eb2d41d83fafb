import path from "node:path";
import { createEkycProvider } from "#core/account/ekyc-provider.ts";
import { createPolarifySandbox } from "#core/account/polarify-sandbox.ts";
import { createCarrierStatusSandbox, unofferedCarrierStatus } from "#core/catalog/carrier-status.ts";
import { createRecaptchaBotCheck } from "#core/identity/bot-check-recaptcha.ts";
import { createSandboxBotCheck } from "#core/identity/bot-check-sandbox.ts";
import { createTurnstileBotCheck } from "#core/identity/bot-check-turnstile.ts";
import { createOidcProviders, IDENTITY_PROVIDERS } from "#core/identity/identity-providers.ts";
import { createPayjpGateway } from "#core/money/payments/payjp-gateway.ts";
import { createSandboxGateway } from "#core/money/payments/sandbox-gateway.ts";
import { createSandboxAtm } from "#core/money/payouts/sandbox-atm.ts";
import { createSandboxBank } from "#core/money/payouts/sandbox-bank.ts";
import { createSandboxWallet } from "#core/money/payouts/sandbox-wallet.ts";
import { createKomojuVouchers } from "#core/money/top-ups/komoju-vouchers.ts";
import { createSandboxVouchers } from "#core/money/top-ups/sandbox-vouchers.ts";
import {
  manualBank,
  unofferedAtm,
  unofferedVouchers,
  unofferedWallet,
} from "#core/money/unoffered-providers.ts";
import { createLocalMailer } from "#core/notify/local-mailer.ts";
import { createSmtpMailer, type Mailer } from "#core/notify/mailer.ts";
import { createSandboxSms } from "#core/notify/sms.ts";
import { createTwilioSms } from "#core/notify/twilio-sms.ts";
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
import { timedProvider } from "./phases.ts";
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
      ? {
          url: config.databaseUrl,
          writeConnections: config.database.writeConnections,
          readTimeoutMs: config.database.readTimeoutMs,
        }
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
  const demo = config.profile === "demo";
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
    sms: config.twilio
      ? createTwilioSms(config.twilio)
      : createSandboxSms({ dir: path.join(config.dataDir, "mail") }),
    blobs: config.s3
      ? createS3BlobStore(config.s3)
      : createLocalBlobStore({ dir: dataDirLayout(config.dataDir).blobs }),
    identity: config.ekyc
      ? createEkycProvider(config.ekyc, { callbackUrl: `${config.publicUrl}/webhooks/ekyc` })
      : createPolarifySandbox({ db: database.db, clock: systemClock, publicUrl: config.publicUrl }),
    // The money providers' round trips are timed for the metrics (decision 050).
    payments: timedProvider(
      config.payjp
        ? createPayjpGateway(config.payjp)
        : createSandboxGateway({
            db: database.db,
            clock: systemClock,
            publicUrl: config.publicUrl,
            secret: config.sessionSecret,
          }),
    ),
    // Production offers a payout or top-up method only with its provider (decision 045).
    vouchers: timedProvider(
      config.komoju
        ? createKomojuVouchers(config.komoju)
        : demo
          ? createSandboxVouchers(sandbox)
          : unofferedVouchers(),
    ),
    atm: timedProvider(demo ? createSandboxAtm(sandbox) : unofferedAtm()),
    wallet: timedProvider(demo ? createSandboxWallet(sandbox) : unofferedWallet()),
    bank: timedProvider(demo ? createSandboxBank(sandbox) : manualBank()),
    botCheck: config.turnstile
      ? createTurnstileBotCheck(config.turnstile)
      : config.recaptcha
        ? createRecaptchaBotCheck(config.recaptcha)
        : createSandboxBotCheck(sandbox),
    identityProviders: createOidcProviders(
      Object.fromEntries(
        IDENTITY_PROVIDERS.flatMap((p) => {
          // In production a provider without its settings is not offered; the demo plays it.
          const settings =
            config.providers[p] ?? (config.profile === "demo" ? sandboxProviderSettings(sandbox, p) : null);
          return settings ? [[p, settings]] : [];
        }),
      ),
    ),
    push: createWebPushSender(config.vapid),
    // No carrier offers a lookup API: production says "not checked" rather than play one.
    carrierStatus: demo ? createCarrierStatusSandbox(systemClock) : unofferedCarrierStatus(),
    courier: createSandboxCourier({ db: database.db, clock: systemClock, publicUrl: config.publicUrl }),
    secret: config.sessionSecret,
    publicUrl: config.publicUrl,
  };
  const system = {
    engine: database.kind,
    pool: database.pool,
    mail: { transport: mail.mailer.kind, last: mail.last },
    buildId: o.buildId ?? null,
    profile: config.profile,
  };
  return {
    core,
    realtime: createRealtimeHub(database.listen),
    config,
    reads: createReadCache({ ttlSeconds: config.pageCacheSeconds }),
    system,
  };
}
