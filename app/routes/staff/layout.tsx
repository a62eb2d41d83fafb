import { NavLink, Outlet } from "react-router";
import { useTranslations } from "use-intl";
import { hasPermission } from "#core/staff/permissions.ts";
import { langOf } from "../../lib/lang.ts";
import type { Route } from "./+types/layout";
import { isBuybackNavKey, isOfficeMoneyNavKey, STAFF_NAV } from "./nav.ts";
import { requireStaff } from "./staff.server.ts";

/** Desktop-first: the back office uses the whole width of the screen. */
export const handle = { wide: true };

export function loader({ context, request, params }: Route.LoaderArgs) {
  const user = requireStaff(context, request, langOf(params));
  return {
    nav: STAFF_NAV.filter((item) => hasPermission(user.staffRoles, item.permission)).map(({ path, key }) => ({
      path,
      key,
    })),
    operator: { nickname: user.nickname, roles: user.staffRoles },
  };
}

/** The back office: a side menu of the sections the operator may open (a scrolling strip on a phone). */
export default function StaffLayout({ loaderData, params }: Route.ComponentProps) {
  const t = useTranslations("backOffice");
  const money = useTranslations("officeMoney");
  const buyback = useTranslations("buybackOffice");
  const lang = langOf(params);
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-4 lg:flex-row lg:gap-8">
      <nav aria-label={t("nav.label")} className="lg:w-52 lg:shrink-0">
        <p className="mb-2 hidden text-xs font-bold tracking-wide text-slate-500 lg:block">
          {t("nav.title")}
        </p>
        <ul className="-mx-4 flex gap-1 overflow-x-auto px-4 pb-1 lg:mx-0 lg:flex-col lg:overflow-visible lg:px-0">
          {loaderData.nav.map((item) => (
            <li key={item.key} className="shrink-0">
              <NavLink
                to={`/${lang}/staff/${item.path}`}
                end={item.path === "" || item.path === "buyback/"}
                className={({ isActive }) =>
                  `block rounded-lg px-3 py-2 text-sm font-semibold ${isActive ? "bg-brand-50 text-brand-800 ring-1 ring-brand-200" : "text-slate-700 hover:bg-slate-100"}`
                }
              >
                {isOfficeMoneyNavKey(item.key)
                  ? money(`nav.${item.key}`)
                  : isBuybackNavKey(item.key)
                    ? buyback(`nav.${item.key}`)
                    : t(`nav.${item.key}`)}
              </NavLink>
            </li>
          ))}
        </ul>
        <p className="mt-3 hidden text-xs text-slate-500 lg:block" data-testid="staff-operator">
          {loaderData.operator.nickname}
          <br />
          {loaderData.operator.roles.map((r) => t(`roles.${r}`)).join("・")}
        </p>
      </nav>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
