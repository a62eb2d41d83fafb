import { type ReactNode, type Ref, useEffect, useId, useRef, useState } from "react";
import type { BankChoice } from "#core/account/bank-search.ts";
import { BANK_ACCOUNT_TYPES } from "#core/account/codes.ts";
import { ACCOUNT_FIELD_LABELS, ZBankAccountTyped } from "#core/account/fields.ts";
import { renderMessage } from "#core/shared/i18n/translate.ts";
import type { Locale } from "#core/shared/locale.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import type { FormState } from "../../lib/form-state.ts";
import { FieldLabel, FieldMessages, FormError, SubmitButton, TextField, ValidatedForm } from "../form.tsx";
import { SelectField } from "../select-field.tsx";
import { FreshSignInField } from "./fresh-sign-in-field.tsx";

export const BANK_ACCOUNT_FIELDS = [
  "bankKind",
  "bankCode",
  "bankName",
  "branchCode",
  "branchName",
  "accountType",
  "accountNumber",
  "japanPostSymbol",
  "japanPostNumber",
  "holderName",
] as const;

/** ゆうちょ銀行's Zengin code: choosing it switches the form to 記号・番号. */
const JAPAN_POST = "9900";

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

type Picked = { code: string; name: string };

/** Checked as typed: the account number and the holder name, which shows the katakana it became. */
const BANK_VALIDATION = {
  schema: ZBankAccountTyped,
  labels: ACCOUNT_FIELD_LABELS,
  convert: ["holderName"],
};
/** The bank's and branch's codes are chosen in their search boxes: the error summary leads there. */
const SEARCH_BOXES = { bankCode: "bankName", branchCode: "branchName" };

/**
 * The payout account, used by the settings page and the seller setup flow. Bank and branch are
 * found by name or reading with suggestions as one types (JSON from `banks/` and `branches/`);
 * without JavaScript the member types the codes and the server fills the names. Popular banks are
 * quick picks: with JavaScript they fill the bank at once, without it they submit the form with
 * `pickBank`, which renders it again with that bank. ゆうちょ銀行 switches to its 記号・番号; the
 * switch is a pair of radios that CSS follows, so it works without JavaScript too.
 */
export function BankAccountForm({
  lang,
  state,
  saved,
  popular,
  submitLabel,
  askPassword = false,
  children,
}: {
  lang: Locale;
  state: FormState | undefined;
  saved: SavedBankAccount | null;
  popular: BankChoice[];
  submitLabel: string;
  /** The sign-in is older than 10 minutes: the member confirms with their password. */
  askPassword?: boolean;
  children?: ReactNode;
}) {
  const t = useTranslations("bank");
  const value = (name: Exclude<keyof SavedBankAccount, "accountNumberMasked">) =>
    state?.values?.[name] ?? saved?.[name] ?? "";
  const error = (name: (typeof BANK_ACCOUNT_FIELDS)[number]) => state?.errors?.[name];
  const [kind, setKind] = useState(state?.values?.bankKind === "japanPost" ? "japanPost" : "bank");
  const [bank, setBank] = useState<Picked>({ code: value("bankCode"), name: value("bankName") });
  const [branch, setBranch] = useState<Picked>({ code: value("branchCode"), name: value("branchName") });
  const branchSearch = useRef<HTMLInputElement>(null);
  const base = `/${lang}/settings/bank-account`;

  function chooseBank(choice: Picked) {
    if (choice.code === JAPAN_POST) {
      setKind("japanPost");
      return;
    }
    setBank(choice);
    if (choice.code !== bank.code) setBranch({ code: "", name: "" });
    branchSearch.current?.focus();
  }

  return (
    <ValidatedForm
      method="post"
      className="group flex flex-col gap-5"
      state={state}
      validation={BANK_VALIDATION}
      targets={SEARCH_BOXES}
    >
      {/* The first submit button is the one Enter presses: saving, not a quick pick. */}
      <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
      {children}
      <FormError message={state?.formError} />
      <fieldset>
        <legend className="text-sm font-semibold text-slate-800">{t("kind")}</legend>
        <div className="mt-1.5 grid grid-cols-2 gap-2">
          {(["bank", "japanPost"] as const).map((option) => (
            <label
              key={option}
              className="flex min-h-12 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:checked]:font-semibold"
            >
              <input
                type="radio"
                name="bankKind"
                value={option}
                checked={kind === option}
                onChange={() => setKind(option)}
                className={`size-4 shrink-0 accent-brand-600 ${option === "japanPost" ? "kind-japan-post" : ""}`}
              />
              {option === "bank" ? t("kindBank") : t("kindJapanPost")}
            </label>
          ))}
        </div>
      </fieldset>

      <div className="flex flex-col gap-5 group-has-[.kind-japan-post:checked]:hidden">
        {popular.length > 0 && (
          <div>
            <p className="text-sm font-semibold text-slate-800">{t("popular")}</p>
            <div className="mt-1.5 grid grid-cols-2 gap-2">
              {popular.map((choice) => (
                <button
                  key={choice.code}
                  type="submit"
                  name="pickBank"
                  value={choice.code}
                  onClick={(event) => {
                    event.preventDefault();
                    chooseBank(choice);
                  }}
                  aria-pressed={choice.code === bank.code}
                  className="min-h-11 rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-800 hover:bg-slate-50 aria-pressed:border-brand-600 aria-pressed:bg-brand-50 aria-pressed:font-semibold"
                >
                  {choice.name}
                </button>
              ))}
            </div>
          </div>
        )}
        <SuggestField
          kind="bank"
          label={t("bankSearch")}
          placeholder={t("bankSearchPlaceholder")}
          codeLabel={t("bankCode")}
          codeHint={t("bankCodeHint")}
          codeLength={4}
          picked={bank}
          onPick={chooseBank}
          onType={(next) => {
            setBank(next);
            if (next.code !== bank.code) setBranch({ code: "", name: "" });
          }}
          url={(q) => `${base}/banks/?q=${encodeURIComponent(q)}`}
          error={error("bankCode") ?? error("bankName")}
        />
        <SuggestField
          kind="branch"
          inputRef={branchSearch}
          label={t("branchSearch")}
          placeholder={t("branchSearchPlaceholder")}
          codeLabel={t("branchCode")}
          codeHint={t("branchCodeHint")}
          codeLength={3}
          picked={branch}
          onPick={setBranch}
          onType={setBranch}
          url={(q) =>
            /^\d{4}$/.test(bank.code)
              ? `${base}/branches/?bank=${bank.code}&q=${encodeURIComponent(q)}`
              : null
          }
          error={error("branchCode") ?? error("branchName")}
        />
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
          hint={
            saved ? t("accountNumberKeep", { masked: saved.accountNumberMasked }) : t("accountNumberHint")
          }
          optional={Boolean(saved)}
          inputMode="numeric"
          autoComplete="off"
          maxLength={7}
          defaultValue={state?.values?.accountNumber ?? ""}
          error={error("accountNumber")}
        />
      </div>

      <div className="hidden flex-col gap-5 group-has-[.kind-japan-post:checked]:flex">
        <p className="text-sm leading-relaxed text-slate-600">{t("japanPostLead")}</p>
        <div className="grid grid-cols-2 gap-3">
          <TextField
            name="japanPostSymbol"
            label={t("japanPostSymbol")}
            hint={t("japanPostSymbolHint")}
            inputMode="numeric"
            autoComplete="off"
            maxLength={5}
            defaultValue={state?.values?.japanPostSymbol ?? ""}
            error={error("japanPostSymbol")}
          />
          <TextField
            name="japanPostNumber"
            label={t("japanPostNumber")}
            hint={t("japanPostNumberHint")}
            inputMode="numeric"
            autoComplete="off"
            maxLength={8}
            defaultValue={state?.values?.japanPostNumber ?? ""}
            error={error("japanPostNumber")}
          />
        </div>
      </div>

      <TextField
        name="holderName"
        label={t("holderName")}
        hint={t("holderNameHint")}
        defaultValue={value("holderName")}
        error={error("holderName")}
      />
      <FreshSignInField ask={askPassword} state={state} />
      <SubmitButton>{submitLabel}</SubmitButton>
    </ValidatedForm>
  );
}

type Status = { state: "idle" } | { state: "busy" } | { state: "done"; count: number } | { state: "failed" };

/**
 * A search box with suggestions (an ARIA 1.2 combobox with a list box) and, beside it, the code the
 * choice fills in. The search box is sent as `{kind}Name`, the code as `{kind}Code`; the server
 * only trusts the code. Typing in the search box forgets the code chosen before.
 */
function SuggestField({
  kind,
  label,
  placeholder,
  codeLabel,
  codeHint,
  codeLength,
  picked,
  onPick,
  onType,
  url,
  error,
  inputRef,
}: {
  kind: "bank" | "branch";
  label: string;
  placeholder: string;
  codeLabel: string;
  codeHint: string;
  codeLength: number;
  picked: Picked;
  onPick: (choice: BankChoice) => void;
  onType: (next: Picked) => void;
  /** The suggestion URL for a query, or null when nothing can be searched yet (no bank chosen). */
  url: (query: string) => string | null;
  error: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const t = useTranslations("bank");
  const id = useId();
  const codeId = useId();
  const [choices, setChoices] = useState<BankChoice[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState<Status>({ state: "idle" });
  const [needsBank, setNeedsBank] = useState(false);
  const request = useRef<AbortController | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(
    () => () => {
      request.current?.abort();
      clearTimeout(timer.current);
    },
    [],
  );

  function search(query: string, { pickExactCode = false } = {}) {
    clearTimeout(timer.current);
    request.current?.abort();
    const address = query.trim() === "" ? null : url(query.trim());
    setNeedsBank(query.trim() !== "" && address === null);
    if (!address) {
      setChoices([]);
      setOpen(false);
      setStatus({ state: "idle" });
      return;
    }
    timer.current = setTimeout(async () => {
      const controller = new AbortController();
      request.current = controller;
      setStatus({ state: "busy" });
      try {
        const res = await fetch(address, {
          signal: controller.signal,
          headers: { accept: "application/json" },
        });
        const answer = (await res.json()) as { suggestions?: BankChoice[] };
        const found = res.ok ? (answer.suggestions ?? []) : [];
        const exact = pickExactCode ? found.find((c) => c.code === query.trim()) : undefined;
        if (exact) {
          onType({ code: exact.code, name: exact.name });
          setChoices([]);
          setOpen(false);
          setStatus({ state: "idle" });
          return;
        }
        setChoices(found);
        setActive(-1);
        setOpen(!pickExactCode);
        setStatus({ state: "done", count: found.length });
      } catch (failure) {
        if ((failure as Error).name === "AbortError") return;
        setChoices([]);
        setStatus({ state: "failed" });
      }
    }, 150);
  }

  function pick(choice: BankChoice) {
    setOpen(false);
    setChoices([]);
    setStatus({ state: "idle" });
    onPick(choice);
  }

  const listId = `${id}-list`;
  const expanded = open && choices.length > 0;
  const describedBy = [`${id}-status`, error ? `${id}-error` : null].filter(Boolean).join(" ");
  const statusText =
    status.state === "busy"
      ? t("searching")
      : status.state === "failed"
        ? t("searchFailed")
        : status.state === "done"
          ? status.count === 0
            ? t("noMatch")
            : t("matches", { count: status.count })
          : needsBank
            ? t("chooseBankFirst")
            : "";

  return (
    <div>
      <FieldLabel htmlFor={id} label={label} />
      <div className="relative">
        <input
          id={id}
          ref={inputRef}
          name={`${kind}Name`}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${id}-option-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          autoComplete="off"
          placeholder={placeholder}
          value={picked.name}
          onChange={(event) => {
            onType({ code: "", name: event.target.value });
            search(event.target.value);
          }}
          onFocus={() => {
            if (choices.length > 0) setOpen(true);
          }}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
          onKeyDown={(event) => {
            if (event.key === "ArrowDown" && choices.length > 0) {
              event.preventDefault();
              setOpen(true);
              setActive((i) => Math.min(i + 1, choices.length - 1));
            } else if (event.key === "ArrowUp" && expanded) {
              event.preventDefault();
              setActive((i) => Math.max(i - 1, 0));
            } else if (event.key === "Enter" && expanded && active >= 0) {
              event.preventDefault();
              pick(choices[active]!);
            } else if (event.key === "Escape" && expanded) {
              event.preventDefault();
              setOpen(false);
            }
          }}
          className={`mt-1.5 block h-12 w-full rounded-lg border bg-white px-3 text-base shadow-sm placeholder:text-sm placeholder:text-slate-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none ${
            error ? "border-danger-600" : "border-slate-300"
          }`}
        />
        <div
          id={listId}
          role="listbox"
          aria-label={label}
          hidden={!expanded}
          className="absolute inset-x-0 top-full z-20 mt-1 max-h-80 overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
        >
          {choices.map((choice, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys (aria-activedescendant).
            <div
              key={choice.code}
              id={`${id}-option-${index}`}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(choice)}
              className="flex min-h-11 cursor-pointer items-center justify-between gap-3 px-3 py-1.5 aria-selected:bg-brand-50 hover:bg-slate-50"
            >
              <span className="min-w-0">
                <span className="block truncate text-base text-slate-900">{choice.name}</span>
                {choice.reading !== choice.name && (
                  <span className="block truncate text-xs text-slate-500">{choice.reading}</span>
                )}
              </span>
              <span className="shrink-0 font-mono text-sm text-slate-500">{choice.code}</span>
            </div>
          ))}
        </div>
      </div>
      <div className="mt-2 flex items-center gap-3">
        <label htmlFor={codeId} className="text-sm text-slate-700">
          {codeLabel}
        </label>
        <input
          id={codeId}
          name={`${kind}Code`}
          inputMode="numeric"
          autoComplete="off"
          maxLength={codeLength}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
          value={picked.code}
          onChange={(event) => {
            const code = event.target.value;
            onType({ code, name: picked.name });
            if (new RegExp(`^\\d{${codeLength}}$`).test(code)) search(code, { pickExactCode: true });
          }}
          className={`block h-11 w-24 rounded-lg border bg-white px-3 font-mono text-base tracking-widest shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none ${
            error ? "border-danger-600" : "border-slate-300"
          }`}
        />
      </div>
      <div>
        <p id={`${id}-status`} aria-live="polite" className="mt-1 text-xs text-slate-500 empty:hidden">
          {statusText}
        </p>
        <FieldMessages id={id} name={`${kind}Code`} hint={codeHint} error={error} />
      </div>
    </div>
  );
}
