import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeMember } from "#tests/helpers/catalog.ts";
import { createTestCore, failure, said, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import { expectLedgerInvariants } from "#tests/helpers/ledger.ts";
import { PAYOUT_FEES } from "../balance/fees.ts";
import { memberAccount, platformAccount } from "./accounts.ts";
import { getBalance, listBalanceHistory } from "./get-balance.ts";
import { postEntry } from "./post-entry.ts";

describe.each(ENGINES)("ledger on %s", (engine) => {
  let t: TestCore;
  beforeAll(async () => {
    t = await createTestCore(engine);
  });
  afterAll(async () => {
    await expectLedgerInvariants(t.ctx.db);
    await t.close();
  });

  const topUp = (userId: number, amount: number, key: string) =>
    postEntry(t.ctx, {
      idempotencyKey: key,
      kind: "points_top_up",
      lines: [
        { account: platformAccount("card_clearing"), amount: -amount },
        { account: memberAccount(userId, "points"), amount },
      ],
    });

  it("posts a balanced entry and refuses one that does not balance", async () => {
    const m = await makeMember(t.ctx);
    await topUp(m.id, 3000, `top-up-${m.id}`);
    expect(await getBalance(t.ctx, { userId: m.id })).toEqual({
      payment: 0,
      escrow: 0,
      proceeds: 0,
      points: 3000,
      free_points: 0,
    });
    await expect(
      postEntry(t.ctx, {
        idempotencyKey: `bad-${m.id}`,
        kind: "broken",
        lines: [
          { account: memberAccount(m.id, "points"), amount: -100 },
          { account: platformAccount("revenue"), amount: 99 },
        ],
      }),
    ).rejects.toThrow(/balance/);
    const history = await listBalanceHistory(t.ctx, { userId: m.id });
    expect(history.items.map((i) => [i.kind, i.account, i.amount])).toEqual([
      ["points_top_up", "points", 3000],
    ]);
  });

  it("applies one idempotency key once, even sent 10 times at once; other lines under it are a conflict", async () => {
    const m = await makeMember(t.ctx);
    const results = await Promise.all(Array.from({ length: 10 }, () => topUp(m.id, 500, `once-${m.id}`)));
    expect(new Set(results.map((r) => r.entryId)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect((await getBalance(t.ctx, { userId: m.id })).points).toBe(500);
    const reused = await failure(topUp(m.id, 700, `once-${m.id}`));
    expect(reused.code).toBe("CONFLICT");
    expect(said(reused).message.ja).toBe("この処理はすでに別の内容で受け付けています");
    expect((await getBalance(t.ctx, { userId: m.id })).points).toBe(500);
  });

  it("never overdraws: 50 concurrent withdrawals succeed exactly floor(B / (amount + fee)) times", async () => {
    const m = await makeMember(t.ctx);
    const balance = 10_000;
    const amount = 1000;
    const fee = PAYOUT_FEES.bank;
    await postEntry(t.ctx, {
      idempotencyKey: `sale-${m.id}`,
      kind: "proceeds",
      lines: [
        { account: platformAccount("card_clearing"), amount: -balance },
        { account: memberAccount(m.id, "proceeds"), amount: balance },
      ],
    });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        postEntry(t.ctx, {
          idempotencyKey: `withdraw-${m.id}-${i}`,
          kind: "transfer_out",
          lines: [
            { account: memberAccount(m.id, "proceeds"), amount: -(amount + fee) },
            { account: platformAccount("card_clearing"), amount },
            { account: platformAccount("revenue"), amount: fee },
          ],
        }),
      ),
    );
    const ok = outcomes.filter((o) => o.status === "fulfilled");
    expect(ok).toHaveLength(Math.floor(balance / (amount + fee)));
    for (const o of outcomes) {
      if (o.status === "rejected") expect((o.reason as Error).message).toBe("The balance is not enough");
    }
    expect((await getBalance(t.ctx, { userId: m.id })).proceeds).toBe(balance - ok.length * (amount + fee));
    await expectLedgerInvariants(t.ctx.db);
  });
});
