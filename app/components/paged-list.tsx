import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { useTranslations } from "../i18n/use-translations.ts";

export type Page<T> = { items: T[]; nextCursor: string | null };

/** idle → loading → loaded (more to come) | complete (no more) | error (retry possible). */
export type PagedListStatus = "idle" | "loading" | "loaded" | "complete" | "error";

type PagedListProps<T> = {
  first: Page<T>;
  fetchPage: (cursor: string) => Promise<Page<T>>;
  getKey: (item: T) => string;
  /** `index` counts from the first item shown, so the first row can be treated as above the fold. */
  renderItem: (item: T, index: number) => ReactNode;
  label: string;
  empty?: ReactNode;
  className?: string;
  /** Layout of the list itself, e.g. a grid of tiles. */
  listClassName?: string;
};

/**
 * Pages loaded on their own as the end of the list scrolls into view, before "show more" asks:
 * after them the page's end (the footer, with the legal notices) can be reached by scrolling.
 */
const AUTO_PAGES = 2;

/**
 * A list that loads the next page when its end scrolls into view (a couple of times, then on "show
 * more", which keyboard and screen-reader users have from the start), says so when there is
 * nothing more, and offers a retry on failure.
 */
export function PagedList<T>({
  first,
  fetchPage,
  getKey,
  renderItem,
  label,
  empty,
  className,
  listClassName,
}: PagedListProps<T>) {
  const t = useTranslations("pagedList");
  const [items, setItems] = useState(first.items);
  const [cursor, setCursor] = useState(first.nextCursor);
  const [status, setStatus] = useState<PagedListStatus>(first.nextCursor ? "idle" : "complete");
  const sentinel = useRef<HTMLDivElement>(null);
  const busy = useRef(false);
  // Pages loaded by scrolling since the person last pressed "show more".
  const [autoLoaded, setAutoLoaded] = useState(0);

  useEffect(() => {
    setItems(first.items);
    setCursor(first.nextCursor);
    setStatus(first.nextCursor ? "idle" : "complete");
    setAutoLoaded(0);
  }, [first]);

  const loadMore = useCallback(async () => {
    if (!cursor || busy.current) return;
    busy.current = true;
    setStatus("loading");
    try {
      const page = await fetchPage(cursor);
      setItems((prev) => [...prev, ...page.items]);
      setCursor(page.nextCursor);
      setStatus(page.nextCursor ? "loaded" : "complete");
    } catch {
      setStatus("error");
    } finally {
      busy.current = false;
    }
  }, [cursor, fetchPage]);

  useEffect(() => {
    const el = sentinel.current;
    if (
      !el ||
      status === "complete" ||
      status === "error" ||
      autoLoaded >= AUTO_PAGES ||
      typeof IntersectionObserver === "undefined"
    )
      return;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting) || busy.current) return;
      setAutoLoaded((n) => n + 1);
      void loadMore();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [loadMore, status, autoLoaded]);

  if (items.length === 0 && status === "complete") return <>{empty}</>;
  return (
    <div className={className} data-testid="paged-list" data-status={status}>
      <ul aria-label={label} aria-busy={status === "loading"} className={listClassName}>
        {items.map((item, index) => (
          <li key={getKey(item)}>{renderItem(item, index)}</li>
        ))}
      </ul>
      <div
        ref={sentinel}
        className="flex flex-col items-center gap-3 py-6 text-sm text-slate-500"
        aria-live="polite"
      >
        {status === "loading" && <span>…</span>}
        {(status === "idle" || status === "loaded") && (
          <button
            type="button"
            onClick={() => {
              setAutoLoaded(0);
              void loadMore();
            }}
            className="rounded-full border border-slate-300 bg-white px-5 py-2 font-medium text-slate-700 hover:bg-slate-50"
          >
            {t("more")}
          </button>
        )}
        {status === "complete" && <p>{t("noMore")}</p>}
        {status === "error" && (
          <>
            <p className="text-danger-600">{t("failed")}</p>
            <button
              type="button"
              onClick={() => void loadMore()}
              className="rounded-full bg-brand-600 px-5 py-2 font-semibold text-white hover:bg-brand-700"
            >
              {t("retry")}
            </button>
          </>
        )}
      </div>
    </div>
  );
}
