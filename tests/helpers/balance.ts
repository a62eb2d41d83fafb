import { creditProceeds } from "#core/money/balance/proceeds.ts";
import { memberAccount, platformAccount } from "#core/money/ledger/accounts.ts";
import type { CoreContext } from "#core/shared/context.ts";
import { bankAccounts } from "#db/schema/index.ts";
import { makeMember } from "./catalog.ts";

/** The bank account `seller` saves: みずほ銀行 東京営業部, 普通 1234567 (shown masked as its last 3 digits). */
export const SELLER_ACCOUNT_NUMBER = "1234567";

/**
 * A member with `proceeds` yen of proceeds from a sale, and (with `bank`) a payout bank account
 * saved, ready to ask for payouts.
 */
export async function seller(ctx: CoreContext, proceeds: number, o: { bank?: boolean } = {}) {
  const m = await makeMember(ctx);
  if (o.bank) {
    await ctx.db.insert(bankAccounts).values({
      userId: m.id,
      bankCode: "0001",
      bankName: "みずほ銀行",
      branchCode: "001",
      branchName: "東京営業部",
      accountType: "1",
      accountNumber: SELLER_ACCOUNT_NUMBER,
      holderName: "ヤマダ　タロウ",
    });
  }
  if (proceeds > 0) {
    await creditProceeds(ctx, {
      idempotencyKey: `test-sale:${m.id}`,
      kind: "sale_proceeds",
      refs: {},
      userId: m.id,
      amount: proceeds,
      lines: [
        { account: platformAccount("revenue"), amount: -proceeds },
        { account: memberAccount(m.id, "proceeds"), amount: proceeds },
      ],
    });
  }
  return m;
}
