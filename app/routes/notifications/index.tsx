import { useCallback, useEffect } from "react";
import { Link, type ShouldRevalidateFunctionArgs, useFetcher } from "react-router";
import { NotificationSentence as Sentence } from "../../components/notification-sentence.tsx";
import { NotificationTabs } from "../../components/notification-tabs.tsx";
import { type Page, PagedList } from "../../components/paged-list.tsx";
import { EmptyState } from "../../components/social/list-states.tsx";
import { formatDate } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { langOf } from "../../lib/lang.ts";
import { readForm, requireUser } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/index";
import { type NotificationView, openNotifications, readNotifications } from "./notifications.server.ts";

export const meta = titleMeta("notificationsPage.title");
export const handle = { tab: "notifications" };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(context, request, langOf(params));
  return openNotifications(context, user);
}

/** Marks what the member has seen as read: by the page once it is shown, or by the button. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const user = requireUser(context, request, langOf(params));
  const form = await readForm(request);
  const upTo = form.get("upTo");
  await readNotifications(context, user, typeof upTo === "string" && upTo !== "" ? upTo : null);
  return { read: true };
}

/** Marking read keeps this page as it was opened (what was new stays highlighted); the badge updates. */
export function shouldRevalidate({ formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formAction?.includes("/notifications/")) return false;
  return defaultShouldRevalidate;
}

function NotificationRow({ n, lang }: { n: NotificationView; lang: "ja" | "en" }) {
  const t = useTranslations("notificationsPage");
  const body = (
    <>
      <span
        aria-hidden="true"
        className={`mt-1.5 size-2.5 shrink-0 rounded-full ${n.unread ? "bg-brand-600" : "bg-transparent"}`}
      />
      <span className="min-w-0 flex-1">
        {n.unread && <span className="sr-only">{t("unread")}: </span>}
        <span
          className={`block text-sm break-words ${n.unread ? "font-semibold text-slate-900" : "text-slate-700"}`}
        >
          <Sentence n={n} />
        </span>
        <span className="mt-1 block text-xs text-slate-600">{formatDate(n.createdAt, lang, true)}</span>
      </span>
    </>
  );
  const className = `flex gap-3 border-b border-slate-100 px-4 py-3 ${n.unread ? "bg-brand-50" : "bg-white"}`;
  return n.href ? (
    <Link
      to={`/${lang}${n.href}`}
      className={`${className} hover:bg-slate-50`}
      data-testid="notification"
      data-unread={n.unread}
    >
      {body}
    </Link>
  ) : (
    <div className={className} data-testid="notification" data-unread={n.unread}>
      {body}
    </div>
  );
}

export default function Notifications({ loaderData, params }: Route.ComponentProps) {
  const t = useTranslations("notificationsPage");
  const lang = langOf(params);
  const { openedAt, first } = loaderData;
  const newest = first.items[0]?.id;
  const hasUnread = first.items.some((n) => n.unread);
  const reader = useFetcher();
  // Once the list is on screen, what it shows is read (a GET never changes anything).
  useEffect(() => {
    if (hasUnread && newest !== undefined && reader.state === "idle" && !reader.data) {
      reader.submit({ upTo: String(newest) }, { method: "post" });
    }
  }, [hasUnread, newest, reader]);
  const fetchPage = useCallback(
    async (cursor: string): Promise<Page<NotificationView>> => {
      const res = await fetch(
        `/${lang}/notifications/page/?opened=${openedAt}&cursor=${encodeURIComponent(cursor)}`,
      );
      if (!res.ok) throw new Error(`notifications page ${res.status}`);
      return res.json();
    },
    [lang, openedAt],
  );
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <h1 className="text-2xl font-bold">{t("title")}</h1>
      <NotificationTabs lang={lang} />
      {hasUnread && (
        <reader.Form method="post" className="-mt-2 flex justify-end">
          <input type="hidden" name="upTo" value={newest ?? ""} />
          <button type="submit" className="text-sm text-brand-700 underline">
            {t("markAllRead")}
          </button>
        </reader.Form>
      )}
      <PagedList
        first={first}
        fetchPage={fetchPage}
        getKey={(n) => String(n.id)}
        label={t("listLabel")}
        className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
        empty={<EmptyState>{t("empty")}</EmptyState>}
        renderItem={(n) => <NotificationRow n={n} lang={lang} />}
      />
    </div>
  );
}
