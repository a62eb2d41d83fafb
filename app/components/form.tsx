import {
  createContext,
  type FocusEvent,
  type FormEvent,
  type InputHTMLAttributes,
  type MouseEvent,
  type ReactNode,
  type Ref,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { Form, type FormProps, useNavigation } from "react-router";
import { useLocale } from "use-intl";
import type { z } from "zod";
import { renderMessage } from "#core/shared/i18n/translate.ts";
import type { Locale } from "#core/shared/locale.ts";
import { type FieldLabelMessages, localizeIssues } from "#core/shared/validation/format.ts";
import { useTranslations } from "../i18n/use-translations.ts";
import type { FormState } from "../lib/form-state.ts";

/**
 * The id of a form field, from its name: the error summary links to `#field-{name}` and the server
 * knows it without rendering the field. (A page shows each field name once.)
 */
export function fieldId(name: string): string {
  return `field-${name}`;
}

/**
 * Messages the browser worked out as people filled the form in, by field name: a message, or null
 * for "fixed" (the server's message for that field is no longer shown). Fields without an entry
 * show what the server said.
 */
const LiveErrors = createContext<Readonly<Record<string, string | null>>>({});

/** What a field shows: the browser's verdict since the last submit, else the server's message. */
export function useShownError(name: string, error: string | undefined): string | undefined {
  const live = useContext(LiveErrors);
  return Object.hasOwn(live, name) ? (live[name] ?? undefined) : error;
}

/** True once the page runs in the browser (a control that needs script is shown only then). */
function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

type TextFieldProps = {
  name: string;
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  optional?: boolean;
  ref?: Ref<HTMLInputElement>;
  /** A control inside the field's box, at its end (the password field's show button). */
  trailing?: ReactNode;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "value">;

/**
 * A field's label with its 必須/任意 badge, the one place a field says it is optional (the badge
 * is for the eye; `required` tells screen readers). Labels and hints never repeat 「任意」.
 */
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
      <OptionalBadge optional={optional} label={optional ? t("optional") : t("required")} />
    </div>
  );
}

function OptionalBadge({ optional, label }: { optional: boolean | undefined; label: string }) {
  return (
    <span
      aria-hidden="true"
      className={`shrink-0 rounded px-1.5 py-0.5 text-[10px] font-bold ${optional ? "bg-slate-200 text-slate-600" : "bg-danger-600 text-white"}`}
    >
      {label}
    </span>
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
 * Inside a `ValidatedForm` the error follows what the person types (see `useShownError`).
 */
export function TextField({
  name,
  label,
  error,
  hint,
  optional,
  className,
  trailing,
  id: givenId,
  ...input
}: TextFieldProps) {
  const id = givenId ?? fieldId(name);
  const shown = useShownError(name, error);
  const describedBy = [hint ? `${id}-hint` : null, shown ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div className={className}>
      <FieldLabel htmlFor={id} label={label} optional={optional} />
      <div className="relative mt-1.5">
        <input
          id={id}
          name={name}
          aria-invalid={shown ? true : undefined}
          aria-describedby={describedBy || undefined}
          required={!optional}
          className={`block h-12 w-full rounded-lg border bg-white px-3 text-base shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none ${
            shown ? "border-danger-600" : "border-slate-300"
          } ${trailing ? "pr-12" : ""}`}
          {...input}
        />
        {trailing}
      </div>
      <FieldMessages id={id} name={name} hint={hint} error={shown} />
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

/**
 * The element a summary link leads to: the field by its id, else the form's control named like the
 * target or the field (a group of radios: its first).
 */
function fieldElement(link: HTMLElement, name: string, target: string): HTMLElement | null {
  const byId = document.getElementById(target);
  if (byId) return byId;
  const elements = link.closest("form")?.elements;
  const named = elements?.namedItem(target) ?? elements?.namedItem(name);
  if (named instanceof RadioNodeList) return (named[0] as HTMLElement | undefined) ?? null;
  return named instanceof HTMLElement ? named : null;
}

/** What a field is called on the page: its label, its group's legend, or its aria-label. */
function labelText(element: HTMLElement): string | null {
  const label = element.id ? document.querySelector(`label[for="${CSS.escape(element.id)}"]`) : null;
  const text =
    label?.textContent ??
    element.closest("fieldset")?.querySelector("legend")?.textContent ??
    element.getAttribute("aria-label");
  return text?.trim() || null;
}

/**
 * The box at the top of a form after a failed submit: a heading, how many fields need correcting
 * and a link to each (「メールアドレス：メールアドレスを入力してください」). It takes the focus each
 * time the server answers with field errors, so a screen reader reads it and a keyboard continues
 * from it; a link moves the focus to its field. Every form that shows per-field errors has one.
 */
export function ErrorSummary({
  errors,
  focusKey,
  targets,
}: {
  errors: Readonly<Record<string, string>> | undefined;
  /** Focus moves to the summary when this changes (the server's answer); defaults to `errors`. */
  focusKey?: unknown;
  /** Fields whose control is not `#field-{name}` (a group of radios, a search box for a code). */
  targets?: Readonly<Record<string, string>>;
}) {
  const t = useTranslations("form");
  const locale = useLocale() as Locale;
  const box = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const [labels, setLabels] = useState<Record<string, string>>({});
  const [order, setOrder] = useState<string[] | null>(null);
  const entries = Object.entries(errors ?? {}).filter(([, message]) => message);
  const key = focusKey === undefined ? errors : focusKey;
  const names = entries.map(([name]) => name).join("\n");

  // The fields' labels and their order on the page, read once the fields are there.
  useLayoutEffect(() => {
    const root = box.current;
    if (!root || !names) return;
    const found: Record<string, string> = {};
    const place: [string, number][] = [];
    const all = Array.from(root.closest("form")?.elements ?? []);
    for (const name of names.split("\n")) {
      const element = fieldElement(root, name, targets?.[name] ?? fieldId(name));
      const text = element && labelText(element);
      if (text) found[name] = text;
      place.push([name, element ? all.indexOf(element as Element) : Number.MAX_SAFE_INTEGER]);
    }
    setLabels(found);
    setOrder(place.sort((a, b) => a[1] - b[1]).map(([name]) => name));
  }, [names, targets]);

  useEffect(() => {
    if (key && box.current) box.current.focus();
  }, [key]);

  if (entries.length === 0) return null;
  const byName = new Map(entries);
  const shown = order ? order.filter((name) => byName.has(name)) : entries.map(([name]) => name);
  for (const [name] of entries) if (!shown.includes(name)) shown.push(name);
  const separator = locale === "ja" ? "：" : ": ";

  function go(event: MouseEvent<HTMLAnchorElement>, name: string) {
    const element = fieldElement(event.currentTarget, name, targets?.[name] ?? fieldId(name));
    if (!element) return;
    event.preventDefault();
    element.scrollIntoView({ block: "center" });
    element.focus({ preventScroll: true });
  }

  return (
    <div
      ref={box}
      tabIndex={-1}
      role="alert"
      aria-labelledby={headingId}
      data-testid="error-summary"
      className="rounded-lg border-2 border-danger-600 bg-red-50 px-4 py-3 text-sm text-slate-900 focus:outline-none focus-visible:ring-4 focus-visible:ring-danger-600/30"
    >
      <h2 id={headingId} className="text-base font-bold text-danger-600">
        {t("errorSummary")}
      </h2>
      <p className="mt-1 text-slate-700">{t("errorSummaryLead", { count: shown.length })}</p>
      <ul className="mt-2 flex list-disc flex-col gap-1 pl-5">
        {shown.map((name) => {
          const message = byName.get(name) ?? "";
          const label = labels[name];
          const text = label && !message.includes(label) ? `${label}${separator}${message}` : message;
          return (
            <li key={name}>
              <a
                href={`#${targets?.[name] ?? fieldId(name)}`}
                onClick={(event) => go(event, name)}
                className="font-medium text-danger-600 underline underline-offset-2"
              >
                {text}
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

type Validation = {
  /** The rules of the form's fields: the core's own schema, the one the server checks with. */
  schema: z.ZodType;
  /** Field labels for the messages (「{field}を入力してください」). */
  labels?: FieldLabelMessages;
  /** What the schema reads from the form, when it is not the form's fields by name. */
  toInput?: (form: HTMLFormElement) => unknown;
  /**
   * Fields that show what the rules made of what was typed once the person leaves them (hiragana
   * to katakana in a kana field), so what is sent is what they see.
   */
  convert?: readonly string[];
};

/** The form's text fields by name; a name sent more than once (checkboxes) gives a list. */
function formInput(form: HTMLFormElement): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const [name, value] of new FormData(form)) {
    if (typeof value !== "string") continue;
    const before = input[name];
    input[name] = before === undefined ? value : ([] as unknown[]).concat(before, value);
  }
  return input;
}

function isField(target: EventTarget): target is HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement {
  return (
    target instanceof HTMLInputElement ||
    target instanceof HTMLSelectElement ||
    target instanceof HTMLTextAreaElement
  );
}

/**
 * Checks fields as people fill them in, with the same rules as the server (spec §5: on blur and on
 * change): a field shows its message once it is left invalid, and loses it as soon as it is fixed.
 * A field left empty without being touched is not told off. A new answer from the server starts over.
 */
function useLiveValidation(serverErrors: Readonly<Record<string, string>> | undefined, o?: Validation) {
  const locale = useLocale() as Locale;
  const [live, setLive] = useState<Record<string, string | null>>({});
  const touched = useRef(new Set<string>());
  // A new answer from the server starts over.
  useEffect(() => {
    setLive({});
    touched.current = new Set();
  }, [serverErrors]);

  function check(form: HTMLFormElement, name: string) {
    if (!o) return;
    const result = o.schema.safeParse(o.toInput ? o.toInput(form) : formInput(form), { reportInput: true });
    const message = result.success ? undefined : localizeIssues(result.error, o.labels)[name];
    const text = message ? renderMessage(message, locale) : null;
    setLive((before) => (before[name] === text ? before : { ...before, [name]: text }));
  }

  function showing(name: string): boolean {
    return Object.hasOwn(live, name) ? Boolean(live[name]) : Boolean(serverErrors?.[name]);
  }

  /** Writes what the field's own rule made of the value back into it (すずき → スズキ). */
  function convert(field: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement) {
    const shape = (o?.schema as { shape?: Record<string, z.ZodType> } | undefined)?.shape;
    const rule = o?.convert?.includes(field.name) ? shape?.[field.name] : undefined;
    if (!rule || field instanceof HTMLSelectElement) return;
    const result = rule.safeParse(field.value);
    if (result.success && typeof result.data === "string" && result.data !== field.value.trim()) {
      field.value = result.data;
    }
  }

  function onBlur(event: FocusEvent<HTMLFormElement>) {
    const field = event.target;
    if (!o || !isField(field) || !field.name || field.type === "file" || field.type === "hidden") return;
    if (field.value === "" && !touched.current.has(field.name) && !showing(field.name)) return;
    touched.current.add(field.name);
    convert(field);
    check(event.currentTarget, field.name);
  }

  function onChange(event: FormEvent<HTMLFormElement>) {
    const field = event.target;
    if (!o || !isField(field) || !field.name || field.type === "file") return;
    const chosen = field instanceof HTMLSelectElement || field.type === "checkbox" || field.type === "radio";
    if (chosen) touched.current.add(field.name);
    // A choice is made at once; a typed field is judged when it is left, but cleared as soon as it is right.
    if (chosen || showing(field.name)) check(event.currentTarget, field.name);
  }

  const errors: Record<string, string> = {};
  for (const [name, message] of Object.entries(serverErrors ?? {})) {
    if (!Object.hasOwn(live, name)) errors[name] = message;
  }
  for (const [name, message] of Object.entries(live)) if (message) errors[name] = message;
  return { live, errors, onBlur, onChange };
}

/** The server answered the last submit with field errors. */
function submitFailed(state: FormState | undefined): boolean {
  return Object.values(state?.errors ?? {}).some(Boolean);
}

/**
 * A form that helps: `Form` with the error summary at its top and, given the core's schema, each
 * field checked as it is filled in (see `useLiveValidation`). Works without JavaScript as before:
 * the server's answer shows the summary and the fields' messages.
 */
export function ValidatedForm({
  state,
  validation,
  targets,
  children,
  ...form
}: Omit<FormProps, "onBlur" | "onChange"> & {
  state: FormState | undefined;
  validation?: Validation;
  targets?: Readonly<Record<string, string>>;
  ref?: Ref<HTMLFormElement>;
}) {
  const checks = useLiveValidation(state?.errors, validation);
  const hydrated = useHydrated();
  return (
    <Form
      noValidate
      {...form}
      onBlur={checks.onBlur}
      onChange={checks.onChange}
      // Tells tests (and styles) that the fields are now checked as they are filled in.
      data-live-validation={hydrated && validation ? "on" : undefined}
    >
      <LiveErrors.Provider value={checks.live}>
        {/* Only after a failed submit: a box appearing above the fields while one is left would move
            the next field away from the finger reaching for it. */}
        <ErrorSummary
          errors={submitFailed(state) ? checks.errors : undefined}
          focusKey={state?.errors}
          targets={targets}
        />
        {children}
      </LiveErrors.Provider>
    </Form>
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

export function EmailField({
  label,
  state,
  hint,
  name = "email",
  autoComplete = "email",
}: FieldProps & { name?: string; autoComplete?: string }) {
  return (
    <TextField
      name={name}
      type="email"
      label={label}
      hint={hint}
      autoComplete={autoComplete}
      inputMode="email"
      defaultValue={state?.values?.[name]}
      error={state?.errors?.[name]}
    />
  );
}

/**
 * Passwords are never sent back to the page, so a failed submit shows the field empty. Once the
 * page runs, a button beside the field shows what was typed (「パスワードを表示」, pressed or not).
 */
export function PasswordField({
  label,
  state,
  hint,
  name,
  autoComplete,
}: FieldProps & { name: string; autoComplete: "current-password" | "new-password" }) {
  const t = useTranslations("form");
  const hydrated = useHydrated();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      name={name}
      type={visible ? "text" : "password"}
      label={label}
      hint={hint}
      autoComplete={autoComplete}
      autoCapitalize="off"
      spellCheck={false}
      error={state?.errors?.[name]}
      trailing={
        hydrated && (
          <button
            type="button"
            aria-pressed={visible}
            aria-label={t("showPassword")}
            aria-controls={fieldId(name)}
            title={t("showPassword")}
            onClick={() => setVisible((v) => !v)}
            className="absolute inset-y-0 right-0 flex w-12 items-center justify-center rounded-r-lg text-slate-500 hover:text-slate-800 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none aria-pressed:text-brand-700"
          >
            <EyeIcon crossed={visible} />
          </button>
        )
      }
    />
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className="size-5"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
    >
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
      {crossed && <path d="M4 4l16 16" />}
    </svg>
  );
}

export function CodeField({ label, state }: FieldProps) {
  return (
    <TextField
      name="code"
      label={label}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={12}
      error={state?.errors?.code}
    />
  );
}
