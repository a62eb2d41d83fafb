import { confirmFreshSignIn } from "../../identity/fresh-sign-in.ts";
import type { SessionUser } from "../../identity/sessions.ts";
import type { CoreContext } from "../../shared/context.ts";
import { linkWallet, type WalletLink } from "./wallet-link.ts";

/**
 * The member links (or relinks) the Kyash account their proceeds are paid to (decision 046): only
 * within 10 minutes of signing in, or with their password typed again (`currentPassword`); another
 * account replacing the linked one is held for 24 hours and the member is mailed (`linkWallet`).
 */
export async function changeWalletLink(
  ctx: CoreContext,
  o: { actor: SessionUser; currentPassword: unknown; input: { accountId?: unknown } },
): Promise<WalletLink> {
  await confirmFreshSignIn(ctx, { actor: o.actor, password: o.currentPassword });
  return linkWallet(ctx, { userId: o.actor.id, input: o.input });
}
