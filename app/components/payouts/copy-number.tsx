import { useEffect, useState } from "react";
import { useTranslations } from "../../i18n/use-translations.ts";

/**
 * A number to type at the ATM, large and selectable, with a copy button once the page runs in the
 * browser (without it, the number can still be selected and copied by hand).
 */
export function CopyNumber({ name, value, testId }: { name: string; value: string; testId: string }) {
  const t = useTranslations("payoutPages");
  const [ready, setReady] = useState(false);
  const [copied, setCopied] = useState(false);
  useEffect(() => setReady(true), []);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      // The clipboard refused (no permission, no secure context): the number stays selectable.
    }
  }
  return (
    <div>
      <dt className="text-sm text-slate-600">{name}</dt>
      <dd className="mt-1 flex items-center justify-between gap-3">
        <span
          className="font-mono text-3xl font-bold tracking-wider tabular-nums select-all"
          data-testid={testId}
        >
          {value}
        </span>
        {ready && (
          <button
            type="button"
            onClick={copy}
            aria-label={t("copyLabel", { name })}
            className="h-11 min-w-16 shrink-0 rounded-full border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 hover:bg-slate-50"
          >
            {copied ? t("copied") : t("copy")}
          </button>
        )}
        <span className="sr-only" aria-live="polite">
          {copied ? t("copied") : ""}
        </span>
      </dd>
    </div>
  );
}
