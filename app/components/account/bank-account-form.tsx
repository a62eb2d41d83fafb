import type { ReactNode } from "react";
import { Form } from "react-router";
import { useTranslations } from "use-intl";
import { BANK_ACCOUNT_TYPES } from "#core/shared/codes.ts";
import { renderMessage } from "#core/shared/i18n/translate.ts";
import type { Locale } from "#core/shared/locale.ts";
import type { FormState } from "../../lib/form-state.ts";
import { FormError, SubmitButton, TextField } from "../form.tsx";
import { SelectField } from "../select-field.tsx";

export const BANK_ACCOUNT_FIELDS = [
  "bankCode",
  "bankName",
  "branchCode",
  "branchName",
  "accountType",
  "accountNumber",
  "holderName",
] as const;

/** A saved account as the form shows it: never the full account number. */
export type SavedBankAccount = {
  bankCode: string;
  bankName: string;
  branchCode: string;
  branchName: string;
  accountType: string;
  accountNumberMasked: string;
  holderName: string;
};

/** The payout account, used by the settings page and the seller setup flow. */
export function BankAccountForm({
  lang,
  state,
  saved,
  submitLabel,
  children,
}: {
  lang: Locale;
  state: FormState | undefined;
  saved: SavedBankAccount | null;
  submitLabel: string;
  children?: ReactNode;
}) {
  const t = useTranslations("bank");
  const value = (name: Exclude<keyof SavedBankAccount, "accountNumberMasked">) =>
    state?.values?.[name] ?? saved?.[name] ?? "";
  const error = (name: (typeof BANK_ACCOUNT_FIELDS)[number]) => state?.errors?.[name];
  return (
    <Form method="post" className="flex flex-col gap-5" noValidate>
      {children}
      <FormError message={state?.formError} />
      <div className="grid gap-5 sm:grid-cols-[10rem_1fr] sm:gap-3">
        <TextField
          name="bankCode"
          label={t("bankCode")}
          hint={t("bankCodeHint")}
          inputMode="numeric"
          maxLength={4}
          defaultValue={value("bankCode")}
          error={error("bankCode")}
        />
        <TextField
          name="bankName"
          label={t("bankName")}
          defaultValue={value("bankName")}
          error={error("bankName")}
        />
        <TextField
          name="branchCode"
          label={t("branchCode")}
          hint={t("branchCodeHint")}
          inputMode="numeric"
          maxLength={3}
          defaultValue={value("branchCode")}
          error={error("branchCode")}
        />
        <TextField
          name="branchName"
          label={t("branchName")}
          defaultValue={value("branchName")}
          error={error("branchName")}
        />
      </div>
      <SelectField
        name="accountType"
        label={t("accountType")}
        options={BANK_ACCOUNT_TYPES.map((a) => ({ value: a.code, label: renderMessage(a.label, lang) }))}
        defaultValue={value("accountType") || "1"}
        error={error("accountType")}
        required
      />
      <TextField
        name="accountNumber"
        label={t("accountNumber")}
        hint={saved ? t("accountNumberKeep", { masked: saved.accountNumberMasked }) : t("accountNumberHint")}
        optional={Boolean(saved)}
        inputMode="numeric"
        autoComplete="off"
        maxLength={7}
        defaultValue={state?.values?.accountNumber ?? ""}
        error={error("accountNumber")}
      />
      <TextField
        name="holderName"
        label={t("holderName")}
        hint={t("holderNameHint")}
        defaultValue={value("holderName")}
        error={error("holderName")}
      />
      <SubmitButton>{submitLabel}</SubmitButton>
    </Form>
  );
}
