import { needsSellerSetup } from "../account/seller-setup.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";

const MAY_SELL_MESSAGES = {
  membersOnly: msg("listing.maySell.membersOnly"),
  setupFirst: msg("listing.maySell.setupFirst"),
};

/** Business buyers and operators never list; members may (drafts at once, publishing once set up). */
export function mayEverSell(actor: Pick<SessionUser, "role">): boolean {
  return actor.role === "member";
}

/**
 * Who may list on the flea market: members (never a business buyer or an operator). A new member
 * may write and keep drafts at once; putting a listing on sale needs the seller setup (an address
 * to ship from and an account for the proceeds), asked for at that moment. Pages and the API alike.
 */
export async function assertMaySell(
  ctx: Pick<CoreContext, "db">,
  actor: SessionUser,
  o: { publishing: boolean },
): Promise<void> {
  if (!mayEverSell(actor)) throw new AppError("FORBIDDEN", { message: MAY_SELL_MESSAGES.membersOnly });
  if (o.publishing && (await needsSellerSetup(ctx, actor.id))) {
    throw new AppError("FORBIDDEN", { message: MAY_SELL_MESSAGES.setupFirst });
  }
}
