import type { ComponentType, ReactNode } from "react";
import { useMatches } from "react-router";
import type { Locale } from "#core/shared/locale.ts";

const TABS = ["home", "search", "sell", "notifications", "mypage"] as const;
export type Tab = (typeof TABS)[number];

/**
 * Page metadata a route declares in its `handle`: whether the header shows a back button (a path
 * under the current language, or "history" for the browser's back) and which bottom tab is active.
 */
export type RouteHandle = {
  back?: string;
  tab?: Tab;
  wide?: boolean;
  actionBar?: boolean;
  desk?: Desk;
  frame?: DeskFrame;
};

/**
 * The frame a desk's layout route draws its pages in (`DeskShell`). The layout names it, so only the
 * desks' pages carry its code and words, not every page of the site (decision 052).
 */
type DeskFrame = ComponentType<{ desk: Desk; lang: Locale; children: ReactNode }>;

/** The desks people work at all day: the back office and the buyer portal. */
export type Desk = "office" | "buyer";

/**
 * `wide`: the page uses the whole width of a desktop screen (the back office's tables).
 * `actionBar`: on small screens the page keeps its own bar at the bottom (the item page's buy
 * button) in place of the tabs; the shell leaves the tabs out and the room for the bar free.
 * `desk`: the page is worked at a desk (a layout route says so for its pages): the shell draws the
 * desk's frame (`frame`) instead of the site's header, footer and tabs.
 */
export function useRouteHandle(): Required<Pick<RouteHandle, "tab" | "wide" | "actionBar">> &
  Pick<RouteHandle, "back" | "desk" | "frame"> {
  const matches = useMatches();
  let back: string | undefined;
  let tab: Tab = "home";
  let wide = false;
  let actionBar = false;
  let desk: Desk | undefined;
  let frame: DeskFrame | undefined;
  for (const m of matches) {
    const h = m.handle as RouteHandle | undefined;
    if (h?.back !== undefined) back = h.back;
    if (h?.tab) tab = h.tab;
    if (h?.wide) wide = true;
    if (h?.actionBar) actionBar = true;
    if (h?.desk) desk = h.desk;
    if (h?.frame) frame = h.frame;
  }
  return { back, tab, wide, actionBar, desk, frame };
}
