import { useEffect, useId, useRef, useState } from "react";
import { Form, useNavigate } from "react-router";
import type { Locale } from "#core/shared/locale.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { useTypedValue } from "../../lib/typed-value.ts";
import { SearchIcon } from "./icons.tsx";

type Suggestion = { id: number; name: string; rest: string };

/** The search page for a model chosen from the suggestions: the model itself, the other words as keyword. */
function modelSearchPath(lang: Locale, s: Suggestion): string {
  const params = new URLSearchParams({ model: String(s.id) });
  if (s.rest) params.set("keyword", s.rest);
  return `/${lang}/items/search/?${params}`;
}

/**
 * The header's search box. As one types, it suggests catalogue models (「iphone12 じゃんく」 →
 * iPhone 12, iPhone 12 mini…): choosing one searches by the model itself with the other words as
 * the keyword. Enter without a choice searches the words as typed. A combobox in the ARIA sense:
 * arrows move through the suggestions, Escape closes them. Without scripts it is a plain form.
 */
export function SearchBox({ lang }: { lang: Locale }) {
  const t = useTranslations("shell");
  const navigate = useNavigate();
  const listId = useId();
  // What is typed, even before the scripts ran (the field is read once they have).
  const typed = useTypedValue<HTMLInputElement>("");
  const text = typed.value;
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const asked = useRef(0);

  useEffect(() => {
    const q = text.trim();
    if (!q) {
      setSuggestions([]);
      return;
    }
    const ticket = ++asked.current;
    const timer = setTimeout(() => {
      fetch(`/api/v1/search/suggestions?${new URLSearchParams({ q })}`, {
        headers: { accept: "application/json" },
      })
        .then((res) => (res.ok ? res.json() : { models: [] }))
        .then((body: { models: Suggestion[] }) => {
          if (ticket !== asked.current) return;
          setSuggestions(body.models);
          setActive(-1);
        })
        // Without suggestions the box still searches the words typed.
        .catch(() => {});
    }, 120);
    return () => clearTimeout(timer);
  }, [text]);

  const shown = open && suggestions.length > 0;
  const choose = (s: Suggestion) => {
    setOpen(false);
    navigate(modelSearchPath(lang, s));
  };

  return (
    <Form
      method="get"
      action={`/${lang}/items/search/`}
      role="search"
      className="relative min-w-0 flex-1"
      onSubmit={(event) => {
        const picked = shown && active >= 0 ? suggestions[active] : undefined;
        if (picked) {
          event.preventDefault();
          choose(picked);
        } else setOpen(false);
      }}
    >
      <label htmlFor="site-search" className="sr-only">
        {t("searchLabel")}
      </label>
      <input
        id="site-search"
        name="keyword"
        type="search"
        enterKeyHint="search"
        autoComplete="off"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown && active >= 0 ? `${listId}-${active}` : undefined}
        placeholder={t("searchPlaceholder")}
        ref={typed.ref}
        onChange={(event) => {
          typed.onChange(event);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" && suggestions.length) {
            event.preventDefault();
            setOpen(true);
            setActive((a) => (a + 1) % suggestions.length);
          } else if (event.key === "ArrowUp" && suggestions.length) {
            event.preventDefault();
            setActive((a) => (a <= 0 ? suggestions.length - 1 : a - 1));
          } else if (event.key === "Escape") {
            setOpen(false);
            setActive(-1);
          }
        }}
        className="h-10 w-full rounded-full border border-slate-300 bg-slate-50 pr-10 pl-4 text-base placeholder:text-slate-400 focus:border-brand-600 focus:bg-white sm:text-sm"
      />
      <button
        type="submit"
        className="absolute inset-y-0 right-0 flex w-10 items-center justify-center text-slate-500"
        aria-label={t("searchSubmit")}
      >
        <SearchIcon className="size-5" />
      </button>
      <div
        id={listId}
        role="listbox"
        aria-label={t("suggestionsLabel")}
        hidden={!shown}
        // On a phone the box is narrow beside the logo and the links: the list takes the header's
        // width below it, so a model's name reads on one line.
        className="absolute inset-x-0 top-11 z-50 overflow-hidden rounded-2xl bg-white py-1 shadow-lg ring-1 ring-slate-200 max-sm:fixed max-sm:inset-x-2 max-sm:top-14"
        data-testid="search-suggestions"
      >
        {suggestions.map((s, i) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys (aria-activedescendant).
          <div
            key={s.id}
            id={`${listId}-${i}`}
            role="option"
            tabIndex={-1}
            aria-selected={i === active}
            className={`flex min-h-11 cursor-pointer items-center gap-2 px-4 text-sm ${i === active ? "bg-brand-50" : ""}`}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(s)}
          >
            <SearchIcon className="size-4 shrink-0 text-slate-400" />
            <span className="shrink-0 font-semibold whitespace-nowrap">{s.name}</span>
            {s.rest && <span className="min-w-0 truncate text-slate-600">{s.rest}</span>}
            <span className="ml-auto shrink-0 text-xs text-slate-500">{t("searchByModel")}</span>
          </div>
        ))}
      </div>
    </Form>
  );
}
