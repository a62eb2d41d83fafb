import { useTranslations } from "../../i18n/use-translations.ts";

const STEPS = ["address", "bankAccount", "creditCard", "complete"] as const;

/** Where the member is in the seller setup flow: "step 1 of 4" and the steps by name. */
export function SetupProgress({ step }: { step: (typeof STEPS)[number] }) {
  const t = useTranslations("setup");
  const card = useTranslations("cardTopUp");
  const current = STEPS.indexOf(step) + 1;
  return (
    <div className="mx-auto mb-6 w-full max-w-md">
      <p className="text-sm font-semibold text-brand-700" data-testid="setup-progress">
        {t("progress", { current, total: STEPS.length })}
      </p>
      <ol aria-label={t("title")} className="mt-2 grid grid-cols-4 gap-2">
        {STEPS.map((name, index) => (
          <li
            key={name}
            aria-current={name === step ? "step" : undefined}
            className={`border-t-4 pt-1 text-xs ${
              index < current ? "border-brand-600 text-slate-800" : "border-slate-200 text-slate-500"
            } ${name === step ? "font-bold" : ""}`}
          >
            {name === "creditCard" ? card("setup.step") : t(`steps.${name}`)}
          </li>
        ))}
      </ol>
    </div>
  );
}

/** The fields each step's form carries on to the next: where to go at the end, and the draft to publish. */
export function SetupCarry({ target, publish }: { target: string; publish: number | null }) {
  return (
    <>
      <input type="hidden" name="redirect" value={target} />
      {publish !== null && <input type="hidden" name="publish" value={publish} />}
    </>
  );
}
