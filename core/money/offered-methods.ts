import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import type { PayoutMethod } from "./balance/fees.ts";

export type TopUpMethodOffered = "cvs" | "payeasy" | "card";

/**
 * The one answer to "which ways of buying points and of taking proceeds out does this deployment
 * offer": a method whose provider is switched off (production without its settings, decision 045)
 * is neither shown nor accepted. Cards and bank transfers are always there.
 */
export function offeredMethods(ctx: Pick<CoreContext, "vouchers" | "atm" | "wallet">): {
  topUps: TopUpMethodOffered[];
  payouts: PayoutMethod[];
} {
  const vouchers = ctx.vouchers.kind !== "off";
  return {
    topUps: vouchers ? ["cvs", "payeasy", "card"] : ["card"],
    payouts: [
      "bank",
      ...(ctx.atm.kind !== "off" ? (["seven"] as const) : []),
      ...(ctx.wallet.kind !== "off" ? (["kyash"] as const) : []),
    ],
  };
}

/** Refuses a method this deployment does not offer, as if it did not exist (404). */
export function assertOffered(
  ctx: Pick<CoreContext, "vouchers" | "atm" | "wallet">,
  o: { topUp: TopUpMethodOffered } | { payout: PayoutMethod },
): void {
  const offered = offeredMethods(ctx);
  const ok = "topUp" in o ? offered.topUps.includes(o.topUp) : offered.payouts.includes(o.payout);
  if (!ok) throw new AppError("NOT_FOUND");
}
