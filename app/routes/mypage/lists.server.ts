import type { RouterContextProvider } from "react-router";
import type { SessionUser } from "#core/identity/sessions.ts";
import { parseIdCursor } from "#core/social/cursor.ts";
import { listFollows } from "#core/social/follows.ts";
import { likedItems } from "#core/social/likes.ts";
import { listUserItems } from "#core/social/profiles.ts";
import { core, orNotFound } from "../../lib/request.server.ts";
import { LISTING_TABS, type ListingTab } from "./listing-tabs.ts";

type Ctx = Readonly<RouterContextProvider>;

export function listingTabOf(request: Request): ListingTab {
  const tab = new URL(request.url).searchParams.get("tab");
  return tab && Object.hasOwn(LISTING_TABS, tab) ? (tab as ListingTab) : "sale";
}

export async function myListingsPage(
  context: Ctx,
  user: SessionUser,
  tab: ListingTab,
  cursor: string | undefined,
) {
  return orNotFound(() =>
    listUserItems(core(context), {
      userId: user.id,
      states: [...LISTING_TABS[tab]],
      before: parseIdCursor(cursor),
    }),
  );
}

export async function myLikesPage(context: Ctx, user: SessionUser, cursor: string | undefined) {
  return orNotFound(() => likedItems(core(context), { userId: user.id, before: cursor }));
}

export async function myFollowsPage(context: Ctx, user: SessionUser, cursor: string | undefined) {
  return orNotFound(() =>
    listFollows(core(context), { userId: user.id, direction: "follows", before: cursor }),
  );
}
