import { type ReactNode, useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import type { QueueNeighbours } from "#core/staff/queue-neighbours.ts";
import { useTranslations } from "../../i18n/use-translations.ts";

/** Keys typed into a field are the field's: the shortcuts listen only elsewhere. */
function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);
}

/** One way through the queue: a link with its key, or the same words dimmed where the queue ends. */
function Step({
  to,
  rel,
  keys,
  children,
}: {
  to: string | null;
  rel: "prev" | "next";
  keys: string;
  children: ReactNode;
}) {
  const look = "rounded-lg px-3 py-1.5 font-semibold ring-1";
  if (!to) return <span className={`${look} text-slate-500 ring-slate-200`}>{children}</span>;
  return (
    <Link
      to={to}
      rel={rel}
      aria-keyshortcuts={keys}
      className={`${look} text-brand-700 ring-brand-200 hover:bg-brand-50`}
    >
      {children}
    </Link>
  );
}

/**
 * 「前へ」「次へ」 through the queue an item waits in (oldest first), its place in it, and the keys
 * that do the same: j next, k previous, ? this help. Nothing for an operator who does not work the
 * queue. `base` is the path an item's id is put after (`/ja/staff/transactions/`).
 */
export function QueueStepper({ nav, base }: { nav: QueueNeighbours | null; base: string }) {
  const t = useTranslations("shell.desk");
  const navigate = useNavigate();
  const help = useRef<HTMLDetailsElement>(null);
  const previous = nav?.previous ? `${base}${nav.previous}/` : null;
  const next = nav?.next ? `${base}${nav.next}/` : null;
  // The keys read where the queue leads now: the page's data changes under one listener.
  const targets = useRef({ next, previous });
  targets.current = { next, previous };
  const [listening, setListening] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.altKey || typing(event.target))
        return;
      const { next: to, previous: back } = targets.current;
      if (event.key === "j" && to) navigate(to);
      else if (event.key === "k" && back) navigate(back);
      else if (event.key === "?" && help.current) help.current.open = !help.current.open;
      else return;
      event.preventDefault();
    };
    document.addEventListener("keydown", onKey);
    setListening(true);
    return () => document.removeEventListener("keydown", onKey);
  }, [navigate]);
  if (!nav) return null;
  return (
    <nav
      aria-label={t("queueNav")}
      className="flex flex-wrap items-center gap-2 text-sm"
      data-testid="queue-stepper"
      // Whether the keys work yet (they do once the page's script runs).
      data-keys={listening ? "on" : "off"}
    >
      <Step to={previous} rel="prev" keys="k">
        ← {t("previous")}
      </Step>
      {nav.position !== null && (
        <span className="text-slate-600 tabular-nums" data-testid="queue-position">
          {t("position", { position: nav.position, count: nav.count })}
        </span>
      )}
      <Step to={next} rel="next" keys="j">
        {t("next")} →
      </Step>
      <details ref={help} className="relative" data-testid="shortcut-help">
        <summary
          aria-keyshortcuts="?"
          className="cursor-pointer rounded-lg px-2 py-1.5 text-slate-600 hover:bg-slate-100"
        >
          {t("shortcuts")} <kbd className="font-mono">?</kbd>
        </summary>
        <div className="absolute z-30 mt-1 w-72 rounded-xl bg-white p-3 text-sm shadow-lg ring-1 ring-slate-200">
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
            <dt>
              <kbd className="rounded bg-slate-100 px-1.5 font-mono">j</kbd>
            </dt>
            <dd>{t("shortcutNext")}</dd>
            <dt>
              <kbd className="rounded bg-slate-100 px-1.5 font-mono">k</kbd>
            </dt>
            <dd>{t("shortcutPrevious")}</dd>
            <dt>
              <kbd className="rounded bg-slate-100 px-1.5 font-mono">?</kbd>
            </dt>
            <dd>{t("shortcutHelp")}</dd>
          </dl>
          <p className="mt-2 text-xs text-slate-600">{t("shortcutsLead")}</p>
        </div>
      </details>
    </nav>
  );
}
