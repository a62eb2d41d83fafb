import { type ReactNode, useCallback } from "react";
import type { Locale } from "#core/shared/locale.ts";
import { type Page, PagedList } from "../paged-list.tsx";
import { EmptyState } from "./list-states.tsx";
import { type Person, PersonRow } from "./person-row.tsx";

/** A long list of members, page by page; the next pages come as JSON from `pageUrl`. */
export function PeopleList<P extends Person>({
  first,
  pageUrl,
  lang,
  label,
  empty,
  action,
}: {
  first: Page<P>;
  pageUrl: string;
  lang: Locale;
  label: string;
  empty: ReactNode;
  action?: (person: P) => ReactNode;
}) {
  const fetchPage = useCallback(
    async (cursor: string): Promise<Page<P>> => {
      const res = await fetch(`${pageUrl}?cursor=${encodeURIComponent(cursor)}`);
      if (!res.ok) throw new Error(`people page ${res.status}`);
      return res.json();
    },
    [pageUrl],
  );
  return (
    <PagedList
      first={first}
      fetchPage={fetchPage}
      getKey={(p) => String(p.id)}
      label={label}
      className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
      empty={<EmptyState>{empty}</EmptyState>}
      renderItem={(p) => (
        <PersonRow person={p} lang={lang}>
          {action?.(p)}
        </PersonRow>
      )}
    />
  );
}
