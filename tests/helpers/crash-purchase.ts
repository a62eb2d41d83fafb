// A purchase in a process of its own that is killed (SIGKILL) right after the card provider
// authorised the charge and before our database knew: the crash quality.md asks us to survive.
// Usage: node tests/helpers/crash-purchase.ts <postgres-url | pglite-folder> <json: { buyer, itemId, token, key }>
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createPolarifySandbox } from "#core/account/polarify-sandbox.ts";
import { createLocalMailer } from "#core/notify/mailer.ts";
import { createSandboxSms } from "#core/notify/sms.ts";
import type { PaymentGateway } from "#core/payments/gateway.ts";
import { createSandboxGateway } from "#core/payments/sandbox-gateway.ts";
import { systemClock } from "#core/shared/clock.ts";
import type { CoreContext } from "#core/shared/context.ts";
import { createLocalBlobStore } from "#core/storage/local-blob-store.ts";
import { purchaseItem } from "#core/trading/purchase-item.ts";
import { createSandboxCourier } from "#core/trading/shipping-provider.ts";
import { openDatabase } from "#db/client.ts";

export const CRASH_SECRET = "test-secret-0123456789abcdef0123456789abcdef";
export const CRASH_PUBLIC_URL = "http://tsugu.test";

const [url, json] = process.argv.slice(2);
if (url && json) {
  const o = JSON.parse(json);
  const database = await openDatabase(url.startsWith("postgres") ? { url, poolSize: 2 } : { dataDir: url });
  const dir = mkdtempSync(path.join(tmpdir(), "tsugu-crash-"));
  const deps = { db: database.db, clock: systemClock, publicUrl: CRASH_PUBLIC_URL, secret: CRASH_SECRET };
  const sandbox = createSandboxGateway(deps);
  const dying: PaymentGateway = {
    ...sandbox,
    async authorize(input) {
      const result = await sandbox.authorize(input);
      process.kill(process.pid, "SIGKILL");
      return result;
    },
  };
  const ctx: CoreContext = {
    db: database.db,
    clock: systemClock,
    mailer: createLocalMailer({ dir: path.join(dir, "mail"), from: "Tsugu <no-reply@tsugu.test>" }),
    sms: createSandboxSms({ dir: path.join(dir, "mail") }),
    blobs: createLocalBlobStore({ dir: path.join(dir, "blobs") }),
    identity: createPolarifySandbox(deps),
    payments: dying,
    courier: createSandboxCourier(deps),
    secret: CRASH_SECRET,
    publicUrl: CRASH_PUBLIC_URL,
  };
  await purchaseItem(ctx, {
    actor: o.buyer,
    itemId: o.itemId,
    idempotencyKey: o.key,
    input: { paymentMethod: "card", cardToken: o.token },
    returnUrl: `${CRASH_PUBLIC_URL}/ja/items/${o.itemId}/secure/result/`,
  });
  console.error("the purchase finished: the process should have been killed");
  process.exit(1);
}
