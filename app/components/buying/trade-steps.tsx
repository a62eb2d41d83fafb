import { TRADE_STEPS, type TradeStep } from "#core/trading/trade-steps.ts";
import { useTranslations } from "../../i18n/use-translations.ts";

/**
 * Where the sale is: purchase → shipping → receipt → complete, the step under way marked with
 * aria-current="step", the steps behind it ticked. Four columns that fit a 390 px phone.
 */
export function TradeSteps({ step }: { step: { current: TradeStep; done: boolean } }) {
  const t = useTranslations("buying.steps");
  const at = TRADE_STEPS.indexOf(step.current);
  return (
    <ol aria-label={t("label")} className="grid grid-cols-4 gap-1" data-testid="trade-steps">
      {TRADE_STEPS.map((name, i) => {
        const done = i < at || (i === at && step.done);
        const current = i === at;
        return (
          <li
            key={name}
            aria-current={current ? "step" : undefined}
            className={`relative flex flex-col items-center gap-1 text-center text-xs leading-tight ${
              i < TRADE_STEPS.length - 1
                ? `after:absolute after:top-4 after:left-[calc(50%+1.25rem)] after:h-0.5 after:w-[calc(100%-2.25rem)] after:content-[''] ${i < at ? "after:bg-brand-600" : "after:bg-slate-300"}`
                : ""
            }`}
          >
            <span
              aria-hidden="true"
              className={`flex size-8 items-center justify-center rounded-full text-sm font-bold ${
                done
                  ? "bg-brand-600 text-white"
                  : current
                    ? "bg-white text-brand-700 ring-2 ring-brand-600"
                    : "bg-slate-100 text-slate-500 ring-1 ring-slate-300"
              }`}
            >
              {done ? "✓" : i + 1}
            </span>
            <span
              className={current ? "font-bold text-brand-800" : done ? "text-slate-800" : "text-slate-600"}
            >
              {t(name)}
              {done && <span className="sr-only">{t("done")}</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
