import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { type Buyer, getBuyer } from "./buyers.ts";

/**
 * The buyer account behind a request of the buyer API: visitors are UNAUTHORIZED, every other
 * account (members, operators) FORBIDDEN. What the buyer then reads is scoped to its company.
 */
export async function authorizeBuyer(
  ctx: Pick<CoreContext, "db">,
  actor: Pick<SessionUser, "id"> | null,
): Promise<Buyer> {
  if (!actor) throw new AppError("UNAUTHORIZED");
  const buyer = await getBuyer(ctx.db, actor.id);
  if (!buyer) throw new AppError("FORBIDDEN", { message: msg("buyback.errors.buyerOnly") });
  return buyer;
}
