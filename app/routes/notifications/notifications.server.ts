import type { RouterContextProvider } from "react-router";
import type { SessionUser } from "#core/identity/sessions.ts";
import { listNotifications, markNotificationsRead, type Notification } from "#core/notify/notifications.ts";
import { parseIdCursor } from "#core/social/cursor.ts";
import { core, orNotFound } from "../../lib/request.server.ts";

type Ctx = Readonly<RouterContextProvider>;

/** What a notification row needs: the kind, the names in its sentence, where it leads, and whether it is new. */
export type NotificationView = {
  id: number;
  kind: string;
  by: string;
  title: string;
  keyword: string;
  /** For transaction notices: what happened ("sold", "shipped", a new state…). */
  event: string;
  /** Path under the language prefix, or null when the notice leads nowhere. */
  href: string | null;
  unread: boolean;
  createdAt: string;
};

const text = (v: unknown) => (typeof v === "string" ? v : "");
const id = (v: unknown) => (typeof v === "number" && Number.isSafeInteger(v) && v > 0 ? v : null);

function hrefOf(n: Notification): string | null {
  const itemId = id(n.payload.itemId);
  switch (n.kind) {
    case "saved_search":
    case "like":
      return itemId ? `/items/${itemId}/` : null;
    case "comment":
      return itemId ? `/items/${itemId}/comments/` : null;
    case "purchase":
    case "payment":
    case "shipping":
    case "message":
    case "rating":
      return itemId ? `/items/${itemId}/transactions/` : null;
    case "follow": {
      const userId = id(n.payload.userId);
      return userId ? `/users/${userId}/` : null;
    }
    default:
      return null;
  }
}

/** `openedAt`: when the page was opened; what was read from then on was unread when it was opened. */
function view(n: Notification, openedAt: number): NotificationView {
  return {
    id: n.id,
    kind: n.kind,
    by: text(n.payload.by),
    title: text(n.payload.title),
    keyword:
      n.kind === "saved_search" ? (new URLSearchParams(text(n.payload.query)).get("keyword") ?? "") : "",
    event: text(n.payload.event),
    href: hrefOf(n),
    unread: n.readAt === null || n.readAt.getTime() >= openedAt,
    createdAt: n.createdAt.toISOString(),
  };
}

export async function notificationsPage(
  context: Ctx,
  user: SessionUser,
  cursor: string | undefined,
  openedAt: number,
) {
  const page = await orNotFound(() =>
    listNotifications(core(context), { userId: user.id, before: parseIdCursor(cursor) }),
  );
  return { items: page.items.map((n) => view(n, openedAt)), nextCursor: page.nextCursor };
}

/** Opening the list shows what is new; it changes nothing (the page marks them read by POST). */
export async function openNotifications(context: Ctx, user: SessionUser) {
  const openedAt = core(context).clock.now().getTime();
  const first = await notificationsPage(context, user, undefined, openedAt);
  return { openedAt, first };
}

/** The notifications shown (up to the newest one, `upTo`), or all of them, are now read. */
export async function readNotifications(context: Ctx, user: SessionUser, upTo: string | null) {
  const newest = upTo === null ? undefined : parseIdCursor(upTo);
  await markNotificationsRead(core(context), user.id, newest ?? undefined);
}
