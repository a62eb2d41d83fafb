import { useCallback } from "react";
import { Link } from "react-router";
import { type Page, PagedList } from "../../components/paged-list.tsx";
import { formatDate } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/mailbox";
import { mailboxPage } from "./mailbox.server.ts";

export const meta = titleMeta("mailbox.title", { noindex: true });

export async function loader({ context, request }: Route.LoaderArgs) {
  return mailboxPage(context, request, null);
}

type Summary = Route.ComponentProps["loaderData"]["items"][number];

export default function Mailbox({ loaderData, params }: Route.ComponentProps) {
  const t = useTranslations("mailbox");
  const c = useTranslations("catalog");
  const lang = params.lang === "en" ? "en" : "ja";
  const fetchPage = useCallback(
    async (cursor: string): Promise<Page<Summary>> => {
      const res = await fetch(`/${lang}/dev/mailbox/messages/?cursor=${encodeURIComponent(cursor)}`);
      if (!res.ok) throw new Error(`mailbox page ${res.status}`);
      return res.json();
    },
    [lang],
  );
  return (
    <section className="mx-auto max-w-2xl" aria-labelledby="page-title">
      <h1 id="page-title" className="text-2xl font-bold">
        {t("title")}
      </h1>
      <p className="mt-2 text-sm text-slate-600">{t("lead")}</p>
      <PagedList
        className="mt-6"
        first={loaderData}
        fetchPage={fetchPage}
        getKey={(m) => m.id}
        label={t("title")}
        empty={<p className="py-10 text-center text-sm text-slate-500">{t("empty")}</p>}
        renderItem={(m) => (
          <Link
            to={`/${lang}/dev/mailbox/${m.id}/`}
            className="mb-2 block rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 hover:ring-brand-600"
          >
            <p className="font-semibold">{m.subject}</p>
            <p className="mt-1 text-xs text-slate-500">
              {m.to}
              {c("separator")}
              {formatDate(m.date, lang, true)}
            </p>
          </Link>
        )}
      />
    </section>
  );
}
