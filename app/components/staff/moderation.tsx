import { useEffect, useId, useState } from "react";
import { Button, DialogTrigger } from "react-aria-components";
import { Form } from "react-router";
import { useLocale } from "use-intl";
import { MODERATION_RULES, type ModerationAction, type ReportTarget } from "#core/moderation/codes.ts";
import { formatDate } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { FormError } from "../form.tsx";
import { ScrollRegion } from "../scroll-region.tsx";
import { AlertDialog } from "./alert-dialog.tsx";

type Decision = {
  id: number;
  action: ModerationAction;
  targetType: ReportTarget;
  targetId: number;
  reasonCode: string;
  note: string;
  operatorNickname: string | null;
  createdAt: Date | string;
};

function useRule() {
  const t = useTranslations("moderation");
  return (code: string) => {
    const rule = MODERATION_RULES.find((r) => r.code === code);
    return rule ? t(`rules.${rule.code}.label`) : code;
  };
}

/** Decisions about a target or a member, newest first: the case history. */
export function Decisions({
  decisions,
  lang,
  title,
}: {
  decisions: Decision[];
  lang: "ja" | "en";
  title?: string;
}) {
  const t = useTranslations("moderation");
  const rule = useRule();
  return (
    <section aria-labelledby="decisions-heading">
      <h2 id="decisions-heading" className="mb-2 text-base font-bold">
        {title ?? t("report.decisions")}
      </h2>
      {decisions.length === 0 ? (
        <p className="text-sm text-slate-600">{t("report.noDecisions")}</p>
      ) : (
        <ScrollRegion
          label={title ?? t("report.decisions")}
          className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
        >
          <table className="w-full min-w-[40rem] text-left text-sm">
            <caption className="sr-only">{title ?? t("report.decisions")}</caption>
            <thead className="bg-slate-50 text-xs font-bold text-slate-600">
              <tr>
                <th scope="col" className="px-3 py-2">
                  {t("members.caseNumber")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("members.action")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("members.rule")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("members.note")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("members.operator")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("members.date")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {decisions.map((d) => (
                <tr key={d.id}>
                  <td className="px-3 py-2 font-semibold tabular-nums">{d.id}</td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    {t(`actions.${d.action}`)}
                    <span className="block text-xs text-slate-500">
                      {t(`targets.${d.targetType}`)} #{d.targetId}
                    </span>
                  </td>
                  <td className="px-3 py-2">{rule(d.reasonCode)}</td>
                  <td className="px-3 py-2 whitespace-pre-wrap break-words">{d.note}</td>
                  <td className="px-3 py-2">{d.operatorNickname ?? "—"}</td>
                  <td className="px-3 py-2 whitespace-nowrap">{formatDate(d.createdAt, lang, true)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}

export type FormState =
  | { values?: Record<string, string>; errors?: Record<string, string>; formError?: string }
  | undefined;

/** The decision on the target: the rule (or restore reason) and the member's explanation, both required. */
export function ModerationForm({
  action,
  rules,
  state,
  title,
  lead,
}: {
  action: ModerationAction;
  rules: string[];
  state: FormState;
  title?: string;
  lead?: string;
}) {
  const t = useTranslations("moderation");
  const id = useId();
  const locale = useLocale();
  const restore = action.startsWith("restore_");
  const danger = action === "suspend_member" || action.startsWith("hide_");
  const codeError = state?.errors?.reasonCode;
  const noteError = state?.errors?.note;
  return (
    <Form
      id={`${id}-form`}
      method="post"
      className="flex flex-col gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
      noValidate
    >
      <h2 className="text-base font-bold">{title ?? t("report.moderateHeading")}</h2>
      {lead && <p className="text-sm leading-relaxed text-slate-600">{lead}</p>}
      <FormError message={state?.formError} />
      <input type="hidden" name="intent" value="moderate" />
      <input type="hidden" name="action" value={action} />
      <div>
        <label htmlFor={`${id}-rule`} className="text-sm font-semibold">
          {restore ? t("report.restoreReason") : t("report.rule")}
        </label>
        <select
          id={`${id}-rule`}
          name="reasonCode"
          required
          defaultValue={state?.values?.reasonCode ?? ""}
          aria-invalid={codeError ? true : undefined}
          aria-describedby={codeError ? `${id}-rule-error` : undefined}
          className={`mt-1.5 block h-12 w-full rounded-lg border bg-white px-3 text-sm ${codeError ? "border-danger-600" : "border-slate-300"}`}
        >
          <option value="">—</option>
          {MODERATION_RULES.filter((r) => rules.includes(r.code)).map((r) => (
            <option key={r.code} value={r.code}>
              {t(`rules.${r.code}.label`)}
              {restore
                ? ""
                : locale === "ja"
                  ? `（${t(`rules.${r.code}.article`)}）`
                  : ` (${t(`rules.${r.code}.article`)})`}
            </option>
          ))}
        </select>
        {codeError && (
          <p
            id={`${id}-rule-error`}
            className="mt-1 text-sm font-medium text-danger-600"
            data-testid="error-reasonCode"
          >
            {codeError}
          </p>
        )}
      </div>
      <div>
        <label htmlFor={`${id}-note`} className="text-sm font-semibold">
          {t("report.note")}
        </label>
        <textarea
          id={`${id}-note`}
          name="note"
          rows={5}
          maxLength={1000}
          required
          defaultValue={state?.values?.note}
          aria-invalid={noteError ? true : undefined}
          aria-describedby={`${id}-note-hint${noteError ? ` ${id}-note-error` : ""}`}
          className={`mt-1.5 block w-full rounded-lg border p-3 text-sm ${noteError ? "border-danger-600" : "border-slate-300"}`}
        />
        <p id={`${id}-note-hint`} className="mt-1 text-xs text-slate-500">
          {t("report.noteHint")}
        </p>
        {noteError && (
          <p
            id={`${id}-note-error`}
            className="mt-1 text-sm font-medium text-danger-600"
            data-testid="error-note"
          >
            {noteError}
          </p>
        )}
      </div>
      {danger ? (
        <ConfirmSubmit formId={`${id}-form`} label={t(`report.${action}`)} />
      ) : (
        <button type="submit" className={`${SUBMIT} bg-brand-600 hover:bg-brand-700`}>
          {t(`report.${action}`)}
        </button>
      )}
    </Form>
  );
}

const SUBMIT = "h-11 rounded-full px-5 text-sm font-semibold text-white";
const DANGER = `${SUBMIT} bg-danger-600 hover:bg-danger-700`;

/**
 * The submit button of a decision that takes something away. Without JavaScript (or before the page
 * has hydrated) it submits at once; with it, an alert dialog asks first, and its confirm button
 * submits the same form.
 */
function ConfirmSubmit({ formId, label }: { formId: string; label: string }) {
  const t = useTranslations("moderation.report");
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!hydrated) {
    return (
      <button type="submit" className={DANGER}>
        {label}
      </button>
    );
  }
  return (
    <DialogTrigger>
      <Button className={DANGER}>{label}</Button>
      <AlertDialog
        title={t("confirmTitle")}
        actions={(close) => (
          <>
            <Button
              onPress={close}
              className="h-11 rounded-full border border-slate-300 bg-white px-5 text-sm font-semibold text-slate-800 hover:bg-slate-50"
            >
              {t("cancel")}
            </Button>
            {/* Outside the form in the page's tree, but tied to it: submits it as its own button would. */}
            <button type="submit" form={formId} className={DANGER} onClick={() => setTimeout(close, 0)}>
              {t("confirm")}
            </button>
          </>
        )}
      >
        <p className="mt-2 text-sm leading-relaxed text-slate-700">{t("confirmBody", { action: label })}</p>
      </AlertDialog>
    </DialogTrigger>
  );
}
