import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payments, purchaseAttempts, transactions } from "#db/schema/index.ts";
import { listItem, makeMember } from "../helpers/catalog.ts";
import { createTestCore, type TestCore } from "../helpers/core.ts";
import { ENGINES } from "../helpers/db.ts";
import { freePort, startTestServer, type TestServer } from "../helpers/http-server.ts";
import { expectLedgerInvariants } from "../helpers/ledger.ts";
import { cardsFor, purchase, sessionsOf, startServed } from "../helpers/served.ts";
import { makeBuyer } from "../helpers/trading.ts";
import { checkInvariants } from "../sim/purchase-simulation.ts";

describe.each(ENGINES)("100 buyers racing for one item over HTTP, on %s", (engine) => {
  // 20 rounds on PostgreSQL as in production; a few on the embedded database.
  const ROUNDS = engine === "postgres" ? 20 : 3;
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterAll(async () => {
    await expectLedgerInvariants(server.ctx.db);
    await server.close();
  });

  it(`gives the winner 201 and every loser 409, ${ROUNDS} times`, { timeout: 600_000 }, async () => {
    const ctx = server.ctx;
    const buyers = await Promise.all(Array.from({ length: 100 }, () => makeBuyer(ctx)));
    const tokens = await sessionsOf(ctx, buyers);
    const seller = await makeMember(ctx);
    for (let round = 0; round < ROUNDS; round++) {
      const itemId = await listItem(ctx, seller, { price: "3000" });
      const cards = await cardsFor(ctx, buyers);
      const responses = await Promise.all(
        buyers.map((_, i) =>
          purchase(server.url, itemId, tokens[i]!, cards[i]!, `race-${round}-${i}-${itemId}`),
        ),
      );
      const statuses = responses.map((r) => r.status);
      const bodies = await Promise.all(responses.map((r) => r.json()));
      expect({
        round,
        won: statuses.filter((s) => s === 201).length,
        lost: statuses.filter((s) => s === 409).length,
      }).toEqual({
        round,
        won: 1,
        lost: 99,
      });
      const winner = bodies[statuses.indexOf(201)];
      expect(winner.state).toBe("START");
      for (const [i, body] of bodies.entries()) {
        if (statuses[i] === 409) expect(body.error.message).toBe("この商品は売り切れました");
      }
      expect(await checkInvariants(ctx, { itemId, buyers })).toEqual([]);
    }
  });
});

describe.runIf(ENGINES.includes("postgres"))("a server killed during a burst of purchases", () => {
  let t: TestCore;
  let child: ChildProcess | null = null;
  let dataDir = "";
  beforeAll(async () => {
    t = await createTestCore("postgres", new Date().toISOString());
    dataDir = mkdtempSync(path.join(tmpdir(), "tsugu-kill-"));
  });
  afterAll(async () => {
    child?.kill("SIGKILL");
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("leaves no hold on a card without a sale, and every charge taken matched, within one reconciliation period", {
    timeout: 900_000,
  }, async () => {
    const ctx = t.ctx;
    const seller = await makeMember(ctx);
    const itemIds = await Promise.all(
      Array.from({ length: 50 }, () => listItem(ctx, seller, { price: "3000" })),
    );
    const buyers = await Promise.all(Array.from({ length: 150 }, () => makeBuyer(ctx)));
    const tokens = await sessionsOf(ctx, buyers);
    const cards = await cardsFor(ctx, buyers);
    const port = await freePort();
    child = await startServed({ port, databaseUrl: t.database.url!, dataDir });
    const url = `http://127.0.0.1:${port}`;
    // 150 purchases at once, three buyers per item; the server is killed while they run, once
    // the first twenty have been answered.
    let answered = 0;
    let killed!: () => void;
    const killedNow = new Promise<void>((resolve) => {
      killed = resolve;
    });
    const burst = buyers.map((_, i) =>
      purchase(url, itemIds[i % itemIds.length]!, tokens[i]!, cards[i]!, `burst-${i}-${itemIds[0]}`).then(
        (r) => {
          answered += 1;
          if (answered === 20) killed();
          return r.status;
        },
        () => 0,
      ),
    );
    await Promise.race([killedNow, new Promise((r) => setTimeout(r, 30_000))]);
    child.kill("SIGKILL");
    const statuses = await Promise.all(burst);
    expect(statuses.filter((s) => s >= 500 || (s >= 400 && s !== 409 && s !== 402))).toEqual([]);
    expect(statuses.filter((s) => s === 0).length, "requests cut short by the kill").toBeGreaterThan(0);

    child = await startServed({ port, databaseUrl: t.database.url!, dataDir });
    const deadline = Date.now() + 5_000 + 5_000 + 30_000;
    let problems: string[] = [];
    for (;;) {
      problems = [];
      for (const itemId of itemIds) problems.push(...(await checkInvariants(ctx, { itemId, buyers })));
      const open = await ctx.db
        .select({ id: purchaseAttempts.id })
        .from(purchaseAttempts)
        .where(inArray(purchaseAttempts.itemId, itemIds));
      const started = await ctx.db
        .select({ id: purchaseAttempts.id })
        .from(purchaseAttempts)
        .where(eq(purchaseAttempts.state, "started"));
      if (problems.length === 0 && started.filter((s) => open.some((o) => o.id === s.id)).length === 0) break;
      if (Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    expect(problems).toEqual([]);
    const sold = await ctx.db.select().from(transactions).where(inArray(transactions.itemId, itemIds));
    expect(sold.filter((s) => s.state === "START").length).toBeGreaterThan(0);
    const paid = await ctx.db.select().from(payments).where(eq(payments.state, "COMPLETED"));
    expect(paid.length).toBe(sold.filter((s) => s.state === "START").length);
    child.kill("SIGTERM");
    await expectLedgerInvariants(ctx.db);
  });
});
