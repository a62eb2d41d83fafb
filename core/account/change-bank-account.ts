import { confirmFreshSignIn } from "../identity/fresh-sign-in.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import type { BankAccount } from "./get-bank-account.ts";
import { saveBankAccount, type TBankAccountInput } from "./save-bank-account.ts";

/**
 * The member changes the bank account their proceeds are paid to (decision 046): only within 10
 * minutes of signing in, or with their password typed again (`currentPassword`); a replaced account
 * is held for 24 hours and the member is mailed (`saveBankAccount`).
 */
export async function changeBankAccount(
  ctx: CoreContext,
  o: { actor: SessionUser; currentPassword: unknown; input: TBankAccountInput },
): Promise<BankAccount> {
  await confirmFreshSignIn(ctx, { actor: o.actor, password: o.currentPassword });
  return saveBankAccount(ctx, { userId: o.actor.id, input: o.input });
}
