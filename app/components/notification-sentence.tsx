import { useTranslations } from "use-intl";

const TRADE_NOTICES = [
  "purchase_sold",
  "purchase_CANCELING",
  "purchase_CANCELED",
  "purchase_START",
  "payment_paid",
  "payment_completed",
  "shipping_shipped",
  "shipping_reminder",
  "message_message",
  "rating_rated",
  "rating_reminder",
] as const;

/** What a notification row or a live toast needs to say its sentence. */
export type NotificationWords = { kind: string; by: string; title: string; keyword: string; event: string };

/** Says a notification as one sentence in the page's language (for rows and live toasts). */
export function useNotificationSentence(): (n: NotificationWords) => string {
  const t = useTranslations("notificationsPage");
  const buying = useTranslations("buying.notices");
  return (n) => {
    const trade = TRADE_NOTICES.find((k) => k === `${n.kind}_${n.event}`);
    if (trade) return buying(trade, { title: n.title });
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
      default:
        return t("other");
    }
  };
}

export function NotificationSentence({ n }: { n: NotificationWords }) {
  return useNotificationSentence()(n);
}
