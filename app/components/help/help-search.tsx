import { Form } from "react-router";
import { useTranslations } from "../../i18n/use-translations.ts";
import { SearchIcon } from "../shell/icons.tsx";

/** The help centre's search box: a plain GET form, so it works before the page's script runs. */
export function HelpSearch({ lang, query }: { lang: string; query: string }) {
  const t = useTranslations("help");
  return (
    <Form method="get" action={`/${lang}/help/`} role="search" className="flex gap-2">
      <label htmlFor="help-q" className="sr-only">
        {t("searchLabel")}
      </label>
      <input
        id="help-q"
        name="q"
        type="search"
        defaultValue={query}
        key={query}
        maxLength={100}
        placeholder={t("searchPlaceholder")}
        className="h-12 min-w-0 flex-1 rounded-xl border border-slate-300 bg-white px-4 text-base focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none"
      />
      <button
        type="submit"
        className="flex h-12 shrink-0 items-center gap-1 rounded-xl bg-brand-600 px-4 font-semibold text-white hover:bg-brand-700"
      >
        <SearchIcon className="size-5" />
        {t("searchSubmit")}
      </button>
    </Form>
  );
}
