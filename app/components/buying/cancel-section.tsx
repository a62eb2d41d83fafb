import { Form } from "react-router";
import { type Message, renderMessage } from "#core/shared/i18n/translate.ts";
import type { Locale } from "#core/shared/locale.ts";
import { CANCEL_NOTE_MAX, CANCEL_REASONS, cancelReasonsFor } from "#core/trading/cancel-reasons.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import type { FormState } from "../../lib/form-state.ts";
import { FieldLabel, FieldMessages, fieldId, SubmitButton } from "../form.tsx";
import { SelectField } from "../select-field.tsx";
import { type ConfirmCopy, ConfirmForm, type FormValues } from "./confirm-form.tsx";

type Translate = ReturnType<typeof useTranslations<"buying.confirmStep">>;

const reasonLabel = (code: string, lang: Locale) => {
  const entry = CANCEL_REASONS.find((r) => r.code === code);
  return entry ? renderMessage(entry.label as Message, lang) : code;
};

/** What the cancellation request's confirmation says. */
export function cancelRequestCopy(t: Translate, values: FormValues, lang: Locale): ConfirmCopy {
  const reason = values.get("reason");
  return {
    title: t("cancel.title"),
    confirm: t("cancel.confirm"),
    body: (
      <div className="mt-2 flex flex-col gap-2 text-sm leading-relaxed text-slate-700">
        <p>{t("cancel.body")}</p>
        {reason && (
          <p className="font-semibold text-slate-900" data-testid="confirm-detail">
            {t("cancel.reason", { reason: reasonLabel(reason, lang) })}
          </p>
        )}
      </div>
    ),
  };
}

/** What agreeing to a cancellation's confirmation says. */
export function cancelAgreeCopy(t: Translate): ConfirmCopy {
  return {
    title: t("agree.title"),
    confirm: t("agree.confirm"),
    body: <p className="mt-2 text-sm leading-relaxed text-slate-700">{t("agree.body")}</p>,
  };
}

/**
 * Cancelling from a party's side: the open request (who asked, why, in their words), the other
 * party's answer (agree, asking first, or carry on), or the request itself with its reason, folded
 * away until wanted (a native disclosure, so it opens without JavaScript too).
 */
export function CancelSection({
  role,
  canRequest,
  canAnswer,
  cancellation,
  state,
  lang,
}: {
  role: "buyer" | "seller";
  canRequest: boolean;
  canAnswer: boolean;
  cancellation: { requestedBy: string; reason: string; note: string } | null;
  /** The server's answer when it was for the request form. */
  state: FormState | undefined;
  lang: Locale;
}) {
  const t = useTranslations("buying");
  const tc = useTranslations("buying.confirmStep");
  const noteError = state?.errors?.note;
  return (
    <>
      {cancellation && (
        <section
          aria-labelledby="cancellation-title"
          className="rounded-2xl bg-amber-50 p-5 text-sm ring-1 ring-amber-300"
          data-testid="cancellation"
        >
          <h2 id="cancellation-title" className="font-bold">
            {cancellation.requestedBy === role
              ? t("cancelForm.requestedByYou")
              : t("cancelForm.requestedByOther")}
          </h2>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="text-slate-600">{t("cancelForm.reasonLine")}</dt>
            <dd data-testid="cancellation-reason">{reasonLabel(cancellation.reason, lang)}</dd>
            {cancellation.note && (
              <>
                <dt className="text-slate-600">{t("cancelForm.noteLine")}</dt>
                <dd className="break-words whitespace-pre-wrap" data-testid="cancellation-note">
                  {cancellation.note}
                </dd>
              </>
            )}
          </dl>
        </section>
      )}
      {canAnswer && (
        <div className="flex flex-col gap-2">
          <ConfirmForm
            intent="cancel-agree"
            testId="cancel-agree-form"
            submitLabel={t("agreeCancel")}
            variant="secondary"
            copy={() => cancelAgreeCopy(tc)}
          />
          <Form method="post" className="flex flex-col">
            <SubmitButton name="intent" value="cancel-refuse" variant="secondary">
              {t("refuseCancel")}
            </SubmitButton>
          </Form>
        </div>
      )}
      {canRequest && (
        <details
          open={state !== undefined}
          className="group rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
          data-testid="cancel-request"
        >
          <summary className="flex min-h-12 cursor-pointer items-center justify-between px-5 text-sm font-semibold text-slate-700">
            {t("cancelForm.title")}
            <span aria-hidden="true" className="transition group-open:rotate-180">
              ▾
            </span>
          </summary>
          <ConfirmForm
            intent="cancel-request"
            testId="cancel-form"
            submitLabel={t("requestCancel")}
            variant="secondary"
            state={state}
            className="flex flex-col gap-4 px-5 pb-5"
            copy={(values) => cancelRequestCopy(tc, values, lang)}
          >
            <p className="text-sm text-slate-600">{t("cancelForm.lead")}</p>
            <SelectField
              name="reason"
              label={t("cancelForm.reason")}
              options={cancelReasonsFor(role).map((r) => ({
                value: r.code,
                label: renderMessage(r.label as Message, lang),
              }))}
              defaultValue={state?.values?.reason ?? ""}
              error={state?.errors?.reason}
            />
            <div>
              <FieldLabel htmlFor={fieldId("note")} label={t("cancelForm.note")} optional />
              <textarea
                id={fieldId("note")}
                name="note"
                rows={3}
                maxLength={CANCEL_NOTE_MAX}
                defaultValue={state?.values?.note ?? ""}
                aria-invalid={noteError ? true : undefined}
                aria-describedby={`${fieldId("note")}-hint${noteError ? ` ${fieldId("note")}-error` : ""}`}
                className={`mt-1.5 block w-full rounded-lg border bg-white p-3 text-base ${noteError ? "border-danger-600" : "border-slate-300"}`}
              />
              <FieldMessages
                id={fieldId("note")}
                name="note"
                hint={t("cancelForm.noteHint")}
                error={noteError}
              />
            </div>
          </ConfirmForm>
        </details>
      )}
    </>
  );
}
