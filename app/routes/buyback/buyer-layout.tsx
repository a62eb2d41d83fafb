import { Form, NavLink, Outlet } from "react-router";
import { useTranslations } from "use-intl";
import { langOf } from "../../lib/lang.ts";
import type { Route } from "./+types/buyer-layout";
import { requireBuyer } from "./buyer.server.ts";

/** Desk-first: buyers work through long lists and price tables. */
export const handle = { wide: true };

/** The buyer portal's sections (spec §2 buyer navigation), in its order. */
const BUYER_NAV = [
  { path: "deliveries/", key: "deliveries" },
  { path: "products/", key: "products" },
  { path: "bids/", key: "bids" },
  { path: "setup/account/", key: "account" },
] as const;

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const buyer = await requireBuyer(context, request, langOf(params));
  return { buyer: { name: buyer.name, companyName: buyer.companyName } };
}

/** The buyer portal: the company, its four sections (a scrolling strip on a phone) and logging out. */
export default function BuyerLayout({ loaderData, params }: Route.ComponentProps) {
  const t = useTranslations("buybackBuyer.layout");
  const lang = langOf(params);
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 pb-3">
        <p className="text-sm text-slate-600">
          <span className="font-bold text-slate-900" data-testid="buyer-company">
            {loaderData.buyer.companyName}
          </span>{" "}
          {t("signedInAs", { name: loaderData.buyer.name })}
        </p>
        <Form method="post" action={`/${lang}/buyback/logout/`}>
          <button
            type="submit"
            className="rounded-lg px-3 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100"
          >
            {t("logout")}
          </button>
        </Form>
      </div>
      <nav aria-label={t("navLabel")}>
        <ul className="-mx-4 flex gap-1 overflow-x-auto px-4 pb-1">
          {BUYER_NAV.map((item) => (
            <li key={item.key} className="shrink-0">
              <NavLink
                to={`/${lang}/buyback/${item.path}`}
                className={({ isActive }) =>
                  `block rounded-lg px-3 py-2 text-sm font-semibold ${isActive ? "bg-brand-50 text-brand-800 ring-1 ring-brand-200" : "text-slate-700 hover:bg-slate-100"}`
                }
              >
                {t(`nav.${item.key}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  );
}
