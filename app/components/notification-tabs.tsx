import { NavLink } from "react-router";
import { useTranslations } from "../i18n/use-translations.ts";

/** Switches between the member's own notifications and the operator's news. */
export function NotificationTabs({ lang }: { lang: "ja" | "en" }) {
  const t = useTranslations("notificationsPage");
  const tab = ({ isActive }: { isActive: boolean }) =>
    `flex-1 rounded-full px-4 py-2 text-center text-sm font-semibold ${
      isActive ? "bg-brand-600 text-white" : "text-slate-700 hover:bg-slate-100"
    }`;
  return (
    <nav aria-label={t("tabsLabel")} className="flex gap-1 rounded-full bg-white p-1 ring-1 ring-slate-200">
      <NavLink to={`/${lang}/notifications/`} end className={tab}>
        {t("tabMine")}
      </NavLink>
      <NavLink to={`/${lang}/notifications/news/`} className={tab}>
        {t("tabNews")}
      </NavLink>
    </nav>
  );
}
