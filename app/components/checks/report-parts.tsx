import { BRANDS } from "#core/catalog/codes.ts";
import type { CheckResult } from "#core/checks/report.ts";
import { CHECK_TESTS, type CheckOutcome, type CheckTest, NOT_TESTABLE } from "#core/checks/tests.ts";
import { renderMessage } from "#core/shared/i18n/translate.ts";
import type { Locale } from "#core/shared/locale.ts";
import { useTranslations } from "../../i18n/use-translations.ts";

/** A test's outcome as a small coloured label. */
function OutcomeChip({ outcome }: { outcome: CheckOutcome }) {
  const t = useTranslations("checks.outcomes");
  const look = {
    pass: "bg-emerald-50 text-emerald-800",
    fail: "bg-red-50 text-danger-600",
    skipped: "bg-slate-100 text-slate-700",
    unsupported: "bg-slate-100 text-slate-600",
  }[outcome];
  return (
    <span
      className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ${look}`}
      data-outcome={outcome}
    >
      {t(outcome)}
    </span>
  );
}

/** Every test with its outcome, in the order the check runs them (a test not reached is skipped). */
export function OutcomeList({ tests }: { tests: Partial<Record<CheckTest, CheckOutcome>> }) {
  const t = useTranslations("checks.tests");
  return (
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
      {CHECK_TESTS.map((test) => (
        <li
          key={test}
          className="flex items-center justify-between gap-3 px-4 py-2.5 text-sm"
          data-test={test}
        >
          <span className="text-slate-800">{t(test)}</span>
          <OutcomeChip outcome={tests[test] ?? "skipped"} />
        </li>
      ))}
    </ul>
  );
}

/**
 * The model the member claims next to what the browser says about the device, and the mismatch
 * between them said plainly when there is one.
 */
export function DeviceFacts({
  claimed,
  device,
  mismatch,
  lang,
}: {
  claimed: CheckResult["claimed"];
  device: Pick<CheckResult["device"], "platform" | "model" | "screen"> | null;
  mismatch: boolean;
  lang: Locale;
}) {
  const t = useTranslations("checks.page");
  const brand = BRANDS.find((b) => b.code === claimed.brandCode);
  const unknown = t("unknownValue");
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 text-sm">
      <h3 className="mb-2 font-semibold text-slate-900">{t("deviceTitle")}</h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="text-slate-600">{t("claimedLabel")}</dt>
        <dd data-testid="check-claimed">
          {[brand ? renderMessage(brand.label, lang) : null, claimed.model].filter(Boolean).join(" ") ||
            unknown}
        </dd>
        <dt className="text-slate-600">{t("platform")}</dt>
        <dd>{device?.platform ?? unknown}</dd>
        <dt className="text-slate-600">{t("browserModel")}</dt>
        <dd>{device?.model ?? unknown}</dd>
        <dt className="text-slate-600">{t("screen")}</dt>
        <dd>
          {device
            ? t("screenSize", {
                width: device.screen.width,
                height: device.screen.height,
                ratio: device.screen.pixelRatio,
              })
            : unknown}
        </dd>
      </dl>
      {mismatch && (
        <p
          className="mt-3 rounded-lg bg-amber-50 p-3 text-amber-900"
          role="note"
          data-testid="check-mismatch"
        >
          {t("mismatch")}
        </p>
      )}
    </div>
  );
}

/** What no browser can test: on every summary and report, so none claims more than it checked. */
export function NotTested() {
  const t = useTranslations("checks");
  return (
    <section
      aria-labelledby="not-tested-title"
      className="rounded-lg bg-slate-100 p-4 text-sm"
      data-testid="report-not-tested"
    >
      <h3 id="not-tested-title" className="font-semibold text-slate-900">
        {t("page.notTestedTitle")}
      </h3>
      <p className="mt-1 text-slate-700">{t("page.notTestedLead")}</p>
      <ul className="mt-2 list-disc pl-5 text-slate-800">
        {NOT_TESTABLE.map((part) => (
          <li key={part}>{t(`notTestable.${part}`)}</li>
        ))}
      </ul>
    </section>
  );
}
