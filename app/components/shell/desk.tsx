import { type ReactNode, useEffect, useRef } from "react";
import { Form, Link, NavLink, useLocation, useMatches } from "react-router";
import type { MessageKey } from "#core/shared/i18n/translate.ts";
import type { Locale } from "#core/shared/locale.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { LanguageSwitcher } from "./footer.tsx";
import { LoadingBar } from "./loading-bar.tsx";
import type { Desk } from "./route-handle.ts";
import { SkipLink } from "./skip-link.tsx";

/** One entry of a desk's menu: where it goes, its name, and for a queue how many items wait. */
type DeskNavEntry = {
  to: string;
  label: MessageKey;
  /** Active only on its own path, not on the paths under it. */
  end?: boolean;
  waiting?: number;
  overdue?: boolean;
};

/** A group of entries under a heading (none for a desk with one short list). */
type DeskNavSection = { label: MessageKey | null; entries: DeskNavEntry[] };

/**
 * What a desk's layout route answers under `desk` for the desk's frame: who is signed in (a name and
 * what they are: an operator's roles or a buyer's company), the menu, and where logging out posts.
 */
export type DeskData = {
  home: string;
  who: string;
  about: { roles: MessageKey[] } | { text: string };
  nav: DeskNavSection[];
  logout: string;
};

/** The desk's data, from the layout route whose handle names the desk (none while it failed). */
function useDeskData(): DeskData | null {
  for (const m of useMatches()) {
    const h = m.handle as { desk?: Desk } | undefined;
    const d = m.loaderData as { desk?: DeskData } | undefined;
    if (h?.desk && d?.desk) return d.desk;
  }
  return null;
}

function DeskNav({ nav, label }: { nav: DeskNavSection[]; label: string }) {
  const t = useTranslations();
  const shell = useTranslations("shell.desk");
  return (
    <nav aria-label={label} className="flex flex-col gap-4">
      {nav.map((section, i) => (
        <div key={section.label ?? i} className="flex flex-col gap-1">
          {section.label && (
            <p className="px-3 text-xs font-bold tracking-wide text-slate-500">{t(section.label)}</p>
          )}
          <ul className="flex flex-col gap-0.5">
            {section.entries.map((entry) => (
              <li key={entry.to} className="relative">
                <NavLink
                  to={entry.to}
                  end={entry.end}
                  className={({ isActive }) =>
                    `block rounded-lg py-1.5 pr-12 pl-3 text-sm font-semibold ${isActive ? "bg-brand-50 text-brand-800 ring-1 ring-brand-200" : "text-slate-700 hover:bg-slate-100"}`
                  }
                >
                  {t(entry.label)}
                </NavLink>
                {entry.waiting !== undefined && entry.waiting > 0 && (
                  <span
                    className={`pointer-events-none absolute top-1/2 right-2 -translate-y-1/2 rounded-full px-2 text-xs font-bold tabular-nums ${entry.overdue ? "bg-danger-600 text-white" : "bg-slate-200 text-slate-800"}`}
                    data-testid="desk-waiting"
                  >
                    {shell("waiting", { count: entry.waiting })}
                    {entry.overdue && <span className="sr-only"> {shell("overdue")}</span>}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

/**
 * The frame of the pages people work at all day (the back office, the buyer portal): a compact top
 * bar with who is signed in, the way out and back to the site; the menu by section on the left
 * (behind a menu button on a phone); no consumer header, search, footer or tab bar.
 */
export function DeskShell({ desk, lang, children }: { desk: Desk; lang: Locale; children: ReactNode }) {
  const t = useTranslations();
  const shell = useTranslations("shell");
  const data = useDeskData();
  // The phone's menu folds again once an entry is chosen: the page it opened is what comes next.
  const menu = useRef<HTMLDetailsElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [pathname]);
  const title = shell(`desk.${desk}`);
  const navLabel = desk === "office" ? t("backOffice.nav.label") : t("buybackBuyer.layout.navLabel");
  const about = data
    ? "roles" in data.about
      ? data.about.roles.map((r) => t(r)).join("・")
      : data.about.text
    : "";
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50" data-desk={desk}>
      <SkipLink />
      <LoadingBar />
      <header className="sticky top-0 z-40 border-b border-slate-200 bg-white">
        <div className="flex h-12 items-center gap-3 px-3 lg:px-4">
          <Link to={data?.home ?? `/${lang}/`} className="shrink-0 text-base font-bold text-brand-700">
            {title}
          </Link>
          {data && (
            <p className="ml-auto min-w-0 truncate text-right text-xs text-slate-600" data-testid="desk-who">
              <span className="sr-only">{shell("desk.signedIn")}: </span>
              <span className="font-bold text-slate-900" data-testid="desk-name">
                {data.who}
              </span>
              <span className="hidden sm:inline"> ・ </span>
              <span
                className="hidden sm:inline"
                data-testid={desk === "buyer" ? "buyer-company" : "desk-roles"}
              >
                {about}
              </span>
            </p>
          )}
          <Link
            to={`/${lang}/`}
            className={`${data ? "" : "ml-auto"} hidden shrink-0 rounded-lg px-2 py-1.5 text-xs font-semibold text-slate-700 hover:bg-slate-100 md:block`}
            data-testid="desk-to-site"
          >
            {shell("desk.toSite")}
          </Link>
          {data && (
            <Form method="post" action={data.logout} className="shrink-0">
              <button
                type="submit"
                className="rounded-lg px-2 py-1.5 text-xs font-semibold text-slate-700 hover:bg-slate-100"
              >
                {shell("desk.logout")}
              </button>
            </Form>
          )}
        </div>
      </header>
      <div className="flex flex-1 flex-col lg:flex-row">
        {data && (
          <>
            {/* On a phone the menu folds behind one button: every entry stays reachable. */}
            <details
              ref={menu}
              className="border-b border-slate-200 bg-white px-3 py-2 lg:hidden"
              data-testid="desk-menu"
            >
              <summary className="cursor-pointer rounded-lg px-2 py-1.5 text-sm font-bold text-slate-800">
                {shell("desk.menu")}
              </summary>
              <div className="pt-2 pb-1">
                <DeskNav nav={data.nav} label={navLabel} />
              </div>
              <p className="mt-2 border-t border-slate-100 px-3 pt-2 text-xs text-slate-600">{about}</p>
              <Link
                to={`/${lang}/`}
                className="block px-3 pt-2 text-xs font-semibold text-brand-700 underline"
              >
                {shell("desk.toSite")}
              </Link>
            </details>
            <aside className="hidden w-56 shrink-0 border-r border-slate-200 bg-white px-2 py-4 lg:block">
              <div className="sticky top-16 flex flex-col gap-6">
                <DeskNav nav={data.nav} label={navLabel} />
                <LanguageSwitcher lang={lang} />
              </div>
            </aside>
          </>
        )}
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 pt-4 pb-10 outline-none lg:px-6 lg:pt-6">
          <div className="mx-auto w-full max-w-7xl">{children}</div>
        </main>
      </div>
    </div>
  );
}
