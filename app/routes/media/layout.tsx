import { NavLink, Outlet } from "react-router";
import { Shell } from "../../components/shell/shell.tsx";
import { useTranslations } from "../../i18n/use-translations.ts";
import { MEDIA_HOME_PATH, NEWS_HOME_PATH } from "../../lib/site-links.ts";

/** The media and news layout (§2): Japanese pages outside the language prefix, with the media's own menu. */
export default function MediaLayout() {
  const t = useTranslations("media");
  const tab = ({ isActive }: { isActive: boolean }) =>
    `inline-flex h-10 items-center rounded-full px-4 text-sm font-semibold ${
      isActive ? "bg-brand-600 text-white" : "text-slate-700 ring-1 ring-slate-300 hover:bg-white"
    }`;
  return (
    <Shell lang="ja">
      <nav aria-label={t("sectionNav")} className="mx-auto mb-6 flex max-w-5xl items-center gap-2">
        <p className="mr-auto font-bold text-slate-900">{t("name")}</p>
        <NavLink to={MEDIA_HOME_PATH} className={tab}>
          {t("articlesNav")}
        </NavLink>
        <NavLink to={NEWS_HOME_PATH} className={tab}>
          {t("newsNav")}
        </NavLink>
      </nav>
      <Outlet />
    </Shell>
  );
}
