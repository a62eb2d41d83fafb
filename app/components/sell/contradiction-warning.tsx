import { useEffect, useId, useRef, useState } from "react";
import { type ListingFacts, listingContradictions } from "#core/catalog/listing-contradictions.ts";
import { renderMessage } from "#core/shared/i18n/translate.ts";
import type { Locale } from "#core/shared/locale.ts";
import { useTranslations } from "../../i18n/use-translations.ts";

/** The facts the rule reads, as the form holds them now. */
function factsOf(form: HTMLFormElement): ListingFacts {
  const data = new FormData(form);
  const text = (name: string) => {
    const value = data.get(name);
    return typeof value === "string" ? value : "";
  };
  return {
    title: text("title"),
    description: text("description"),
    condition: text("condition"),
    defects: data.getAll("defects").filter((d): d is string => typeof d === "string"),
    networkRestriction: text("networkRestriction"),
    activationLock: text("activationLock"),
  };
}

/**
 * Before the publish button: the listing's facts that contradict each other (the core's
 * `listingContradictions`, e.g. no defects yet activation-locked), as the seller fills the form in,
 * and the box that confirms them. The server refuses to list such a listing without the box; the
 * page rendered by the server shows the same warning, so it works without JavaScript too.
 */
export function ContradictionWarning({
  lang,
  initial,
  confirmed,
  error,
}: {
  lang: Locale;
  /** The facts as the server rendered the form. */
  initial: ListingFacts;
  confirmed: boolean;
  error?: string | undefined;
}) {
  const t = useTranslations("listing.contradictions");
  const id = useId();
  const anchor = useRef<HTMLDivElement>(null);
  const [facts, setFacts] = useState(initial);

  useEffect(() => {
    const form = anchor.current?.closest("form");
    if (!form) return;
    const update = () => setFacts(factsOf(form));
    update();
    form.addEventListener("input", update);
    form.addEventListener("change", update);
    return () => {
      form.removeEventListener("input", update);
      form.removeEventListener("change", update);
    };
  }, []);

  const found = listingContradictions(facts);
  return (
    <div ref={anchor} aria-live="polite" className="empty:hidden">
      {found.length > 0 && (
        <div
          className="rounded-2xl bg-amber-50 p-5 text-sm text-amber-950 ring-2 ring-amber-400"
          data-testid="contradiction-warning"
        >
          <h2 className="text-base font-bold">{t("title")}</h2>
          <ul className="mt-2 flex list-disc flex-col gap-1 pl-5 leading-relaxed">
            {found.map((c) => (
              <li key={c.code}>{renderMessage(c.message, lang)}</li>
            ))}
          </ul>
          <p className="mt-2 leading-relaxed">{t("advice")}</p>
          <label className="mt-3 flex items-start gap-2 font-semibold">
            <input
              id="field-confirmContradictions"
              type="checkbox"
              name="confirmContradictions"
              value="1"
              defaultChecked={confirmed}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              className="mt-0.5 size-5 shrink-0 accent-brand-600"
            />
            {t("confirmLabel")}
          </label>
          {error && (
            <p
              id={`${id}-error`}
              className="mt-1 font-medium text-danger-600"
              data-testid="error-confirmContradictions"
            >
              {error}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
