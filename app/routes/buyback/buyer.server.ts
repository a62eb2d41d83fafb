import { data } from "react-router";
import { type Buyer, getBuyer } from "#core/buyback/buyers.ts";
import type { Locale } from "#core/shared/locale.ts";
import { core, loginRedirect, requestInfo } from "../../lib/request.server.ts";

type Ctx = Parameters<typeof core>[0];

/**
 * A page of the buyer portal: visitors go to the buyback login (and come back here), signed-in
 * accounts that are not a buyer company's get a 403. Every read after this is scoped to the
 * buyer's company.
 */
export async function requireBuyer(context: Ctx, request: Request, lang: Locale): Promise<Buyer> {
  const user = requestInfo(context).user;
  if (!user) throw loginRedirect(request, lang, "buyback/login");
  const buyer = await getBuyer(core(context).db, user.id);
  if (!buyer) throw data("Forbidden", { status: 403 });
  return buyer;
}
