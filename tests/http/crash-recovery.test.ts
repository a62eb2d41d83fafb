import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { getBalance } from "#core/money/ledger/get-balance.ts";
import { reconcilePurchases, STALE_ATTEMPT_MS } from "#core/trading/reconcile-purchases.ts";
import { openDatabase } from "#db/client.ts";
import { items, payments, purchaseAttempts, sandboxRecords, transactions } from "#db/schema/index.ts";
import { listItem, makeMember } from "../helpers/catalog.ts";
import { createTestCore } from "../helpers/core.ts";
import { ENGINES } from "../helpers/db.ts";
import { expectLedgerInvariants } from "../helpers/ledger.ts";
import { cardToken, makeBuyer } from "../helpers/trading.ts";

/** Runs the purchase in a child process that is killed once the provider said yes. */
function purchaseInDyingProcess(url: string, args: Record<string, unknown>): Promise<NodeJS.Signals | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["tests/helpers/crash-purchase.ts", url, JSON.stringify(args)], {
      stdio: ["ignore", "inherit", "inherit"],
    });
    child.on("error", reject);
    child.on("exit", (_code, signal) => resolve(signal));
  });
}

describe.each(ENGINES)("a server killed mid-purchase, on %s", (engine) => {
  let folder = "";
  afterAll(() => {
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  // A second process opens the core and the database while the browser journeys run beside this
  // file: time for it to start, not a measure of how fast it does.
  it("leaves, after restart and reconciliation, one paid transaction and one charge", {
    timeout: 120_000,
  }, async () => {
    // Two processes share the database: PostgreSQL as in production, or PGlite in a folder.
    folder = engine === "pglite" ? mkdtempSync(path.join(tmpdir(), "tsugu-crash-db-")) : "";
    const inFolder = async () => {
      const database = await openDatabase({ dataDir: path.join(folder, "pglite") });
      await database.migrate();
      return database;
    };
    const before = await createTestCore(
      engine,
      new Date().toISOString(),
      folder ? await inFolder() : undefined,
    );
    const seller = await makeMember(before.ctx);
    const buyer = await makeBuyer(before.ctx);
    const itemId = await listItem(before.ctx, seller);
    const token = await cardToken(before.ctx);
    // PGlite allows one process per folder: the "server" stops before the dying one starts.
    if (folder) await before.database.close();
    const target = folder ? path.join(folder, "pglite") : before.database.url!;
    const signal = await purchaseInDyingProcess(target, { buyer, itemId, token, key: randomUUID() });
    expect(signal).toBe("SIGKILL");
    const t = folder ? await createTestCore(engine, new Date().toISOString(), await inFolder()) : before;

    // What the crash left: the provider holds an authorised charge our database never recorded.
    const [attempt] = await t.ctx.db
      .select()
      .from(purchaseAttempts)
      .where(eq(purchaseAttempts.itemId, itemId));
    expect(attempt!.state).toBe("started");
    const [payment] = await t.ctx.db.select().from(payments).where(eq(payments.attemptId, attempt!.id));
    expect(payment!.chargeId).toBeNull();
    const chargesFor = async () =>
      (
        await t.ctx.db.select().from(sandboxRecords).where(eq(sandboxRecords.provider, "sandbox-pay.charge"))
      ).filter((r) => (r.data as { reference: string }).reference === payment!.reference);
    expect((await chargesFor()).map((c) => c.state)).toEqual(["authorized"]);
    expect((await t.ctx.db.select({ s: items.state }).from(items).where(eq(items.id, itemId)))[0]!.s).toBe(
      "SALE",
    );

    // The server is back: reconciliation resumes the attempt once it is clearly abandoned.
    // (The child ran on the real clock, so this clock is set from it.)
    t.clock.set(new Date(Date.now() + STALE_ATTEMPT_MS + 1000));
    expect(await reconcilePurchases(t.ctx)).toBe(1);
    expect(await reconcilePurchases(t.ctx)).toBe(0);
    const sales = await t.ctx.db.select().from(transactions).where(eq(transactions.itemId, itemId));
    expect(sales.map((s) => s.state)).toEqual(["START"]);
    expect((await chargesFor()).map((c) => c.state)).toEqual(["captured"]);
    expect((await getBalance(t.ctx, { userId: buyer.id })).escrow).toBe(18000);
    await expectLedgerInvariants(t.ctx.db);
    await Promise.all([t.close(), t === before ? null : before.close()]);
  });
});
