import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from "react";
import { useNavigation } from "react-router";
import { useTranslations } from "use-intl";
import type { FormState } from "../lib/form-state.ts";

type TextFieldProps = {
  name: string;
  label: string;
  error?: string | undefined;
  hint?: string;
  optional?: boolean;
  ref?: Ref<HTMLInputElement>;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "value">;

/** A field's label with its 必須/任意 badge (the badge is for the eye; `required` tells screen readers). */
export function FieldLabel({
  htmlFor,
  label,
  optional,
}: {
  htmlFor: string;
  label: string;
  optional?: boolean | undefined;
}) {
  const t = useTranslations("form");
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={htmlFor} className="text-sm font-semibold text-slate-800">
        {label}
      </label>
      <span
        aria-hidden="true"
        className={`rounded px-1.5 py-0.5 text-[10px] font-bold ${optional ? "bg-slate-200 text-slate-600" : "bg-danger-600 text-white"}`}
      >
        {optional ? t("optional") : t("required")}
      </span>
    </div>
  );
}

/** A field's hint and error, with the ids its control's aria-describedby points at. */
export function FieldMessages({
  id,
  name,
  hint,
  error,
}: {
  id: string;
  name: string;
  hint?: ReactNode;
  error?: string | undefined;
}) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p
          id={`${id}-error`}
          className="mt-1 text-sm font-medium text-danger-600"
          data-testid={`error-${name}`}
        >
          {error}
        </p>
      )}
    </>
  );
}

/**
 * A labelled input whose hint and error are announced with it. Uncontrolled (`defaultValue`, never
 * `value`): what a person typed stays theirs through hydration, re-renders and a failed submit.
 */
export function TextField({ name, label, error, hint, optional, className, ...input }: TextFieldProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div className={className}>
      <FieldLabel htmlFor={id} label={label} optional={optional} />
      <input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        required={!optional}
        className={`mt-1.5 block h-12 w-full rounded-lg border bg-white px-3 text-base shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none ${
          error ? "border-danger-600" : "border-slate-300"
        }`}
        {...input}
      />
      <FieldMessages id={id} name={name} hint={hint} error={error} />
    </div>
  );
}

export function Checkbox({
  name,
  label,
  defaultChecked,
}: {
  name: string;
  label: string;
  defaultChecked?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <input
        id={id}
        name={name}
        type="checkbox"
        value="on"
        defaultChecked={defaultChecked}
        className="size-5 rounded border-slate-300 accent-brand-600"
      />
      <label htmlFor={id} className="text-sm text-slate-700">
        {label}
      </label>
    </div>
  );
}

/** Disabled while its form is being sent, so a double tap does not send twice. */
export function SubmitButton({
  children,
  name,
  value,
  variant = "primary",
}: {
  children: ReactNode;
  name?: string;
  value?: string;
  variant?: "primary" | "secondary";
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <button
      type="submit"
      name={name}
      value={value}
      disabled={busy}
      aria-busy={busy || undefined}
      className={`flex h-12 w-full items-center justify-center rounded-full px-6 text-base font-semibold transition disabled:opacity-60 ${
        variant === "primary"
          ? "bg-brand-600 text-white hover:bg-brand-700"
          : "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50"
      }`}
    >
      {children}
    </button>
  );
}

export function FormError({ message }: { message?: string | undefined }) {
  if (!message) return null;
  return (
    <div
      role="alert"
      className="rounded-lg border border-danger-600/30 bg-red-50 px-4 py-3 text-sm text-danger-600"
    >
      {message}
    </div>
  );
}

export function PageCard({
  title,
  children,
  lead,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="mx-auto w-full max-w-md" aria-labelledby="page-title">
      <h1 id="page-title" className="text-2xl font-bold">
        {title}
      </h1>
      {lead && <div className="mt-2 text-sm leading-relaxed text-slate-600">{lead}</div>}
      <div className="mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">{children}</div>
    </section>
  );
}

type FieldProps = { label: string; state?: FormState | undefined; hint?: string };

export function EmailField({ label, state, hint, name = "email" }: FieldProps & { name?: string }) {
  return (
    <TextField
      name={name}
      type="email"
      label={label}
      hint={hint}
      autoComplete="email"
      inputMode="email"
      defaultValue={state?.values?.[name]}
      error={state?.errors?.[name]}
    />
  );
}

/** Passwords are never sent back to the page, so a failed submit shows the field empty. */
export function PasswordField({
  label,
  state,
  hint,
  name,
  autoComplete,
}: FieldProps & { name: string; autoComplete: "current-password" | "new-password" }) {
  return (
    <TextField
      name={name}
      type="password"
      label={label}
      hint={hint}
      autoComplete={autoComplete}
      error={state?.errors?.[name]}
    />
  );
}

export function CodeField({ label, state }: FieldProps) {
  return (
    <TextField
      name="code"
      label={label}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      pattern="[0-9]*"
      error={state?.errors?.code}
    />
  );
}
