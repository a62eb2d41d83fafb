import { useId } from "react";
import { Form, Link } from "react-router";
import type { BalanceSummary } from "#core/money/balance/balance-summary.ts";
import type { Locale } from "#core/shared/locale.ts";
import { formatDate, formatPoints, formatYen } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import type { FormState } from "../../lib/form-state.ts";
import { FormError, SubmitButton, TextField } from "../form.tsx";
import { ReasonField } from "./money.tsx";

/** A member's proceeds, paid points and free points, with their next deadlines, for finance. */
export function MemberBalance({ balance, lang }: { balance: BalanceSummary; lang: Locale }) {
  const t = useTranslations("officeMoney.balance");
  const cell = (label: string, value: string, testId: string) => (
    <div className="rounded-xl bg-slate-50 p-3">
      <dt className="text-xs font-semibold text-slate-600">{label}</dt>
      <dd className="text-xl font-bold tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
  return (
    <section
      aria-labelledby="balance-heading"
      className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="balance-heading" className="text-base font-bold">
        {t("title")}
      </h2>
      <dl className="grid grid-cols-1 gap-2 sm:grid-cols-3 lg:grid-cols-1">
        {cell(t("proceeds"), formatYen(balance.proceeds, lang), "balance-proceeds")}
        {cell(t("points"), formatPoints(balance.points, lang), "balance-points")}
        {cell(t("freePoints"), formatPoints(balance.freePoints, lang), "balance-free-points")}
      </dl>
      <ul className="flex flex-col gap-1 text-xs text-slate-700">
        {balance.escrow > 0 && (
          <li>
            {t("escrow")}: {formatYen(balance.escrow, lang)}
          </li>
        )}
        {balance.nextProceedsDeadline && (
          <li>
            {t("nextDeadline", {
              date: formatDate(balance.nextProceedsDeadline.at, lang),
              amount: formatYen(balance.nextProceedsDeadline.amount, lang),
            })}
          </li>
        )}
        {balance.nextFreePointsExpiry && (
          <li>
            {t("nextExpiry", {
              date: formatDate(balance.nextFreePointsExpiry.at, lang),
              amount: formatPoints(balance.nextFreePointsExpiry.amount, lang),
            })}
          </li>
        )}
        {balance.openPayouts.length > 0 && <li>{t("openPayouts", { count: balance.openPayouts.length })}</li>}
      </ul>
      {balance.openPayouts.length > 0 && (
        <ul className="flex flex-col gap-1 text-sm">
          {balance.openPayouts.map((p) => (
            <li key={p.id}>
              <Link to={`/${lang}/staff/payouts/${p.id}/`} className="text-brand-700 underline">
                #{p.id}
              </Link>{" "}
              <span className="tabular-nums">{formatYen(p.amount, lang)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Grant free points: how many, for how many days, and why (the core checks `points:grant`). */
export function MemberFreePointsForm({
  requestKey,
  maxDays,
  state,
}: {
  requestKey: string;
  maxDays: number;
  state: FormState | undefined;
}) {
  const t = useTranslations("officeMoney.grant");
  const id = useId();
  const errors = state?.errors ?? {};
  const values = state?.values ?? {};
  return (
    <Form
      method="post"
      noValidate
      aria-labelledby={`${id}-title`}
      data-testid="grant-form"
      className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id={`${id}-title`} className="text-base font-bold">
        {t("title")}
      </h2>
      <p className="text-xs text-slate-600">{t("hint")}</p>
      <FormError message={state?.formError} />
      <input type="hidden" name="action" value="grant_points" />
      <input type="hidden" name="requestKey" value={values.requestKey || requestKey} />
      <TextField
        name="amount"
        label={t("amount")}
        hint={t("amountHint")}
        inputMode="numeric"
        autoComplete="off"
        maxLength={12}
        defaultValue={values.amount ?? ""}
        error={errors.amount}
      />
      <TextField
        name="expiresInDays"
        label={t("expiresInDays")}
        hint={t("expiresInDaysHint", { max: maxDays })}
        inputMode="numeric"
        autoComplete="off"
        maxLength={4}
        defaultValue={values.expiresInDays ?? String(maxDays)}
        error={errors.expiresInDays}
      />
      <ReasonField
        id={`${id}-reason`}
        label={t("reason")}
        hint={t("reasonHint")}
        error={errors.reason}
        defaultValue={values.reason}
        maxLength={200}
      />
      <SubmitButton>{t("submit")}</SubmitButton>
    </Form>
  );
}
