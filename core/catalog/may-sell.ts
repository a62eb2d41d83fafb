import { needsSellerSetup } from "../account/seller-setup.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";

const MAY_SELL_MESSAGES = {
  membersOnly: {
    ja: "出品できるのは会員のみです。法人のお取引先・運営スタッフのアカウントでは出品できません",
    en: "Only members can list items; business and staff accounts cannot",
  },
  setupFirst: {
    ja: "出品するには、先に住所と売上金の振込先を登録してください",
    en: "Register your address and where to send your proceeds before listing",
  },
};

/** Business buyers and operators never list; members may, once set up. */
export function mayEverSell(actor: Pick<SessionUser, "role">): boolean {
  return actor.role === "member";
}

/**
 * Who may list on the flea market: members (never a business buyer or an operator) who have been
 * through the seller setup (an address and a payout account). Pages and the API alike.
 */
export async function assertMaySell(ctx: Pick<CoreContext, "db">, actor: SessionUser): Promise<void> {
  if (!mayEverSell(actor)) throw new AppError("FORBIDDEN", { message: MAY_SELL_MESSAGES.membersOnly });
  if (await needsSellerSetup(ctx, actor.id)) {
    throw new AppError("FORBIDDEN", { message: MAY_SELL_MESSAGES.setupFirst });
  }
}
