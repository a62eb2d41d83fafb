import { data, type RouterContextProvider } from "react-router";
import { SEARCHABLE_STATES } from "#core/catalog/item-states.ts";
import type { Locale } from "#core/shared/locale.ts";
import { blockUser, unblockUser } from "#core/social/blocks.ts";
import { parseIdCursor } from "#core/social/cursor.ts";
import { followUser, listFollows, unfollowUser } from "#core/social/follows.ts";
import { assertPublicMember, getPublicProfile, listUserItems } from "#core/social/profiles.ts";
import type { ViewerKind } from "../../components/social/profile-header.tsx";
import type { FlashKey } from "../../lib/flash.ts";
import {
  core,
  formFailure,
  orNotFound,
  pathIdOf,
  readForm,
  redirectWithFlash,
  requestInfo,
  requireUser,
  safeRedirect,
} from "../../lib/request.server.ts";

type Ctx = Readonly<RouterContextProvider>;

/** Who looks at a profile: only members follow and block; business and staff accounts just look. */
export function viewerKindOf(context: Ctx): ViewerKind {
  const user = requestInfo(context).user;
  return !user ? "visitor" : user.role === "member" ? "member" : "other";
}

export function cursorOf(request: Request): string | undefined {
  return new URL(request.url).searchParams.get("cursor") ?? undefined;
}

/** JSON for the paged lists' next pages; never cached, since it depends on who asks. */
export function jsonPage(body: unknown) {
  return Response.json(body, { headers: { "Cache-Control": "no-store" } });
}

export async function profileOf(context: Ctx, userId: number) {
  const viewer = requestInfo(context).user;
  return orNotFound(() => getPublicProfile(core(context), { userId, viewerId: viewer?.id ?? null }));
}

export type Profile = Awaited<ReturnType<typeof profileOf>>;

/** The listings shown on a profile: on sale and sold, newest first. */
export async function profileItemsPage(context: Ctx, userId: number, cursor: string | undefined) {
  const ctx = core(context);
  return orNotFound(async () => {
    await assertPublicMember(ctx, userId);
    return listUserItems(ctx, { userId, states: SEARCHABLE_STATES, before: parseIdCursor(cursor) });
  });
}

export async function peoplePage(
  context: Ctx,
  userId: number,
  direction: "followers" | "follows",
  cursor: string | undefined,
) {
  const ctx = core(context);
  return orNotFound(async () => {
    await assertPublicMember(ctx, userId);
    return listFollows(ctx, { userId, direction, before: cursor });
  });
}

const INTENTS = {
  follow: { run: followUser, flash: "people.followed" },
  unfollow: { run: unfollowUser, flash: "people.unfollowed" },
  block: { run: blockUser, flash: "people.blocked" },
  unblock: { run: unblockUser, flash: "people.unblocked" },
} as const satisfies Record<string, { run: typeof followUser; flash: FlashKey }>;

function isIntent(value: unknown): value is keyof typeof INTENTS {
  return typeof value === "string" && Object.hasOwn(INTENTS, value);
}

/**
 * Follow, unfollow, block or unblock from any page that shows a member. Without JavaScript the
 * form posts and comes back to the page it was sent from with a message; a fetcher (`js=1`) gets
 * the new state as data instead and the page updates in place.
 */
export async function socialAction(context: Ctx, request: Request, lang: Locale, userId: number) {
  const actor = requireUser(context, request, lang);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (!isIntent(intent)) throw data("Bad request", { status: 400 });
  try {
    await INTENTS[intent].run(core(context), { actor, userId });
  } catch (error) {
    return formFailure(error, lang, {});
  }
  if (form.get("js") === "1") return { done: intent };
  const back = form.get("redirectTo");
  return redirectWithFlash(
    context,
    safeRedirect(typeof back === "string" ? back : `/${lang}/users/${userId}/`, lang),
    INTENTS[intent].flash,
  );
}

/** A member id from the path; anything else names no page. */
export const userIdOf = pathIdOf;
