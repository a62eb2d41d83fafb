// A purchase in a process of its own that is killed (SIGKILL) right after the card provider
// authorised the charge and before our database knew: the crash quality.md asks us to survive.
// Usage: node tests/helpers/crash-purchase.ts <postgres-url | pglite-folder> <json: { buyer, itemId, token, key }>
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PaymentGateway } from "#core/money/payments/gateway.ts";
import { systemClock } from "#core/shared/clock.ts";
import { purchaseItem } from "#core/trading/purchase-item.ts";
import { openDatabase } from "#db/client.ts";
import { sandboxCoreContext, TEST_PUBLIC_URL } from "./core.ts";

const [url, json] = process.argv.slice(2);
if (url && json) {
  const o = JSON.parse(json);
  const database = await openDatabase(url.startsWith("postgres") ? { url, poolSize: 2 } : { dataDir: url });
  const dataDir = mkdtempSync(path.join(tmpdir(), "tsugu-crash-"));
  const ctx = sandboxCoreContext({ db: database.db, clock: systemClock, dataDir });
  const sandbox = ctx.payments;
  const dying: PaymentGateway = {
    ...sandbox,
    async authorize(input) {
      const result = await sandbox.authorize(input);
      process.kill(process.pid, "SIGKILL");
      return result;
    },
  };
  await purchaseItem(
    { ...ctx, payments: dying },
    {
      actor: o.buyer,
      itemId: o.itemId,
      idempotencyKey: o.key,
      input: { paymentMethod: "card", cardToken: o.token },
      returnUrl: `${TEST_PUBLIC_URL}/ja/items/${o.itemId}/secure/result/`,
    },
  );
  console.error("the purchase finished: the process should have been killed");
  process.exit(1);
}
