import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { purchaseAttempts, transactions } from "#db/schema/index.ts";
import { seller as sellerWithProceeds } from "../helpers/balance.ts";
import { listItem, makeMember } from "../helpers/catalog.ts";
import { createTestCore, type TestCore } from "../helpers/core.ts";
import { ENGINES } from "../helpers/db.ts";
import { freePort } from "../helpers/http-server.ts";
import { expectLedgerInvariants } from "../helpers/ledger.ts";
import { cardsFor, purchase, sessionsOf, startServed } from "../helpers/served.ts";
import { startTcpProxy, type TcpProxy } from "../helpers/tcp-proxy.ts";
import { makeBuyer } from "../helpers/trading.ts";
import { checkInvariants } from "../sim/purchase-simulation.ts";

/** A request's status, 0 when it got no answer at all (a hang cut at 30 s, or a dropped connection). */
const statusOf = (request: Promise<Response>) =>
  request.then(
    (r) => r.status,
    () => 0,
  );

describe.runIf(ENGINES.includes("postgres"))(
  "PostgreSQL restarting during a burst of purchases and payouts",
  () => {
    let t: TestCore;
    let proxy: TcpProxy;
    const servers: ChildProcess[] = [];
    let dataDirs: string[] = [];
    beforeAll(async () => {
      t = await createTestCore("postgres", new Date().toISOString());
      const direct = new URL(t.database.url!);
      proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
      dataDirs = [0, 1].map(() => mkdtempSync(path.join(tmpdir(), "tsugu-restart-")));
    });
    afterAll(async () => {
      for (const s of servers) s.kill("SIGKILL");
      await proxy?.close();
      await t.close();
      for (const d of dataDirs) rmSync(d, { recursive: true, force: true });
    });

    it("answers 503 while it is down, reconnects on its own, and leaves every charge matched and the ledger balanced", {
      timeout: 900_000,
    }, async () => {
      const ctx = t.ctx;
      // Two servers, each reaching the database through the relay that plays the restart.
      const viaProxy = new URL(t.database.url!);
      viaProxy.hostname = "127.0.0.1";
      viaProxy.port = String(proxy.port);
      // An account first: `npm start` seeds the demo data into an empty database, minutes of work
      // this test has no use for.
      const seller = await makeMember(ctx);
      const ports = [await freePort(), await freePort()];
      for (const [i, port] of ports.entries()) {
        servers.push(
          await startServed({ port, databaseUrl: viaProxy.toString(), dataDir: dataDirs[i]!, processes: 1 }),
        );
      }
      const urls = ports.map((p) => `http://127.0.0.1:${p}`);

      const itemIds = await Promise.all(
        Array.from({ length: 20 }, () => listItem(ctx, seller, { price: "3000" })),
      );
      const buyers = await Promise.all(Array.from({ length: 40 }, () => makeBuyer(ctx)));
      const [tokens, cards] = await Promise.all([sessionsOf(ctx, buyers), cardsFor(ctx, buyers)]);
      const payees = await Promise.all(
        Array.from({ length: 10 }, () => sellerWithProceeds(ctx, 20_000, { bank: true })),
      );
      const payeeTokens = await sessionsOf(ctx, payees);

      // The database goes away once the first ten answers are in, and comes back three seconds later.
      let answered = 0;
      let down!: () => void;
      const goneNow = new Promise<void>((resolve) => {
        down = resolve;
      });
      const counted = (request: Promise<Response>) =>
        statusOf(request).then((status) => {
          if (++answered === 10) down();
          return status;
        });
      const purchases = buyers.map((_, i) =>
        counted(
          purchase(
            urls[i % 2]!,
            itemIds[i % itemIds.length]!,
            tokens[i]!,
            cards[i]!,
            `restart-${i}-${itemIds[0]}`,
          ),
        ),
      );
      const payouts = payees.map((_, i) =>
        counted(
          fetch(`${urls[i % 2]}/api/v1/me/balance/payouts`, {
            method: "POST",
            headers: {
              authorization: `Bearer ${payeeTokens[i]}`,
              "content-type": "application/json",
              "idempotency-key": `restart-payout-${i}-${itemIds[0]}`,
            },
            body: JSON.stringify({ method: "bank", amount: 5000 }),
            signal: AbortSignal.timeout(30_000),
          }),
        ),
      );
      await Promise.race([goneNow, new Promise((r) => setTimeout(r, 30_000))]);
      await proxy.cut();
      // Asked while it is down: a quick 503 with JSON, never a hang or a 500.
      const during = await Promise.all(
        urls.map((url, i) =>
          fetch(`${url}/api/v1/items/${itemIds[i]}/purchase`, {
            method: "POST",
            headers: {
              authorization: `Bearer ${tokens[i]}`,
              "content-type": "application/json",
              "idempotency-key": `restart-during-${i}-${itemIds[0]}`,
            },
            body: JSON.stringify({ payment_method: "card", card_token: cards[i] }),
            signal: AbortSignal.timeout(30_000),
          }),
        ),
      );
      for (const res of during) {
        expect(res.status).toBe(503);
        expect(res.headers.get("retry-after")).toBe("5");
        expect(((await res.json()) as { error: { code: string } }).error.code).toBe("UNAVAILABLE");
      }
      await new Promise((r) => setTimeout(r, 3_000));
      await proxy.restore();

      const purchaseStatuses = await Promise.all(purchases);
      const payoutStatuses = await Promise.all(payouts);
      expect(purchaseStatuses.filter((s) => ![201, 402, 409, 503].includes(s))).toEqual([]);
      expect(payoutStatuses.filter((s) => ![201, 503].includes(s))).toEqual([]);

      // Both servers are back without a restart of their own.
      for (const url of urls) {
        const deadline = Date.now() + 30_000;
        let status = 0;
        while (Date.now() < deadline) {
          status = await statusOf(fetch(`${url}/api/v1/health`));
          if (status === 200) break;
          await new Promise((r) => setTimeout(r, 250));
        }
        expect(status, url).toBe(200);
      }

      // Within a few reconciliation periods every charge taken is matched by a sale (or refunded) and
      // no hold is left on a card; no purchase request is left unanswered.
      // A round every 5 seconds; on a two-core machine running the whole suite a round can take
      // many seconds itself, so the test waits (it does not time) up to eight minutes. Jobs the
      // outage cut off are given back as soon as the database returns (not when their 5-minute
      // lease ends), so this usually settles within a minute.
      const deadline = Date.now() + 480_000;
      let problems: string[] = [];
      for (;;) {
        problems = [];
        for (const itemId of itemIds) problems.push(...(await checkInvariants(ctx, { itemId, buyers })));
        const started = await ctx.db
          .select({ id: purchaseAttempts.id })
          .from(purchaseAttempts)
          .where(inArray(purchaseAttempts.itemId, itemIds));
        const open = await ctx.db
          .select({ id: purchaseAttempts.id })
          .from(purchaseAttempts)
          .where(eq(purchaseAttempts.state, "started"));
        if (problems.length === 0 && !open.some((o) => started.some((s) => s.id === o.id))) break;
        if (Date.now() > deadline) break;
        await new Promise((r) => setTimeout(r, 1000));
      }
      expect(problems, problems.join("\n")).toEqual([]);
      const sold = await ctx.db.select().from(transactions).where(inArray(transactions.itemId, itemIds));
      expect(sold.filter((s) => s.state === "START").length).toBeGreaterThan(0);
      await expectLedgerInvariants(ctx.db);
    });
  },
);
