import { redirect } from "react-router";
import { getItemTransaction } from "#core/trading/get-transaction.ts";
import { qrMatrix } from "../../lib/qr-code.server.ts";
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
  const view = await orNotFound(() => getItemTransaction(ctx, { actor: user, itemId }));
  const own = view.role === "seller" ? "seller" : "buyer";
  if (side !== own) throw redirect(`/${lang}/items/${itemId}/transactions/${own}/${rest}`);
  const shipment = view.shipment;
  return {
    view: {
      ...view,
      shipment: shipment && {
        ...shipment,
        createdAt: shipment.createdAt.toISOString(),
        qrExpiresAt: shipment.qrExpiresAt?.toISOString() ?? null,
      },
      // Only the seller hands the parcel in: the drop-off code is theirs alone.
      dropOff:
        shipment?.qrCode && view.role === "seller"
          ? {
              code: shipment.qrCode,
              qr: qrMatrix(shipment.qrCode),
              shippingType: shipment.courierShippingType,
              expiresAt: shipment.qrExpiresAt?.toISOString() ?? null,
              expired: shipment.qrExpiresAt !== null && shipment.qrExpiresAt <= ctx.clock.now(),
            }
          : null,
    },
    user,
  };
}

/**
 * The answer to a step that cannot be undone, posted without `confirmed=1`: the page shows its
 * confirmation with what was sent, to post again confirmed (see `ConfirmPanel`).
 */
export function confirmation(intent: string, form: FormData) {
  const values = [...form.entries()].flatMap(([name, value]) =>
    typeof value === "string" && name !== "confirmed" && name !== "back" ? [[name, value] as const] : [],
  );
  return { confirm: { intent, values } };
}

/** Whether the post confirms its step, or asks to go back to the form. */
export function confirmStepOf(form: FormData): "confirmed" | "back" | "ask" {
  if (form.get("back") === "1") return "back";
  return form.get("confirmed") === "1" ? "confirmed" : "ask";
}
