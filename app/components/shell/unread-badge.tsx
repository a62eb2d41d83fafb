import { useTranslations } from "../../i18n/use-translations.ts";

/** The count of unread notifications on a link; read aloud as a sentence, shown as a number. */
export function UnreadBadge({ count, className = "" }: { count: number; className?: string }) {
  const t = useTranslations("notificationsPage");
  if (count <= 0) return null;
  return (
    <span
      className={`min-w-5 rounded-full bg-danger-600 px-1.5 text-center text-[11px] leading-5 font-bold text-white ${className}`}
      data-testid="unread-badge"
    >
      <span aria-hidden="true">{count > 99 ? "99+" : count}</span>
      <span className="sr-only">{t("unreadCount", { count })}</span>
    </span>
  );
}
