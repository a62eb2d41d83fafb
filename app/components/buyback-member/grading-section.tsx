import { readExternalGrade } from "#core/buyback/external-grade.ts";
import type { DiagnosticLine, MemberBuyback } from "#core/buyback/get-member-buyback.ts";
import { sortDefects } from "#core/buyback/offer.ts";
import { formatDate } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { isGrade, useGradeLabel, useNgLabel } from "./offer-lines.tsx";
import { card } from "./transaction-parts.tsx";

/** A diagnostic value as a person reads it: a choice by its name, a percentage, a date. */
function useDiagnosticValue(lang: "ja" | "en") {
  const t = useTranslations("buyback");
  const d = useTranslations("buybackMember.detail");
  return (line: DiagnosticLine): string => {
    if (line.na !== null) return d("notApplicable", { reason: line.na });
    if (line.value === null || line.value === "") return d("notRecorded");
    if (line.kind === "choices") {
      const key = `diagnosticChoices.${line.value}` as "diagnosticChoices.pass";
      return t.has(key) ? t(key) : line.value;
    }
    if (line.kind === "percent") return `${line.value}%`;
    if (line.kind === "date" && /^\d{4}-\d{2}-\d{2}/.test(line.value)) return formatDate(line.value, lang);
    return line.value;
  };
}

type Grading = NonNullable<MemberBuyback["grading"]>;

/**
 * 検査結果 in words: the grade and what it means, each defect and what it means, whether the function
 * test passed, and an outside grade (NSYS) explained letter by letter.
 */
function GradingFindings({ grading }: { grading: Grading }) {
  const m = useTranslations("buybackMember");
  const t = useTranslations("buybackMember.detail");
  const b = useTranslations("buyback");
  const grade = useGradeLabel();
  const ng = useNgLabel();
  const defects = sortDefects(grading.ngConditions);
  const test = grading.diagnostics.find((line) => line.key === "testResult")?.value;
  const outside = grading.externalGrade ? readExternalGrade(grading.externalGrade) : null;
  return (
    <dl className="mt-3 flex flex-col gap-3 text-sm" data-testid="grading-findings">
      <div>
        <dt className="text-slate-600">{t("grade")}</dt>
        <dd>
          <span className="font-semibold">{grade(grading.grade)}</span>
          {isGrade(grading.grade) && (
            <span className="block text-slate-700">{b(`gradeNotes.${grading.grade}`)}</span>
          )}
        </dd>
      </div>
      <div>
        <dt className="text-slate-600">{t("defects")}</dt>
        <dd>
          {defects.length > 0 ? (
            <ul className="flex flex-col gap-1.5">
              {defects.map((d) => (
                <li key={d}>
                  <span className="font-semibold">{ng(d)}</span>
                  <span className="block text-slate-700">{b(`ngNotes.${d}`)}</span>
                </li>
              ))}
            </ul>
          ) : (
            m("estimate.noDefects")
          )}
          {(test === "pass" || test === "fail") && (
            <span className="mt-1 block text-slate-700" data-testid="test-result">
              {test === "pass" ? t("testResultPass") : t("testResultFail")}
            </span>
          )}
        </dd>
      </div>
      {grading.externalGrade && (
        <div>
          <dt className="text-slate-600">{t("externalGrade", { scale: grading.externalGrade.scale })}</dt>
          <dd data-testid="external-grade">
            {outside ? (
              <>
                <span className="font-semibold">
                  {b("nsys.line", {
                    value: grading.externalGrade.value,
                    meaning: b(`nsys.grades.${outside.grade}`),
                  })}
                </span>
                {outside.modifier && (
                  <span className="block text-slate-700">{b(`nsys.${outside.modifier}`)}</span>
                )}
                <span className="mt-1 block text-xs text-slate-600">{b("nsys.note")}</span>
              </>
            ) : (
              b("nsys.unknown", { scale: grading.externalGrade.scale, value: grading.externalGrade.value })
            )}
          </dd>
        </div>
      )}
    </dl>
  );
}

/** The grading's card: what was found, the photos taken and every diagnostic recorded. */
export function GradingSection({
  grading,
  photos,
  lang,
}: {
  grading: Grading;
  photos: MemberBuyback["photos"];
  lang: "ja" | "en";
}) {
  const t = useTranslations("buybackMember");
  const b = useTranslations("buyback");
  const diagnostic = useDiagnosticValue(lang);
  return (
    <section aria-labelledby="grading-title" className={card} data-testid="grading">
      <h2 id="grading-title" className="text-lg font-bold">
        {t("detail.grading")}
      </h2>
      <p className="mt-2 text-sm leading-relaxed text-slate-700">{t("detail.gradingLead")}</p>
      <GradingFindings grading={grading} />
      {photos.length > 0 && (
        <>
          <h3 className="mt-4 font-bold">{t("detail.photos")}</h3>
          <ul className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-4">
            {photos.map((p, i) => (
              <li key={p.thumb}>
                <a href={p.large} className="block overflow-hidden rounded-lg ring-1 ring-slate-200">
                  <img
                    src={p.thumb}
                    alt={t("detail.photo", { n: i + 1 })}
                    loading="lazy"
                    className="aspect-square w-full object-cover"
                  />
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
      <h3 className="mt-4 font-bold">{t("detail.diagnostics")}</h3>
      <dl
        className="mt-2 grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-x-4 gap-y-1 text-sm"
        data-testid="diagnostics"
      >
        {grading.diagnostics.map((line) => (
          <div key={line.key} className="contents">
            <dt className="text-slate-600">{b(`diagnostics.${line.key}`)}</dt>
            <dd className="break-words">{diagnostic(line)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
