import { useEffect, useRef, useState } from "react";
import { useTranslations } from "../i18n/use-translations.ts";
import { showToast } from "../lib/ui-state.ts";

/**
 * Shares a page: the system's share sheet where the browser has one (Web Share API); otherwise the
 * link is copied to the clipboard and the snackbar (a status) says so; where the clipboard is
 * refused, the link is shown selected in a field, to copy by hand. Sits in a wrapping flex row: the
 * field takes a line of its own.
 */
export function ShareButton({ url, title, text }: { url: string; title: string; text: string }) {
  const t = useTranslations("catalog");
  const [manual, setManual] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (manual) field.current?.select();
  }, [manual]);

  async function share() {
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title, text, url });
        return;
      } catch (error) {
        // Closing the share sheet is an answer, not a failure.
        if (error instanceof DOMException && error.name === "AbortError") return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setManual(false);
      showToast(t("shareCopied"));
    } catch {
      setManual(true);
      field.current?.select();
    }
  }

  return (
    <>
      <button
        type="button"
        onClick={share}
        className="flex h-10 items-center gap-1.5 rounded-full border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-700"
        data-testid="share-button"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor">
          <path
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
            d="M12 15V3m0 0L7.5 7.5M12 3l4.5 4.5M5 12v7a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-7"
          />
        </svg>
        {t("share")}
      </button>
      {manual && (
        <label className="flex basis-full flex-col gap-1 text-sm text-slate-700">
          {t("shareManual")}
          <input
            ref={field}
            type="url"
            readOnly
            value={url}
            onFocus={(event) => event.currentTarget.select()}
            className="h-10 rounded-lg border border-slate-300 px-3 text-sm text-slate-900"
            data-testid="share-url"
          />
        </label>
      )}
    </>
  );
}
