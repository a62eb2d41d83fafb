import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "#core/identity/sessions.ts";
import { PAYOUT_FEES, type PayoutMethod } from "#core/money/balance/fees.ts";
import { creditProceeds } from "#core/money/balance/proceeds.ts";
import { memberAccount, platformAccount } from "#core/money/ledger/accounts.ts";
import { getBalance } from "#core/money/ledger/get-balance.ts";
import { bankAccounts, payouts } from "#db/schema/index.ts";
import { ENGINES } from "../helpers/db.ts";
import { startTestServer, type TestServer } from "../helpers/http-server.ts";
import { expectLedgerInvariants } from "../helpers/ledger.ts";
import { makeBuyer } from "../helpers/trading.ts";

const REQUESTS = 50;

/**
 * Many payout requests of one member at once, each with its own Idempotency-Key: the proceeds
 * account row lines them up, so exactly floor(B / (a + fee)) of them are made, every other one is
 * refused with a 4xx (never a 500), the proceeds never go below zero and the ledger balances.
 */
describe.each(ENGINES)(`${REQUESTS} payouts of one member at once over HTTP, on %s`, (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterAll(async () => {
    await expectLedgerInvariants(server.ctx.db);
    await server.close();
  });

  const cases: { method: PayoutMethod; proceeds: number; amount: number }[] = [
    { method: "bank", proceeds: 10_900, amount: 1000 },
    { method: "seven", proceeds: 10_000, amount: 1000 },
    { method: "bank", proceeds: 123_456, amount: 4321 },
  ];
  for (const { method, proceeds, amount } of cases) {
    const fee = PAYOUT_FEES[method];
    const fits = Math.floor(proceeds / (amount + fee));
    it(`${method}: ¥${proceeds} fits ${fits} payouts of ¥${amount} + ¥${fee}`, {
      timeout: 120_000,
    }, async () => {
      const ctx = server.ctx;
      const member = await makeBuyer(ctx);
      await ctx.db.insert(bankAccounts).values({
        userId: member.id,
        bankCode: "0001",
        bankName: "みずほ銀行",
        branchCode: "001",
        branchName: "東京営業部",
        accountType: "1",
        accountNumber: "7654321",
        holderName: "ヤマダ　ハナコ",
      });
      await creditProceeds(ctx, {
        idempotencyKey: `race-sale:${member.id}`,
        kind: "sale_proceeds",
        refs: {},
        userId: member.id,
        amount: proceeds,
        lines: [
          { account: platformAccount("revenue"), amount: -proceeds },
          { account: memberAccount(member.id, "proceeds"), amount: proceeds },
        ],
      });
      const { token } = await createSession(ctx, { userId: member.id, kind: "api", persistent: true });
      const responses = await Promise.all(
        Array.from({ length: REQUESTS }, () =>
          fetch(`${server.url}/api/v1/me/balance/payouts`, {
            method: "POST",
            headers: {
              authorization: `Bearer ${token}`,
              "content-type": "application/json",
              "idempotency-key": `race-${randomUUID()}`,
            },
            body: JSON.stringify({ method, amount }),
          }),
        ),
      );
      const statuses = responses.map((r) => r.status);
      const bodies = await Promise.all(responses.map((r) => r.json()));
      expect(statuses.filter((s) => s >= 500)).toEqual([]);
      expect({
        made: statuses.filter((s) => s === 201).length,
        refused: statuses.filter((s) => s === 409).length,
      }).toEqual({ made: fits, refused: REQUESTS - fits });
      for (const [i, body] of bodies.entries()) {
        if (statuses[i] === 409) expect(body.error.code).toBe("CONFLICT");
        else expect(body).toMatchObject({ method, amount, fee });
      }
      const made = await ctx.db
        .select()
        .from(payouts)
        .where(and(eq(payouts.userId, member.id), eq(payouts.method, method)));
      expect(made).toHaveLength(fits);
      expect(new Set(bodies.filter((b) => b.id).map((b) => b.id)).size).toBe(fits);
      const balance = await getBalance(ctx, { userId: member.id });
      expect(balance.proceeds).toBe(proceeds - fits * (amount + fee));
      expect(balance.proceeds).toBeGreaterThanOrEqual(0);
      expect(balance.proceeds).toBeLessThan(amount + fee);
      await expectLedgerInvariants(ctx.db);
    });
  }
});
