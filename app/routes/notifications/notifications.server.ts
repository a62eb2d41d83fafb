import { data, type RouterContextProvider } from "react-router";
import type { SessionUser } from "#core/identity/sessions.ts";
import { balanceNoticeMethods } from "#core/money/balance/notice-links.ts";
import { listNotifications } from "#core/notify/list-notifications.ts";
import { markNotificationsRead } from "#core/notify/mark-notifications-read.ts";
import type { Notification } from "#core/notify/notifications.ts";
import { parseIdCursor } from "#core/social/cursor.ts";
import { payoutPath, topUpPath } from "../../lib/balance-links.ts";
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
  /** A moderation decision's case number. */
  caseNumber: string;
  /** Balance notices: the yen (or points) concerned, and the days left or granted. */
  amount: number;
  days: number;
  /** A price drop's price before (the new one is `amount`). */
  previous: number;
  /** Path under the language prefix, or null when the notice leads nowhere. */
  href: string | null;
  unread: boolean;
  createdAt: string;
};

const text = (v: unknown) => (typeof v === "string" ? v : "");
const id = (v: unknown) => (typeof v === "number" && Number.isSafeInteger(v) && v > 0 ? v : null);
const count = (v: unknown) => (typeof v === "number" && Number.isSafeInteger(v) ? v : 0);

/** How the payouts and top-ups that balance notices name were made, to lead to their pages. */
type BalanceMethods = Awaited<ReturnType<typeof balanceNoticeMethods>>;

/**
 * A balance notice leads to what it is about: the top-up or payout's own page, the balance (its
 * deadlines), the bank account to register, or the history.
 */
function balanceHref(n: Notification, methods: BalanceMethods): string {
  const payoutId = id(n.payload.payoutId);
  const topUpId = id(n.payload.topUpId);
  switch (n.payload.event) {
    case "top_up_paid": {
      const method = topUpId ? methods.topUps.get(topUpId) : undefined;
      return method && topUpId ? topUpPath(method, topUpId) : "/balance/transfer-history/";
    }
    case "payout_sent":
    case "payout_paid":
    case "payout_returned":
    case "atm_expired": {
      const method = payoutId ? methods.payouts.get(payoutId) : undefined;
      return method && payoutId ? payoutPath(method, payoutId) : "/balance/transfer-history/";
    }
    case "deadline_no_account":
      return "/settings/bank-account/";
    case "auto_payout":
      return "/balance/transfer-history/";
    default:
      return "/balance/";
  }
}

function hrefOf(n: Notification, methods: BalanceMethods): string | null {
  const itemId = id(n.payload.itemId);
  switch (n.kind) {
    case "saved_search":
    case "like":
    case "price_drop":
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
    case "moderation": {
      // A hidden listing shows its seller why, and what is restored is back in its place; a hidden
      // comment or a suspension leads to the appeal form of the decision.
      const decisionId = id(n.payload.decisionId);
      if ((n.payload.event === "hide_item" || n.payload.event === "restore_item") && itemId) {
        return `/items/${itemId}/`;
      }
      if (n.payload.event === "restore_comment" && itemId) return `/items/${itemId}/comments/`;
      return decisionId ? `/mypage/support/?category=appeal&decision=${decisionId}` : null;
    }
    case "support": {
      const inquiryId = id(n.payload.inquiryId);
      return inquiryId ? `/mypage/support/${inquiryId}/` : null;
    }
    case "identity":
      return "/settings/identification/";
    case "balance":
      return balanceHref(n, methods);
    case "offer":
      // Received offers are answered on the offers page; sent ones are followed there too.
      return n.payload.side === "sent" ? "/mypage/offers/?side=sent" : "/mypage/offers/";
    case "buyback": {
      const buybackItemId = id(n.payload.buybackItemId);
      return buybackItemId ? `/buyback/transactions/${buybackItemId}/` : null;
    }
    default:
      return null;
  }
}

/** `openedAt`: when the page was opened; what was read from then on was unread when it was opened. */
function view(n: Notification, openedAt: number, methods: BalanceMethods): NotificationView {
  return {
    id: n.id,
    kind: n.kind,
    by: text(n.payload.by),
    title: text(n.payload.title),
    keyword:
      n.kind === "saved_search" ? (new URLSearchParams(text(n.payload.query)).get("keyword") ?? "") : "",
    event: text(n.payload.event),
    caseNumber: text(n.payload.caseNumber),
    amount: count(n.payload.amount),
    days: count(n.payload.days),
    previous: count(n.payload.previous),
    href: hrefOf(n, methods),
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
  const balance = page.items.filter((n) => n.kind === "balance");
  const ids = (key: string) => [
    ...new Set(balance.map((n) => id(n.payload[key])).filter((v): v is number => v !== null)),
  ];
  const methods = await balanceNoticeMethods(core(context), {
    userId: user.id,
    payoutIds: ids("payoutId"),
    topUpIds: ids("topUpId"),
  });
  return { items: page.items.map((n) => view(n, openedAt, methods)), nextCursor: page.nextCursor };
}

/** Opening the list shows what is new; it changes nothing (the page marks them read by POST). */
export async function openNotifications(context: Ctx, user: SessionUser) {
  const openedAt = core(context).clock.now().getTime();
  const first = await notificationsPage(context, user, undefined, openedAt);
  return { openedAt, first };
}

/**
 * The notifications shown (up to the newest one, `upTo`), or all of them, are now read. An `upTo`
 * that names no notification is a form no page sends: the 400, never a 500.
 */
export async function readNotifications(context: Ctx, user: SessionUser, upTo: string | null) {
  let newest: number | undefined;
  try {
    newest = upTo === null ? undefined : parseIdCursor(upTo);
  } catch {
    throw data("Bad request", { status: 400 });
  }
  await markNotificationsRead(core(context), user.id, newest ?? undefined);
}
