import type { DiagnosticKey } from "#core/buyback/diagnostic-fields.ts";
import type { GradingDetail } from "#core/buyback/get-grading.ts";
import type { Locale } from "#core/shared/locale.ts";
import { formatDate } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { ScrollRegion } from "../scroll-region.tsx";
import { Card, Row } from "./card.tsx";
import { useDiagnosticText } from "./grading-cards.tsx";

/**
 * Every grading, oldest first; a regrade shows the grade, the defects and each diagnostic field it
 * changed as before → after.
 */
export function Gradings({ detail, lang }: { detail: GradingDetail; lang: Locale }) {
  const t = useTranslations("buybackOffice.grading.detail");
  const b = useTranslations("buyback");
  const text = useDiagnosticText();
  const grading = useTranslations("buybackOffice.grading");
  const ngText = (ngs: string[]) =>
    ngs.length ? ngs.map((ng) => b(`ngConditions.${ng as "screen"}`)).join("・") : t("none");
  return (
    <Card id="gradings-title" title={t("gradingsTitle")} testId="gradings">
      {detail.gradings.length === 0 ? (
        <p className="text-sm text-slate-600">{t("gradingsEmpty")}</p>
      ) : (
        <ol className="flex flex-col gap-3">
          {detail.gradings.map((g, i) => (
            <li key={g.id} className="rounded-lg border border-slate-200 p-3 text-sm" data-testid="grading">
              <p className="font-semibold">
                {g.before ? t("gradingRegrade") : t("gradingFirst")} · {formatDate(g.at, lang, true)}
                {g.gradedBy && <span className="ml-1 font-normal text-slate-600">（{g.gradedBy}）</span>}
              </p>
              <dl className="mt-1">
                <Row label={t("grade")}>
                  {g.before && g.before.grade !== g.grade ? (
                    <span>
                      {g.before.grade} → <strong>{g.grade}</strong>
                    </span>
                  ) : (
                    g.grade
                  )}
                </Row>
                <Row label={t("ngConditions")}>
                  {g.before && g.before.ngConditions.join() !== g.ngConditions.join() ? (
                    <span>
                      {ngText(g.before.ngConditions)} → <strong>{ngText(g.ngConditions)}</strong>
                    </span>
                  ) : (
                    ngText(g.ngConditions)
                  )}
                </Row>
                {g.externalGrade && (
                  <Row label={t("externalGrade")}>
                    {g.externalGrade.scale} {g.externalGrade.value}
                  </Row>
                )}
                {g.reason && (
                  <Row label={t("historyReason")}>
                    <span className="whitespace-pre-wrap">{g.reason}</span>
                  </Row>
                )}
                {g.before && (
                  <Row label={t("changedFields")}>
                    {g.changedFields.length ? (
                      <ul
                        className="flex flex-col gap-0.5"
                        aria-label={t("changedValues")}
                        data-testid="changed-values"
                      >
                        {g.changedFields.map((k) => {
                          const key = k as DiagnosticKey;
                          const before = detail.gradings[i - 1]?.diagnostics[key];
                          return (
                            <li key={k}>
                              <span className="font-semibold">{b(`diagnostics.${key}`)}</span>
                              {grading("separator")}
                              <span className="whitespace-pre-wrap">{text(key, before)}</span>
                              {" → "}
                              <strong className="whitespace-pre-wrap">{text(key, g.diagnostics[key])}</strong>
                            </li>
                          );
                        })}
                      </ul>
                    ) : (
                      t("noChange")
                    )}
                  </Row>
                )}
              </dl>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

const ACTIONS = [
  "create",
  "ship",
  "cancel",
  "lapse",
  "receive",
  "offer",
  "regrade",
  "refuse",
  "accept",
  "decline",
  "expire",
] as const;

export function History({ detail, lang }: { detail: GradingDetail; lang: Locale }) {
  const t = useTranslations("buybackOffice.grading.detail");
  const codes = useTranslations("codes");
  const state = (s: string | null) => (s ? codes(`buybackSellerState.${s as "10"}`) : "—");
  return (
    <Card id="history-title" title={t("historyTitle")}>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a table that scrolls sideways is reached by keyboard */}
      <ScrollRegion label={t("historyTitle")}>
        <table className="w-full min-w-[36rem] text-left text-sm" data-testid="state-history">
          <thead className="text-xs text-slate-600">
            <tr>
              <th scope="col" className="py-1 pr-3">
                {t("historyAt")}
              </th>
              <th scope="col" className="py-1 pr-3">
                {t("historyChange")}
              </th>
              <th scope="col" className="py-1 pr-3">
                {t("historyAction")}
              </th>
              <th scope="col" className="py-1 pr-3">
                {t("historyBy")}
              </th>
              <th scope="col" className="py-1">
                {t("historyReason")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {detail.history.map((h) => (
              <tr key={h.id}>
                <td className="py-1.5 pr-3 whitespace-nowrap">{formatDate(h.at, lang, true)}</td>
                <td className="py-1.5 pr-3 whitespace-nowrap">
                  {h.from ? `${state(h.from)} → ${state(h.to)}` : state(h.to)}
                </td>
                <td className="py-1.5 pr-3">
                  {(ACTIONS as readonly string[]).includes(h.action)
                    ? t(`actions.${h.action as "create"}`)
                    : h.action}
                </td>
                <td className="py-1.5 pr-3">{h.actor ?? (h.actorRole === "system" ? t("system") : "—")}</td>
                <td className="py-1.5 break-words">{h.reason ?? ""}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </Card>
  );
}
