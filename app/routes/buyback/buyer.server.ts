import { data, redirect } from "react-router";
import { type Buyer, getBuyer } from "#core/buyback/buyers.ts";
import type { Locale } from "#core/shared/locale.ts";
import { core, requestInfo } from "../../lib/request.server.ts";

type Ctx = Parameters<typeof core>[0];

/**
 * A page of the buyer portal: visitors go to the buyback login (and come back here), signed-in
 * accounts that are not a buyer company's get a 403. Every read after this is scoped to the
 * buyer's company.
 */
export async function requireBuyer(context: Ctx, request: Request, lang: Locale): Promise<Buyer> {
  const user = requestInfo(context).user;
  if (!user) {
    const url = new URL(request.url);
    const back = url.pathname.replace(/\.data$/, "") + url.search;
    throw redirect(`/${lang}/buyback/login/?redirect=${encodeURIComponent(back)}`);
  }
  const buyer = await getBuyer(core(context).db, user.id);
  if (!buyer) throw data("Forbidden", { status: 403 });
  return buyer;
}
