import { useId } from "react";
import { Form } from "react-router";
import type { GradingDetail } from "#core/buyback/get-grading.ts";
import { REFUSAL_NOTE_MAX, REFUSAL_REASONS } from "#core/buyback/grading-input.ts";
import { BUYBACK_RULES } from "#core/buyback/rules.ts";
import type { Locale } from "#core/shared/locale.ts";
import { IMAGE_ACCEPT } from "#core/storage/image-limits.ts";
import { formatDate } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import type { FormState } from "../../lib/form-state.ts";
import { FormError } from "../form.tsx";
import { Card } from "./card.tsx";

export function ReceiveCard({ detail }: { detail: GradingDetail }) {
  const t = useTranslations("buybackOffice.grading.detail");
  return (
    <Card id="receive-title" title={t("receiveTitle")} testId="receive">
      <p className="mb-3 text-sm text-slate-700">{t("receiveLead")}</p>
      <Form method="post">
        <input type="hidden" name="applicationId" value={detail.application.id} />
        <button
          type="submit"
          name="intent"
          value="receive"
          className="h-11 rounded-full bg-brand-600 px-5 text-sm font-semibold text-white hover:bg-brand-700"
        >
          {t("receive")}
        </button>
      </Form>
    </Card>
  );
}

export function UnlockCard({ detail, lang }: { detail: GradingDetail; lang: Locale }) {
  const t = useTranslations("buybackOffice.grading.unlock");
  const { unlockRequestedAt, unlockRefusableAt } = detail.item;
  return (
    <Card id="unlock-title" title={t("title")} testId="unlock">
      <p className="mb-2 text-sm text-slate-700">{t("lead", { days: BUYBACK_RULES.unlockWaitDays })}</p>
      {unlockRequestedAt && (
        <p className="mb-2 text-sm font-semibold">
          {t("requestedAt", { date: formatDate(unlockRequestedAt, lang, true) })}
          {unlockRefusableAt && (
            <>
              <br />
              {t("refusableAt", { date: formatDate(unlockRefusableAt, lang, true) })}
            </>
          )}
        </p>
      )}
      <Form method="post">
        <button
          type="submit"
          name="intent"
          value="unlock"
          className="rounded-full border border-brand-600 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
        >
          {unlockRequestedAt ? t("remind") : t("request")}
        </button>
      </Form>
    </Card>
  );
}

export function PhotosCard({ detail, state }: { detail: GradingDetail; state: FormState | undefined }) {
  const t = useTranslations("buybackOffice.grading.photos");
  const uid = useId();
  const { photos, maxPhotos, can, item } = detail;
  const error = state?.errors?.photos ?? state?.formError;
  return (
    <Card id="photos-title" title={t("title")} testId="photos">
      <p className="mb-2 text-sm text-slate-600">{t("count", { count: photos.length, max: maxPhotos })}</p>
      {photos.length === 0 ? (
        <p className="mb-3 text-sm text-slate-600">{t("empty")}</p>
      ) : (
        <ul className="mb-3 grid grid-cols-3 gap-2">
          {photos.map((p, i) => (
            <li key={p.id} className="flex flex-col gap-1">
              <a href={p.large} target="_blank" rel="noreferrer">
                <img
                  src={p.thumb}
                  alt={t("alt", { id: item.id, n: i + 1 })}
                  loading="lazy"
                  className="aspect-square w-full rounded-lg object-cover ring-1 ring-slate-200"
                />
              </a>
              {can.photos && (
                <Form method="post">
                  <input type="hidden" name="photoId" value={p.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="removePhoto"
                    aria-label={t("removeLabel", { n: i + 1 })}
                    className="w-full rounded border border-slate-300 px-2 py-0.5 text-xs hover:bg-slate-50"
                  >
                    {t("remove")}
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
      {can.photos &&
        (photos.length < maxPhotos ? (
          <Form method="post" encType="multipart/form-data" className="flex flex-col gap-2">
            <input type="hidden" name="intent" value="photos" />
            <label htmlFor={`${uid}-photos`} className="text-sm font-semibold">
              {t("add")}
            </label>
            <input
              id={`${uid}-photos`}
              name="photos"
              type="file"
              multiple
              accept={IMAGE_ACCEPT}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${uid}-hint${error ? ` ${uid}-error` : ""}`}
              className="text-sm"
            />
            <p id={`${uid}-hint`} className="text-xs text-slate-600">
              {t("hint")}
            </p>
            {error && (
              <p id={`${uid}-error`} role="alert" className="text-sm font-medium text-danger-600">
                {error}
              </p>
            )}
            <button
              type="submit"
              className="self-start rounded-full border border-brand-600 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
            >
              {t("upload")}
            </button>
          </Form>
        ) : (
          <p className="text-sm text-slate-600">{t("full")}</p>
        ))}
    </Card>
  );
}

/** Refuse: a reason (those that are not open yet are shown greyed out with why) and a note. */
export function RefuseForm({ detail, state }: { detail: GradingDetail; state: FormState | undefined }) {
  const t = useTranslations("buybackOffice.grading");
  const b = useTranslations("buyback");
  const uid = useId();
  const { can } = detail;
  const chosen = state?.values?.reason ?? "";
  const reasonError = state?.errors?.reason;
  const noteError = state?.errors?.note;
  const closed = (r: (typeof REFUSAL_REASONS)[number]) =>
    r === "activation_locked"
      ? can.refuseLocked
        ? null
        : t("refuse.lockedWait", { days: BUYBACK_RULES.unlockWaitDays })
      : r === "no_bid"
        ? can.refuseNoBid
          ? null
          : t("refuse.noBidOnly")
        : null;
  return (
    <Form
      method="post"
      noValidate
      aria-labelledby={`${uid}-title`}
      data-testid="refuse-form"
      className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-danger-600/30"
    >
      <h2 id={`${uid}-title`} className="text-lg font-bold text-danger-600">
        {t("refuse.title")}
      </h2>
      <p className="text-xs text-slate-700">{t("refuse.lead")}</p>
      <FormError message={state?.formError} />
      <input type="hidden" name="intent" value="refuse" />
      <fieldset
        className="flex flex-col gap-2"
        aria-describedby={reasonError ? `${uid}-reason-error` : undefined}
      >
        <legend className="mb-1 text-sm font-semibold">{t("refuse.reason")}</legend>
        {REFUSAL_REASONS.map((r) => {
          const why = closed(r);
          return (
            <label
              key={r}
              className={`flex gap-2 text-sm ${why ? "text-slate-500" : ""}`}
              data-testid={`refuse-${r}`}
            >
              <input
                type="radio"
                name="reason"
                value={r}
                disabled={why !== null}
                defaultChecked={chosen === r}
                className="mt-1"
              />
              <span className="flex flex-col">
                <span className="font-semibold">{t(`endReasonShort.${r}`)}</span>
                <span className="text-xs">{why ?? b(`endReasons.${r}`)}</span>
              </span>
            </label>
          );
        })}
        {reasonError && (
          <p id={`${uid}-reason-error`} className="text-sm font-medium text-danger-600">
            {reasonError}
          </p>
        )}
      </fieldset>
      <label htmlFor={`${uid}-note`} className="text-sm font-semibold">
        {t("refuse.note")}
      </label>
      <textarea
        id={`${uid}-note`}
        name="note"
        rows={3}
        maxLength={REFUSAL_NOTE_MAX}
        defaultValue={state?.values?.note}
        aria-invalid={noteError ? true : undefined}
        aria-describedby={`${uid}-note-hint${noteError ? ` ${uid}-note-error` : ""}`}
        className="rounded-lg border border-slate-300 p-3 text-sm"
      />
      <p id={`${uid}-note-hint`} className="text-xs text-slate-600">
        {t("refuse.noteHint")}
      </p>
      {noteError && (
        <p id={`${uid}-note-error`} className="text-sm font-medium text-danger-600">
          {noteError}
        </p>
      )}
      <button
        type="submit"
        className="h-11 self-start rounded-full border border-danger-600 bg-white px-5 text-sm font-semibold text-danger-600 hover:bg-red-50"
      >
        {t("refuse.submit")}
      </button>
    </Form>
  );
}
