import { type ReactNode, useEffect, useState } from "react";
import { useRouteLoaderData } from "react-router";
import type { Locale } from "#core/shared/locale.ts";
import { pendingMessages } from "#i18n/catalogue";
import { translator } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import type { FlashKey } from "../../lib/flash.ts";
import { showToast } from "../../lib/ui-state.ts";
import { BottomNav } from "./bottom-nav.tsx";
import { Footer } from "./footer.tsx";
import { Header, type ShellUser } from "./header.tsx";
import { LoadingBar } from "./loading-bar.tsx";
import { useRouteHandle } from "./route-handle.ts";
import { SkipLink } from "./skip-link.tsx";
import { Toaster } from "./toaster.tsx";

export type RootData = {
  user: ShellUser;
  flash: { key: FlashKey; nonce: string } | null;
  publicUrl: string;
  /** Unread notifications of the signed-in member (0 for visitors), for the badges. */
  unreadNotifications: number;
  /** An operator looking at this member's pages, read-only. */
  viewingAs: { operatorNickname: string; memberId: number; expiresAt: string } | null;
  /** The build the page was rendered with (decision 029); null in development. */
  buildId: string | null;
};

/** Says, on every page, that an operator is looking at a member's pages read-only, with a way out. */
function ViewingAsBanner({
  lang,
  viewingAs,
  member,
}: {
  lang: Locale;
  viewingAs: NonNullable<RootData["viewingAs"]>;
  member: string;
}) {
  const t = useTranslations("viewAs");
  return (
    <div
      role="status"
      className="sticky top-0 z-40 flex flex-wrap items-center justify-center gap-x-4 gap-y-1 bg-amber-400 px-4 py-2 text-sm font-semibold text-slate-900"
      data-testid="view-as-banner"
    >
      <span>{t("banner", { name: member, operator: viewingAs.operatorNickname })}</span>
      <form method="post" action={`/${lang}/staff/view-as/end/`}>
        <button type="submit" className="rounded-full bg-slate-900 px-3 py-1 text-xs font-bold text-white">
          {t("end")}
        </button>
      </form>
    </div>
  );
}

function FlashToast({ lang }: { lang: Locale }) {
  const root = useRouteLoaderData("root") as RootData | undefined;
  const flash = root?.flash;
  useEffect(() => {
    if (!flash) return;
    // A page reached in the browser may not carry the message's words yet: they come first.
    let shown = false;
    void (pendingMessages(lang, flash.key) ?? Promise.resolve()).then(() => {
      if (shown) return;
      shown = true;
      showToast(translator(lang)(flash.key));
    });
    return () => {
      shown = true;
    };
  }, [flash?.nonce]);
  return null;
}

const text = (v: unknown) => (typeof v === "string" ? v : "");
const count = (v: unknown) => (typeof v === "number" && Number.isSafeInteger(v) ? v : 0);

/**
 * Live notifications for a signed-in member: a server-sent event stream (`/events/notifications`)
 * that shows each new notification as a toast and keeps the unread count current. Answers the live
 * count, or null until the stream has said something newer than the page's data.
 */
function useLiveUnread(
  signedIn: boolean,
  pageUnread: number,
  lang: Locale,
): { unread: number | null; connected: boolean } {
  const [live, setLive] = useState<number | null>(null);
  const [connected, setConnected] = useState(false);
  // Fresh page data knows best: it arrives after every navigation.
  useEffect(() => setLive(null), [pageUnread]);
  useEffect(() => {
    if (!signedIn || typeof EventSource === "undefined") return;
    const source = new EventSource("/events/notifications");
    // The count as the stream starts: catches what arrived between the page's data and now.
    source.addEventListener("ready", (event) => {
      setConnected(true);
      setLive((JSON.parse((event as MessageEvent<string>).data) as { unread: number }).unread);
    });
    source.addEventListener("error", () => setConnected(false));
    source.addEventListener("notification", (event) => {
      const n = JSON.parse((event as MessageEvent<string>).data) as {
        kind: string;
        payload: Record<string, unknown>;
        unread: number;
      };
      setLive(n.unread);
      // The sentence's words load with it: a page carries them only where it lists notifications.
      void import("../notification-sentence.tsx").then(async ({ sayNotification }) =>
        showToast(
          await sayNotification(
            {
              kind: n.kind,
              by: text(n.payload.by),
              title: text(n.payload.title),
              keyword: "",
              event: text(n.payload.event),
              caseNumber: text(n.payload.caseNumber),
              amount: count(n.payload.amount),
              days: count(n.payload.days),
              previous: count(n.payload.previous),
            },
            lang,
          ),
        ),
      );
    });
    return () => source.close();
  }, [signedIn]);
  return { unread: live, connected };
}

/** Header, loading bar, snackbar, footer and bottom navigation around every page; a desk's pages get the desk's frame instead. */
export function Shell({ lang, children }: { lang: Locale; children: ReactNode }) {
  const root = useRouteLoaderData("root") as RootData | undefined;
  // While an operator looks at a member's pages, the live stream (the operator's own) stays off.
  const live = useLiveUnread(Boolean(root?.user) && !root?.viewingAs, root?.unreadNotifications ?? 0, lang);
  const { wide, desk, frame: DeskFrame } = useRouteHandle();
  const unread = live.unread ?? root?.unreadNotifications ?? 0;
  if (desk && DeskFrame) {
    return (
      <>
        <DeskFrame desk={desk} lang={lang}>
          {children}
        </DeskFrame>
        <Toaster />
        <FlashToast lang={lang} />
      </>
    );
  }
  return (
    // data-live: whether this page hears new notifications as they happen.
    <div className="flex min-h-dvh flex-col" data-live={live.connected ? "on" : "off"}>
      <SkipLink />
      {root?.viewingAs && root.user && (
        <ViewingAsBanner lang={lang} viewingAs={root.viewingAs} member={root.user.nickname} />
      )}
      <LoadingBar />
      <Header lang={lang} user={root?.user ?? null} unread={unread} />
      <main
        id="main"
        tabIndex={-1}
        className={`mx-auto w-full ${wide ? "max-w-7xl" : "max-w-6xl"} flex-1 px-4 pt-4 pb-8 outline-none sm:pt-6`}
      >
        {children}
      </main>
      <Footer lang={lang} />
      <BottomNav lang={lang} unread={unread} />
      <Toaster />
      <FlashToast lang={lang} />
    </div>
  );
}
