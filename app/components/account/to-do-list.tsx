import { Link } from "react-router";
import type { ToDoItem, ToDoList as ToDoListData } from "#core/home/to-do.ts";
import type { Locale } from "#core/shared/locale.ts";
import { formatDate, formatYen } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";

const MINUTE = 60 * 1000;

/** What to do, in words: one sentence per kind, with the item's own facts. */
function useSentence(lang: Locale) {
  const t = useTranslations("toDo.kinds");
  return (item: ToDoItem): string => {
    switch (item.kind) {
      case "trade":
        return t(`trade.${item.step}`, { title: item.title });
      case "offer":
        return t(`offer.${item.step}`, { title: item.title, amount: formatYen(item.amount, lang) });
      case "buybackOffer":
        return t("buybackOffer", { model: item.modelName, amount: formatYen(item.amount, lang) });
      case "atmCode":
        return t("atmCode", { amount: formatYen(item.amount, lang) });
      case "payoutReturned":
        return t(`payoutReturned.${item.state}`, { amount: formatYen(item.amount, lang) });
      case "bankAccountNeeded":
        return t("bankAccountNeeded", { amount: formatYen(item.amount, lang) });
      case "proceedsDeadline":
        return t("proceedsDeadline", {
          amount: formatYen(item.amount, lang),
          date: formatDate(item.due ?? item.since, lang),
        });
    }
  };
}

/** How long it has waited, as of the page's `now` (read on the server, so both renders agree). */
function useWaited() {
  const t = useTranslations("toDo.waited");
  return (since: Date, now: Date): string => {
    const minutes = Math.max(1, Math.floor((now.getTime() - since.getTime()) / MINUTE));
    if (minutes < 60) return t("minutes", { count: minutes });
    const hours = Math.floor(minutes / 60);
    if (hours < 24) return t("hours", { count: hours });
    return t("days", { count: Math.floor(hours / 24) });
  };
}

/**
 * The member's one to-do list (要対応): everything waiting for them, oldest first, each row saying
 * what to do, how long it has waited or until when, and leading to the page where it is done. The
 * home page shows its first few with a link to all of them on my page.
 */
export function ToDoList({
  data,
  now,
  lang,
  allLink = false,
}: {
  data: ToDoListData;
  now: Date;
  lang: Locale;
  /** Link to the whole list (the home page, which shows only the first few). */
  allLink?: boolean;
}) {
  const t = useTranslations("toDo");
  const sentence = useSentence(lang);
  const waited = useWaited();
  return (
    <section aria-labelledby="to-do-title" id="to-do" data-testid="to-do">
      <div className="mb-1 flex items-baseline justify-between gap-3">
        <h2 id="to-do-title" className="text-lg font-bold">
          {t("title")}
          {data.total > 0 && (
            <span className="ml-2 rounded-full bg-danger-600 px-2 py-0.5 text-xs font-bold text-white">
              {data.total}
            </span>
          )}
        </h2>
        {allLink && data.total > 0 && (
          <Link
            to={`/${lang}/mypage/#to-do`}
            className="shrink-0 text-sm text-brand-700 underline"
            data-testid="to-do-all"
          >
            {t("all")}
          </Link>
        )}
      </div>
      {data.total > 0 && <p className="mb-2 text-sm text-slate-600">{t("lead", { count: data.total })}</p>}
      {data.items.length === 0 ? (
        <p className="rounded-2xl bg-white p-4 text-sm text-slate-600 shadow-sm ring-1 ring-slate-200">
          {t("none")}
        </p>
      ) : (
        <ul
          aria-label={t("label")}
          className="divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
        >
          {data.items.map((item) => (
            <li key={item.key}>
              <Link
                to={`/${lang}${item.path}`}
                className="flex items-center gap-3 p-3 hover:bg-slate-50"
                data-testid="to-do-row"
                data-kind={item.kind}
              >
                <span className="min-w-0 flex-1">
                  <span className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-slate-600">
                    <span className="rounded bg-slate-100 px-1.5 py-0.5 font-semibold text-slate-700">
                      {t(`tags.${item.kind}`)}
                    </span>
                    {item.due ? (
                      <span className="font-semibold text-danger-600">
                        {t("due", { date: formatDate(item.due, lang, item.kind !== "proceedsDeadline") })}
                      </span>
                    ) : (
                      <span>{waited(item.since, now)}</span>
                    )}
                  </span>
                  <span className="mt-1 block text-sm font-semibold text-slate-900">{sentence(item)}</span>
                </span>
                <span aria-hidden="true" className="shrink-0 text-slate-400">
                  ›
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
