import { redirect } from "react-router";
import { findItemTransaction, getTransaction } from "#core/trading/get-transaction.ts";
import { core, langOf, orNotFound, pathIdOf, requireUser } from "../../lib/request.server.ts";

type Args = {
  request: Request;
  context: Parameters<typeof core>[0];
  params: { lang?: string; id?: string };
};

/** The member's transaction on the item, seen from their side; the other side's address redirects. */
export async function loadTransactionPage(args: Args, side: "buyer" | "seller" | null, rest = "") {
  const lang = langOf(args.params);
  const user = requireUser(args.context, args.request, lang);
  const itemId = pathIdOf(args.params);
  const ctx = core(args.context);
  const view = await orNotFound(async () =>
    getTransaction(ctx, {
      actor: user,
      transactionId: await findItemTransaction(ctx, { actor: user, itemId }),
    }),
  );
  const own = view.role === "seller" ? "seller" : "buyer";
  if (side !== own) throw redirect(`/${lang}/items/${itemId}/transactions/${own}/${rest}`);
  return {
    view: {
      ...view,
      shipment: view.shipment && { ...view.shipment, createdAt: view.shipment.createdAt.toISOString() },
    },
    user,
  };
}
