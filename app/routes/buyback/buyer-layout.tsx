import { Outlet } from "react-router";
import { type DeskData, DeskShell } from "../../components/shell/desk.tsx";
import type { RouteHandle } from "../../components/shell/route-handle.ts";
import { langOf } from "../../lib/lang.ts";
import type { Route } from "./+types/buyer-layout";
import { requireBuyer } from "./buyer.server.ts";

/** The buyer portal is a desk: buyers work through long lists and price tables. */
export const handle: RouteHandle = { wide: true, desk: "buyer", frame: DeskShell };

/** The buyer portal's sections (spec §2 buyer navigation), in its order. */
const BUYER_NAV = [
  { path: "deliveries/", key: "deliveries" },
  { path: "products/", key: "products" },
  { path: "bids/", key: "bids" },
  { path: "setup/account/", key: "account" },
] as const;

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const lang = langOf(params);
  const buyer = await requireBuyer(context, request, lang);
  const desk: DeskData = {
    home: `/${lang}/buyback/deliveries/`,
    who: buyer.name,
    about: { text: buyer.companyName },
    logout: `/${lang}/buyback/logout/`,
    nav: [
      {
        label: null,
        entries: BUYER_NAV.map((item) => ({
          to: `/${lang}/buyback/${item.path}`,
          label: `buybackBuyer.layout.nav.${item.key}` as const,
        })),
      },
    ],
  };
  return { desk };
}

/** The buyer portal's pages; the frame around them (the company, the menu, logging out) is the desk shell's. */
export default function BuyerLayout() {
  return <Outlet />;
}
