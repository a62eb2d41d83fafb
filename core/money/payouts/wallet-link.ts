import { eq } from "drizzle-orm";
import { z } from "zod";
import { walletLinks } from "#db/schema/index.ts";
import { payoutDestinationChanged } from "../../identity/payout-destination-change.ts";
import type { CoreContext } from "../../shared/context.ts";
import { AppError } from "../../shared/errors.ts";
import { msg } from "../../shared/i18n/translate.ts";
import { parseInput } from "../../shared/parse-input.ts";
import { maxLength, required, text } from "../../shared/validation/index.ts";
import { BALANCE_FIELD_LABELS } from "../balance/fields.ts";

export type WalletLink = { provider: string; accountId: string };

const ZWallet = z.object({ accountId: text(required(), maxLength(40)) });

/** The member's linked Kyash account, if any. */
export async function walletOf(ctx: Pick<CoreContext, "db">, userId: number): Promise<WalletLink | null> {
  const [row] = await ctx.db
    .select({ provider: walletLinks.provider, accountId: walletLinks.accountId })
    .from(walletLinks)
    .where(eq(walletLinks.userId, userId));
  return row ?? null;
}

/**
 * Links (or relinks) the member's Kyash account, after the wallet confirms the account exists and
 * can receive money.
 */
export async function linkWallet(
  ctx: CoreContext,
  o: { userId: number; input: { accountId?: unknown } },
): Promise<WalletLink> {
  const { accountId } = parseInput(ZWallet, o.input, BALANCE_FIELD_LABELS);
  const check = await ctx.wallet.checkAccount(accountId);
  if (!check.ok) {
    throw new AppError("VALIDATION", {
      fields: {
        accountId: msg(
          check.code === "closed" ? "balance.errors.kyashClosed" : "balance.errors.kyashNotFound",
        ),
      },
    });
  }
  const now = ctx.clock.now();
  const before = await walletOf(ctx, o.userId);
  const [kept] = await ctx.db
    .select({ heldUntil: walletLinks.heldUntil })
    .from(walletLinks)
    .where(eq(walletLinks.userId, o.userId));
  // Another account replacing the linked one waits 24 hours before money leaves for it.
  const heldUntil =
    before?.accountId === accountId
      ? (kept?.heldUntil ?? null)
      : await payoutDestinationChanged(ctx, {
          userId: o.userId,
          replaced: before !== null,
          what: `Kyash ${accountId}`,
        });
  await ctx.db
    .insert(walletLinks)
    .values({
      userId: o.userId,
      provider: ctx.wallet.name,
      accountId,
      heldUntil,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: walletLinks.userId,
      set: { provider: ctx.wallet.name, accountId, heldUntil, updatedAt: now },
    });
  return { provider: ctx.wallet.name, accountId };
}
