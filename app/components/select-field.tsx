import type { ReactNode, Ref, SelectHTMLAttributes } from "react";
import { useTranslations } from "../i18n/use-translations.ts";
import { FieldLabel, FieldMessages, fieldId, useShownError } from "./form.tsx";

type Option = { value: string; label: string };
type Group = { label: string; options: Option[] };

/** A select's choices: 「選択してください」 first, then the options, or the options in groups. */
export function SelectOptions({
  options,
  groups,
}: {
  options?: Option[] | undefined;
  groups?: Group[] | undefined;
}) {
  const t = useTranslations("catalog");
  return (
    <>
      <option value="">{t("selectPlaceholder")}</option>
      {options?.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
      {groups?.map((g) => (
        <optgroup key={g.label} label={g.label}>
          {g.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </optgroup>
      ))}
    </>
  );
}

/**
 * A labelled select with a 「選択してください」 first option, its error tied to it; uncontrolled, like
 * TextField, and like it checked as it changes inside a `ValidatedForm`.
 */
export function SelectField({
  name,
  label,
  options,
  error,
  hint,
  optional,
  groups,
  id: givenId,
  ...select
}: {
  name: string;
  label: string;
  options?: Option[];
  /** Options in groups (<optgroup>), e.g. models by brand. */
  groups?: Group[];
  error?: string | undefined;
  hint?: ReactNode;
  optional?: boolean;
  ref?: Ref<HTMLSelectElement>;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, "name" | "value">) {
  const id = givenId ?? fieldId(name);
  const shown = useShownError(name, error);
  const describedBy = [hint ? `${id}-hint` : null, shown ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div>
      <FieldLabel htmlFor={id} label={label} optional={optional} />
      <select
        id={id}
        name={name}
        aria-invalid={shown ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={`mt-1.5 block h-12 w-full rounded-lg border bg-white px-3 text-base ${shown ? "border-danger-600" : "border-slate-300"}`}
        {...select}
      >
        <SelectOptions options={options} groups={groups} />
      </select>
      <FieldMessages id={id} name={name} hint={hint} error={shown} />
    </div>
  );
}
