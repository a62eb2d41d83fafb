import { type ReactNode, useEffect } from "react";
import { useRouteLoaderData } from "react-router";
import { useTranslations } from "use-intl";
import type { Locale } from "#core/shared/locale.ts";
import type { FlashKey } from "../../lib/flash.ts";
import { showToast } from "../../lib/ui-state.ts";
import { BottomNav } from "./bottom-nav.tsx";
import { Footer } from "./footer.tsx";
import { Header, type ShellUser } from "./header.tsx";
import { LoadingBar } from "./loading-bar.tsx";
import { Toaster } from "./toaster.tsx";

export type RootData = {
  user: ShellUser;
  flash: { key: FlashKey; nonce: string } | null;
  publicUrl: string;
  /** Unread notifications of the signed-in member (0 for visitors), for the badges. */
  unreadNotifications: number;
};

function FlashToast() {
  const root = useRouteLoaderData("root") as RootData | undefined;
  const t = useTranslations();
  const flash = root?.flash;
  useEffect(() => {
    if (flash) showToast(t(flash.key));
  }, [flash?.nonce]);
  return null;
}

/** Header, loading bar, snackbar, footer and bottom navigation around every page. */
export function Shell({ lang, children }: { lang: Locale; children: ReactNode }) {
  const t = useTranslations("shell");
  const root = useRouteLoaderData("root") as RootData | undefined;
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white px-4 py-2 text-brand-700 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t("skipToContent")}
      </a>
      <LoadingBar />
      <Header lang={lang} user={root?.user ?? null} unread={root?.unreadNotifications ?? 0} />
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto w-full max-w-5xl flex-1 px-4 pt-4 pb-8 outline-none sm:pt-6"
      >
        {children}
      </main>
      <Footer lang={lang} />
      <BottomNav lang={lang} unread={root?.unreadNotifications ?? 0} />
      <Toaster />
      <FlashToast />
    </div>
  );
}
