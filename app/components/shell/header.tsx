import { Link, useNavigate } from "react-router";
import type { Locale } from "#core/shared/locale.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { BackIcon, BellIcon, CameraIcon, HelpIcon, UserIcon } from "./icons.tsx";
import { useRouteHandle } from "./route-handle.ts";
import { SearchBox } from "./search-box.tsx";
import { UnreadBadge } from "./unread-badge.tsx";

export type ShellUser = { id: number; nickname: string } | null;

function BackButton({ lang, back }: { lang: Locale; back: string }) {
  const t = useTranslations("shell");
  const navigate = useNavigate();
  const className =
    "-ml-2 flex size-10 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100";
  if (back === "history") {
    return (
      <button type="button" className={className} aria-label={t("back")} onClick={() => navigate(-1)}>
        <BackIcon />
      </button>
    );
  }
  return (
    <Link to={`/${lang}${back}`} className={className} aria-label={t("back")} data-testid="back-button">
      <BackIcon />
    </Link>
  );
}

export function Header({ lang, user, unread }: { lang: Locale; user: ShellUser; unread: number }) {
  const t = useTranslations("shell");
  const { back, tab, wide } = useRouteHandle();
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div
        className={`mx-auto flex h-14 ${wide ? "max-w-7xl" : "max-w-6xl"} items-center gap-2 px-3 sm:gap-4 sm:px-4 md:h-16`}
      >
        {back !== undefined && <BackButton lang={lang} back={back} />}
        <Link
          to={`/${lang}/`}
          className="shrink-0 text-xl font-bold tracking-tight text-brand-700"
          aria-label={t("home")}
        >
          Tsugu
        </Link>
        <SearchBox lang={lang} />
        <Link
          to={`/${lang}/buyback/`}
          className="shrink-0 rounded-full px-2 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 sm:px-3"
          data-testid="header-buyback"
        >
          {t("buyback")}
        </Link>
        <Link
          to={`/${lang}/help/`}
          className="hidden size-10 shrink-0 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 sm:flex"
          data-testid="header-help"
        >
          <HelpIcon className="size-6" />
          <span className="sr-only">{t("help")}</span>
        </Link>
        {user && (
          <Link
            to={`/${lang}/notifications/`}
            className="relative flex size-10 shrink-0 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100"
            aria-current={tab === "notifications" ? "page" : undefined}
            data-testid="header-notifications"
          >
            <BellIcon className="size-6" />
            <span className="sr-only">{t("notifications")}</span>
            {tab !== "notifications" && <UnreadBadge count={unread} className="absolute -top-0.5 -right-1" />}
          </Link>
        )}
        {user ? (
          <Link
            to={`/${lang}/mypage/`}
            className="hidden shrink-0 items-center gap-1 rounded-full px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 md:flex"
            aria-current={tab === "mypage" ? "page" : undefined}
            data-testid="header-mypage"
          >
            <UserIcon className="size-5" />
            {t("mypage")}
          </Link>
        ) : (
          <div className="flex shrink-0 items-center gap-1">
            <Link
              to={`/${lang}/login/`}
              className="rounded-full px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
            >
              {t("login")}
            </Link>
            <Link
              to={`/${lang}/signup/`}
              className="hidden rounded-full border border-brand-600 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 sm:block"
            >
              {t("signup")}
            </Link>
          </div>
        )}
        {/* On phones the bottom tab bar has 出品; from tablet width up, the header does. */}
        <Link
          to={`/${lang}/sell/`}
          className="hidden h-10 shrink-0 items-center gap-1.5 rounded-full bg-brand-600 px-4 text-sm font-bold text-white shadow-sm hover:bg-brand-700 md:flex"
          aria-current={tab === "sell" ? "page" : undefined}
          data-testid="header-sell"
        >
          <CameraIcon className="size-5" />
          {t("sell")}
        </Link>
      </div>
    </header>
  );
}
