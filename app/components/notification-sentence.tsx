import { useLocale } from "use-intl";
import { filesOf } from "#core/shared/i18n/message-files.ts";
import type { Locale } from "#core/shared/locale.ts";
import { formatPoints, formatYen, loadMessages, translator } from "../i18n/index.ts";
import { useTranslations } from "../i18n/use-translations.ts";

const TRADE_NOTICES = [
  "purchase_sold",
  "purchase_CANCELING",
  "purchase_CANCELED",
  "purchase_START",
  "purchase_COMPLETED",
  "purchase_held",
  "purchase_released",
  "payment_paid",
  "payment_completed",
  "shipping_shipped",
  "shipping_reminder",
  "message_message",
  "rating_rated",
  "rating_reminder",
] as const;

/** What a notification row or a live toast needs to say its sentence. */
export type NotificationWords = {
  kind: string;
  by: string;
  title: string;
  keyword: string;
  event: string;
  /** A moderation decision's case number. */
  caseNumber?: string;
  /** Balance notices: the yen (or points) concerned, and the days left or granted. */
  amount?: number;
  days?: number;
  /** A price drop's price before (the new one is `amount`). */
  previous?: number;
};

const MODERATION_NOTICES = [
  "hide_item",
  "restore_item",
  "hide_comment",
  "restore_comment",
  "suspend_member",
  "restore_member",
] as const;

const BALANCE_NOTICES = [
  "top_up_paid",
  "payout_sent",
  "payout_paid",
  "payout_returned",
  "atm_expired",
  "deadline_reminder",
  "auto_payout",
  "deadline_no_account",
  "free_points_granted",
  "free_points_expired",
] as const;

const BUYBACK_NOTICES = [
  "received",
  "offered",
  "offer_reminder",
  "bought",
  "returned",
  "expired",
  "refused",
  "held",
  "unlock_requested",
] as const;

const OFFER_NOTICES = [
  "received",
  "countered",
  "accepted",
  "declined",
  "counter_accepted",
  "counter_declined",
  "expired",
  "closed",
] as const;

/** Balance notices counted in points; every other one is yen. */
const IN_POINTS = new Set<string>(["top_up_paid", "free_points_granted", "free_points_expired"]);

/** A translator of whole keys (`"buying.notices.purchase_sold"`), as the page's or as a plain one. */
type Say = (key: string, values?: Record<string, string | number>) => string;

/** Says a notification as one sentence in a language, with the words `say` reads. */
function sentence(n: NotificationWords, locale: Locale, say: Say): string {
  const t = (key: string, values?: Record<string, string | number>) =>
    say(`notificationsPage.${key}`, values);
  const trade = TRADE_NOTICES.find((k) => k === `${n.kind}_${n.event}`);
  if (trade) return say(`buying.notices.${trade}`, { title: n.title });
  switch (n.kind) {
    case "saved_search":
      return n.keyword
        ? t("savedSearchKeyword", { keyword: n.keyword, title: n.title })
        : t("savedSearch", { title: n.title });
    case "comment":
      return t("comment", { by: n.by, title: n.title });
    case "like":
      return t("like", { by: n.by, title: n.title });
    case "follow":
      return t("follow", { by: n.by });
    case "price_drop":
      return t("priceDrop", {
        title: n.title,
        from: formatYen(n.previous ?? 0, locale),
        to: formatYen(n.amount ?? 0, locale),
      });
    case "moderation": {
      const event = MODERATION_NOTICES.find((e) => e === n.event);
      return event
        ? say(`moderation.notices.${event}`, { title: n.title, caseNumber: n.caseNumber ?? "" })
        : t("other");
    }
    case "support":
      return say("support.notice.answered", { subject: n.title });
    case "identity":
      return n.event === "verified" || n.event === "rejected"
        ? say(`identityReview.notice.${n.event}`)
        : t("other");
    case "balance": {
      const event = BALANCE_NOTICES.find((e) => e === n.event);
      if (!event) return t("other");
      const amount = IN_POINTS.has(event)
        ? formatPoints(n.amount ?? 0, locale)
        : formatYen(n.amount ?? 0, locale);
      const days = n.days ?? 0;
      if (event === "free_points_granted" && days > 0) {
        return say("balancePages.notice.free_points_granted_days", { amount, days });
      }
      return say(`balancePages.notice.${event}`, { amount, days });
    }
    case "buyback": {
      const event = BUYBACK_NOTICES.find((e) => e === n.event);
      if (!event) return t("other");
      const amount = formatYen(n.amount ?? 0, locale);
      if (event === "offered" && !n.amount)
        return say("buybackMember.notices.offeredNoAmount", { title: n.title });
      return say(`buybackMember.notices.${event}`, { title: n.title, amount });
    }
    case "offer": {
      const event = OFFER_NOTICES.find((e) => e === n.event);
      return event
        ? say(`offers.notices.${event}`, { by: n.by, title: n.title, price: n.amount ?? 0 })
        : t("other");
    }
    default:
      return t("other");
  }
}

/** The namespaces a notification's sentence may read. */
const NOTICE_NAMESPACES = [
  "notificationsPage",
  "buying",
  "moderation",
  "support",
  "identityReview",
  "balancePages",
  "buybackMember",
  "offers",
];

/** Says a notification as one sentence in the page's language (for the notifications page's rows). */
function useNotificationSentence(): (n: NotificationWords) => string {
  const t = useTranslations() as unknown as Say;
  const locale = useLocale();
  return (n) => sentence(n, locale, t);
}

/**
 * Says a notification that arrives while a page is open (a live toast), once the words it reads are
 * loaded: a page carries them only where it lists notifications (decision 052).
 */
export async function sayNotification(n: NotificationWords, locale: Locale): Promise<string> {
  await loadMessages(locale, [...new Set(NOTICE_NAMESPACES.flatMap((namespace) => filesOf(namespace)))]);
  return sentence(n, locale, translator(locale) as unknown as Say);
}

export function NotificationSentence({ n }: { n: NotificationWords }) {
  return useNotificationSentence()(n);
}
