import { Link } from "react-router";
import type { Locale } from "#core/shared/locale.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { BellIcon, CameraIcon, HomeIcon, SearchIcon, UserIcon } from "./icons.tsx";
import { type Tab, useRouteHandle } from "./route-handle.ts";
import { UnreadBadge } from "./unread-badge.tsx";

const ITEMS: { tab: Tab; path: string; Icon: typeof HomeIcon }[] = [
  { tab: "home", path: "/", Icon: HomeIcon },
  { tab: "search", path: "/items/search/", Icon: SearchIcon },
  { tab: "sell", path: "/sell/", Icon: CameraIcon },
  { tab: "notifications", path: "/notifications/", Icon: BellIcon },
  { tab: "mypage", path: "/mypage/", Icon: UserIcon },
];

/**
 * Five tabs at the bottom on small screens; the page's route handle says which is current, or that
 * the page has a bar of its own there instead.
 */
export function BottomNav({ lang, unread }: { lang: Locale; unread: number }) {
  const t = useTranslations("nav");
  const shell = useTranslations("shell");
  const { tab: current, actionBar } = useRouteHandle();
  // The page's own bar takes the place of the tabs.
  if (actionBar) return null;
  return (
    <nav
      aria-label={shell("primaryNav")}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)] md:hidden"
    >
      <ul className="grid grid-cols-5">
        {ITEMS.map(({ tab, path, Icon }) => {
          const active = tab === current;
          return (
            <li key={tab}>
              <Link
                to={`/${lang}${path}`}
                aria-current={active ? "page" : undefined}
                className={`relative flex h-14 flex-col items-center justify-center gap-0.5 text-[11px] font-medium ${
                  active ? "text-brand-600" : "text-slate-500"
                }`}
              >
                <Icon className="size-6" />
                {tab === "notifications" && !active && (
                  <UnreadBadge count={unread} className="absolute top-1 left-1/2 ml-1" />
                )}
                {t(tab)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
