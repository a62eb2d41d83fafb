import { type FormEvent, type ReactNode, useEffect, useId, useState } from "react";
import { Form } from "react-router";
import { useTranslations } from "../../i18n/use-translations.ts";
import type { FormState } from "../../lib/form-state.ts";
import { AlertDialog } from "../alert-dialog.tsx";
import { SubmitButton, ValidatedForm } from "../form.tsx";

/** What the confirmation says: a question, what follows from it, and the button that does it. */
export type ConfirmCopy = { title: string; body: ReactNode; confirm: string };

/** Reads a form's values by name, whether from the form in the page or from the server's answer. */
export type FormValues = { get(name: string): string };

const BACK =
  "h-11 rounded-full border border-slate-300 bg-white px-5 text-sm font-semibold text-slate-800 hover:bg-slate-50";
const GO = "h-11 rounded-full bg-brand-600 px-5 text-sm font-semibold text-white hover:bg-brand-700";

/**
 * The form of a step that cannot be undone (shipping notice, cancellation, receipt rating). It posts
 * its `intent`; the page's action answers a post without `confirmed=1` with a confirmation of its own
 * (`ConfirmPanel`), so without JavaScript, or before the page has hydrated, the person confirms on the
 * page the server sends back. Once the page runs, the button opens an alert dialog instead, and its
 * confirm button posts the same form with `confirmed=1`. `check` runs first, with the server's rules,
 * and may keep the dialog closed (a tracking number that cannot be right).
 */
export function ConfirmForm({
  intent,
  submitLabel,
  copy,
  check,
  state,
  variant,
  className,
  testId,
  children,
}: {
  intent: string;
  submitLabel: string;
  copy: (values: FormValues) => ConfirmCopy;
  check?: (form: HTMLFormElement) => boolean;
  /** The server's answer when it was for this form: the error summary and the fields' messages. */
  state?: FormState | undefined;
  variant?: "primary" | "secondary";
  className?: string;
  testId?: string;
  children?: ReactNode;
}) {
  const t = useTranslations("buying.confirmStep");
  const formId = `confirm-${useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;
  const [open, setOpen] = useState<ConfirmCopy | null>(null);
  // Marks the form once its button opens the dialog (before that, the server asks).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    // The dialog's own button: confirmed, let React Router send it.
    if (submitter?.getAttribute("name") === "confirmed") return;
    event.preventDefault();
    const form = event.currentTarget;
    if (check && !check(form)) return;
    const data = new FormData(form);
    setOpen(copy({ get: (name) => String(data.get(name) ?? "") }));
  }

  return (
    <ValidatedForm
      state={state}
      method="post"
      id={formId}
      onSubmit={onSubmit}
      className={className}
      data-testid={testId}
      data-hydrated={hydrated ? "true" : undefined}
    >
      <input type="hidden" name="intent" value={intent} />
      {children}
      <SubmitButton variant={variant}>{submitLabel}</SubmitButton>
      <AlertDialog
        isOpen={open !== null}
        onOpenChange={(isOpen) => !isOpen && setOpen(null)}
        title={open?.title ?? ""}
        testId="confirm-dialog"
        actions={(close) => (
          <>
            <button type="button" onClick={close} className={BACK}>
              {t("back")}
            </button>
            {/* Outside the form in the page's tree, but tied to it: posts it with confirmed=1. */}
            <button
              type="submit"
              form={formId}
              name="confirmed"
              value="1"
              className={GO}
              onClick={() => setTimeout(close, 0)}
            >
              {open?.confirm}
            </button>
          </>
        )}
      >
        {open?.body}
      </AlertDialog>
    </ValidatedForm>
  );
}

/**
 * The server's confirmation of a step that cannot be undone, for a page without JavaScript: the same
 * words as the dialog, the values that were sent (kept in hidden fields) and two ways on.
 */
export function ConfirmPanel({
  copy,
  values,
}: {
  copy: ConfirmCopy;
  /** What the form sent, in order (a name may repeat, as checkboxes do). */
  values: readonly (readonly [string, string])[];
}) {
  const t = useTranslations("buying.confirmStep");
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="rounded-2xl bg-amber-50 p-5 ring-1 ring-amber-300"
      data-testid="confirm-panel"
    >
      <h2 id={titleId} className="text-lg font-bold text-slate-900">
        {copy.title}
      </h2>
      {copy.body}
      <p className="mt-3 text-sm text-slate-700">{t("again")}</p>
      <Form method="post" className="mt-4 flex flex-wrap items-center gap-3">
        {values.map(([name, value], i) => (
          <input key={i} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" name="confirmed" value="1" className={GO}>
          {copy.confirm}
        </button>
        {/* Back to the form with what was typed still in it. */}
        <button type="submit" name="back" value="1" className={BACK}>
          {t("back")}
        </button>
      </Form>
    </section>
  );
}

/** Values the server sent back, read like a form's. */
export function valuesOf(pairs: readonly (readonly [string, string])[]): FormValues {
  return { get: (name) => pairs.find(([n]) => n === name)?.[1] ?? "" };
}
