import { type ReactNode, useEffect, useId, useRef } from "react";
import { Form, Link } from "react-router";
import { useTranslations } from "use-intl";
import { addBuybackPhotos } from "#core/buyback/add-buyback-photos.ts";
import { BUYBACK_GRADES, type DiagnosticValue } from "#core/buyback/codes.ts";
import { DIAGNOSTIC_FIELDS, type DiagnosticKey } from "#core/buyback/diagnostic-fields.ts";
import { type GradingDetail, getGrading } from "#core/buyback/get-grading.ts";
import { gradeDevice } from "#core/buyback/grade-device.ts";
import {
  GRADING_DEFECTS,
  GRADING_LIMITS,
  REFUSAL_NOTE_MAX,
  REFUSAL_REASONS,
} from "#core/buyback/grading-input.ts";
import { receiveShipment } from "#core/buyback/receive-shipment.ts";
import { refuseDevice } from "#core/buyback/refuse-device.ts";
import { removeBuybackPhoto } from "#core/buyback/remove-buyback-photo.ts";
import { requestUnlock } from "#core/buyback/request-unlock.ts";
import { BUYBACK_RULES } from "#core/buyback/rules.ts";
import { PREFECTURES } from "#core/shared/codes.ts";
import { AppError } from "#core/shared/errors.ts";
import type { Locale } from "#core/shared/locale.ts";
import { tokyoNow } from "#core/shared/validation/tokyo-clock.ts";
import { queueOperators } from "#core/staff/assign-queue-item.ts";
import { claimQueueItem } from "#core/staff/claim-queue-item.ts";
import { releaseQueueItem } from "#core/staff/release-queue-item.ts";
import { IMAGE_ACCEPT, IMAGE_MESSAGES, MAX_IMAGE_BYTES } from "#core/storage/image-limits.ts";
import { FormError } from "../../components/form.tsx";
import { AssignForm } from "../../components/staff/assign-form.tsx";
import { ClaimForm } from "../../components/staff/claim-form.tsx";
import { formatDate, formatYen } from "../../i18n/index.ts";
import type { FlashKey } from "../../lib/flash.ts";
import type { FormState } from "../../lib/form-state.ts";
import { label } from "../../lib/labels.ts";
import { langOf } from "../../lib/lang.ts";
import {
  core,
  formFailure,
  formValues,
  orNotFound,
  pathIdOf,
  redirectWithFlash,
} from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import { readUploadForm } from "../../lib/upload.server.ts";
import type { Route } from "./+types/buyback-grading-detail";
import { requestMeta, requireStaff } from "./staff.server.ts";

export const meta = titleMeta("buybackOffice.grading.detail.metaTitle", { noindex: true });
export const handle = { back: "history" };

/** Every photo a device may have at once, and the rest of the form around them. */
const MAX_FORM_BYTES = BUYBACK_RULES.maxPhotos * MAX_IMAGE_BYTES + 256 * 1024;

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const actor = requireStaff(context, request, langOf(params), "buyback:grade");
  const itemId = pathIdOf(params);
  const ctx = core(context);
  const detail = await orNotFound(() => getGrading(ctx, { actor, itemId }));
  return {
    detail,
    assignees: detail.item.state === "30" ? await queueOperators(ctx, { actor, queue: "buyback" }) : [],
    today: tokyoNow(ctx.clock).date,
  };
}

/** The grading form's fields as typed, kept to show again when something is wrong. */
function gradingValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {
    intent: "grade",
    grade: String(form.get("grade") ?? ""),
    ng: form
      .getAll("ng")
      .map((v) => String(v))
      .join(","),
    reason: String(form.get("reason") ?? ""),
  };
  for (const { key } of DIAGNOSTIC_FIELDS) {
    values[`d.${key}`] = String(form.get(`d.${key}`) ?? "");
    values[`na.${key}`] = form.get(`na.${key}`) === "on" ? "on" : "";
    values[`r.${key}`] = String(form.get(`r.${key}`) ?? "");
  }
  return values;
}

function gradingInput(values: Record<string, string>) {
  return {
    grade: values.grade,
    ngConditions: values.ng ? values.ng.split(",") : [],
    reason: values.reason,
    diagnostics: Object.fromEntries(
      DIAGNOSTIC_FIELDS.map(({ key }) => [
        key,
        { value: values[`d.${key}`], na: values[`na.${key}`] === "on", reason: values[`r.${key}`] },
      ]),
    ),
  };
}

const id = (v: string) => (/^[1-9]\d{0,14}$/.test(v) ? Number(v) : 0);

/**
 * One device's steps, each a plain form posting `intent`: receive the parcel, grade (or regrade),
 * ask for the activation lock to be removed, add or remove photos, refuse, take or let go of it.
 * The core checks the grader's roles again and says what is wrong; what was typed stays.
 */
export async function action({ context, request, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const actor = requireStaff(context, request, lang, "buyback:grade");
  const itemId = pathIdOf(params);
  const ctx = core(context);
  const meta = requestMeta(context);
  const here = `/${lang}/staff/buyback/${itemId}/`;
  let values: Record<string, string> = {};
  try {
    const form = await readUploadForm(request, MAX_FORM_BYTES);
    if (!form) {
      values = { intent: "photos" };
      throw new AppError("PAYLOAD_TOO_LARGE", { fields: { photos: IMAGE_MESSAGES.tooLarge } });
    }
    const intent = String(form.get("intent") ?? "");
    let flash: FlashKey;
    switch (intent) {
      case "grade": {
        values = gradingValues(form);
        const outcome = await gradeDevice(ctx, { ...gradingInput(values), itemId, graderId: actor.id, meta });
        flash = !outcome.offered
          ? "buybackOffice.grading.flash.gradedNoBid"
          : outcome.regrade
            ? "buybackOffice.grading.flash.regraded"
            : "buybackOffice.grading.flash.offered";
        break;
      }
      case "receive": {
        const v = formValues(form, ["intent", "applicationId"]);
        values = v;
        await receiveShipment(ctx, { applicationId: id(v.applicationId), graderId: actor.id, meta });
        flash = "buybackOffice.grading.flash.received";
        break;
      }
      case "refuse": {
        const v = formValues(form, ["intent", "reason", "note"]);
        values = v;
        await refuseDevice(ctx, { itemId, graderId: actor.id, reason: v.reason, note: v.note, meta });
        flash = "buybackOffice.grading.flash.refused";
        break;
      }
      case "unlock":
        values = { intent };
        await requestUnlock(ctx, { itemId, graderId: actor.id, meta });
        flash = "buybackOffice.grading.flash.unlockRequested";
        break;
      case "photos": {
        values = { intent };
        const files = form.getAll("photos").filter((f): f is File => f instanceof File && f.size > 0);
        const bytes = await Promise.all(files.map(async (f) => new Uint8Array(await f.arrayBuffer())));
        await addBuybackPhotos(ctx, { itemId, graderId: actor.id, files: bytes, meta });
        flash = "buybackOffice.grading.flash.photosAdded";
        break;
      }
      case "removePhoto": {
        const v = formValues(form, ["intent", "photoId"]);
        values = v;
        await removeBuybackPhoto(ctx, { itemId, photoId: id(v.photoId), graderId: actor.id, meta });
        flash = "buybackOffice.grading.flash.photoRemoved";
        break;
      }
      case "claim":
        values = { intent };
        await claimQueueItem(ctx, { actor, queue: "buyback", itemId, meta });
        flash = "buybackOffice.grading.flash.claimed";
        break;
      case "release":
        values = { intent };
        await releaseQueueItem(ctx, { actor, queue: "buyback", itemId, meta });
        flash = "buybackOffice.grading.flash.released";
        break;
      default:
        throw new AppError("BAD_REQUEST");
    }
    return redirectWithFlash(context, here, flash);
  } catch (error) {
    return formFailure(error, lang, values);
  }
}

const STATE_BADGE: Record<string, string> = {
  "10": "bg-slate-200 text-slate-800",
  "20": "bg-sky-100 text-sky-900",
  "30": "bg-amber-100 text-amber-900",
  "40": "bg-brand-50 text-brand-800",
  "50": "bg-emerald-100 text-emerald-800",
  "60": "bg-slate-200 text-slate-800",
};

/** Which form a failure belongs to: its message is shown there, the others stay quiet. */
const FORM_INTENTS = ["grade", "refuse", "photos"];

export default function BuybackGradingDevice({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("buybackOffice.grading");
  const codes = useTranslations("codes");
  const lang = langOf(params);
  const { detail, today } = loaderData;
  const { item, can } = detail;
  const failed = actionData?.values?.intent ?? "";
  const stateFor = (intent: string) => (failed === intent ? actionData : undefined);
  return (
    <div className="flex flex-col gap-6">
      <Link to={`/${lang}/staff/buyback/`} className="self-start text-sm text-brand-700 underline">
        {t("detail.back")}
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">{t("detail.title", { id: item.id })}</h1>
        <span
          className={`rounded px-2 py-0.5 text-xs font-bold ${STATE_BADGE[item.state] ?? ""}`}
          data-testid="device-state"
        >
          {codes(`buybackSellerState.${item.state}`)}
        </span>
        <span className="text-slate-700">{item.model}</span>
      </div>
      {!FORM_INTENTS.includes(failed) && <FormError message={actionData?.formError} />}
      <Warnings detail={detail} lang={lang} />
      {item.state === "30" && (
        <section
          aria-label={t("detail.claimLabel")}
          className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
        >
          <ClaimForm
            claimed={detail.claim ? t("detail.claimedBy", { name: detail.claim.nickname }) : null}
            testId="device-claim"
            labels={{
              unclaimed: t("queue.unclaimed"),
              claim: t("queue.claim"),
              release: t("detail.release"),
            }}
          />
          <AssignForm
            lang={lang}
            queue="buyback"
            itemId={item.id}
            operators={loaderData.assignees}
            current={detail.claim?.operatorId ?? null}
            back={`/${lang}/staff/buyback/${item.id}/`}
          />
        </section>
      )}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,20rem)]">
        <div className="flex min-w-0 flex-col gap-6">
          {can.receive && <ReceiveCard detail={detail} />}
          {(!can.grade || item.state === "40") && item.diagnostics && (
            <Card id="recorded-title" title={t("detail.recorded")}>
              <Diagnostics values={item.diagnostics} />
            </Card>
          )}
          {can.grade &&
            (item.state === "40" ? (
              // An offered device is regraded only now and then: the form opens on demand.
              <details
                open={failed === "grade"}
                className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
                data-testid="regrade"
              >
                <summary className="cursor-pointer rounded-2xl px-5 py-4 text-base font-bold text-brand-700">
                  {t("form.regradeSummary")}
                </summary>
                <GradingForm detail={detail} state={stateFor("grade")} today={today} />
              </details>
            ) : (
              <GradingForm detail={detail} state={stateFor("grade")} today={today} />
            ))}
          <Gradings detail={detail} lang={lang} />
          <History detail={detail} lang={lang} />
        </div>
        <aside className="flex min-w-0 flex-col gap-6" aria-label={t("detail.device")}>
          <DeviceCard detail={detail} lang={lang} />
          <OfferCard detail={detail} lang={lang} />
          <ApplicationCard detail={detail} lang={lang} />
          <AnswersCard detail={detail} lang={lang} />
          {can.requestUnlock && <UnlockCard detail={detail} lang={lang} />}
          <PhotosCard detail={detail} state={stateFor("photos")} />
          {can.refuse && <RefuseForm detail={detail} state={stateFor("refuse")} />}
        </aside>
      </div>
    </div>
  );
}

function Card({
  title,
  children,
  id,
  testId,
}: {
  title: string;
  children: ReactNode;
  id: string;
  testId?: string;
}) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
      data-testid={testId}
    >
      <h2 id={id} className="mb-3 text-lg font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Row({ label: name, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[8rem_1fr] gap-2 py-1.5">
      <dt className="text-slate-600">{name}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

/** The same IMEI elsewhere, or a recorded IMEI that is not the member's: said before anything else. */
function Warnings({ detail, lang }: { detail: GradingDetail; lang: Locale }) {
  const t = useTranslations("buybackOffice.grading.detail");
  const codes = useTranslations("codes");
  const { imeiMismatch, otherDevices, reportedListings } = detail.warnings;
  if (!imeiMismatch && otherDevices.length === 0 && reportedListings.length === 0) return null;
  return (
    <section
      role="alert"
      aria-labelledby="warnings-title"
      data-testid="imei-warning"
      className="rounded-2xl border-2 border-danger-600 bg-red-50 p-4 text-sm text-danger-600"
    >
      <h2 id="warnings-title" className="mb-2 text-base font-bold">
        {t("warningsTitle")}
      </h2>
      <ul className="flex list-disc flex-col gap-1 pl-5">
        {imeiMismatch && <li>{t("imeiMismatch")}</li>}
        {otherDevices.length > 0 && (
          <li>
            {t("otherDevices")}{" "}
            {otherDevices.map((d, i) => (
              <span key={d.id}>
                {i > 0 && "、"}
                <Link to={`/${lang}/staff/buyback/${d.id}/`} className="font-semibold underline">
                  {t("otherDevice", { id: d.id, state: codes(`buybackSellerState.${d.state}`) })}
                </Link>
              </span>
            ))}
          </li>
        )}
        {reportedListings.length > 0 && (
          <li>
            {t("reportedListings")}{" "}
            {reportedListings.map((l, i) => (
              <span key={l.id}>
                {i > 0 && "、"}
                <Link to={`/${lang}/items/${l.id}/`} className="font-semibold underline">
                  {l.title}
                </Link>
              </span>
            ))}
          </li>
        )}
      </ul>
      <p className="mt-2 font-semibold">{t("stolenHint")}</p>
    </section>
  );
}

function ReceiveCard({ detail }: { detail: GradingDetail }) {
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

/** What the grading form starts with: what was typed (after a failure), the last grading, or the model. */
function startingValues(detail: GradingDetail, state: FormState | undefined): Record<string, string> {
  if (state?.values) return state.values;
  const { item } = detail;
  const values: Record<string, string> = {
    grade: item.grade ?? "",
    ng: item.ngConditions.join(","),
    reason: "",
  };
  for (const { key } of DIAGNOSTIC_FIELDS) {
    const v = item.diagnostics?.[key];
    values[`d.${key}`] = v && "value" in v ? v.value : "";
    values[`na.${key}`] = v && "na" in v ? "on" : "";
    values[`r.${key}`] = v && "na" in v ? v.na : "";
  }
  if (!item.diagnostics) {
    values["d.model"] = item.model;
    values["d.modelName"] = item.model;
    if (item.storageGb !== null) values["d.memory"] = `${item.storageGb}GB`;
  }
  return values;
}

const inputClass =
  "h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm aria-[invalid=true]:border-danger-600";

/**
 * Grade or regrade: the RMJ grade, the failed checks, every diagnostic field with "not applicable"
 * and its reason beside it, and for a regrade the reason. One plain form; errors beside each field.
 */
function GradingForm({
  detail,
  state,
  today,
}: {
  detail: GradingDetail;
  state: FormState | undefined;
  today: string;
}) {
  const t = useTranslations("buybackOffice.grading.form");
  const b = useTranslations("buyback");
  const uid = useId();
  const regrade = detail.item.state === "40";
  const values = startingValues(detail, state);
  const errors = state?.errors ?? {};
  const ng = new Set(values.ng ? values.ng.split(",") : []);
  const formRef = useRef<HTMLFormElement>(null);
  // After a failed submit the first field to fix gets the focus (and comes into view).
  useEffect(() => {
    if (state?.errors && Object.keys(state.errors).length > 0) {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    }
  }, [state]);
  const errorText = (key: string) =>
    errors[key] ? (
      <p
        id={`${uid}-${key}-error`}
        className="text-sm font-medium text-danger-600"
        data-testid={`error-${key}`}
      >
        {errors[key]}
      </p>
    ) : null;
  return (
    <Form
      ref={formRef}
      method="post"
      noValidate
      aria-labelledby={`${uid}-title`}
      data-testid="grading-form"
      className="flex flex-col gap-5 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
    >
      <div>
        <h2 id={`${uid}-title`} className="text-lg font-bold">
          {regrade ? t("regradeTitle") : t("title")}
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          {regrade ? t("regradeLead", { days: BUYBACK_RULES.offerDays }) : t("lead")}
        </p>
      </div>
      <FormError
        message={
          state?.formError ??
          (Object.keys(errors).length ? t("errorSummary", { count: Object.keys(errors).length }) : undefined)
        }
      />
      <input type="hidden" name="intent" value="grade" />

      <fieldset
        className="flex flex-col gap-2"
        aria-describedby={errors.grade ? `${uid}-grade-error` : undefined}
      >
        <legend className="mb-1 text-sm font-bold">{t("grade")}</legend>
        <div className="grid gap-2 sm:grid-cols-2 xl:grid-cols-3">
          {BUYBACK_GRADES.map((g) => (
            <label
              key={g}
              className="flex cursor-pointer gap-2 rounded-lg border border-slate-200 p-2 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
            >
              <input
                type="radio"
                name="grade"
                value={g}
                defaultChecked={values.grade === g}
                aria-invalid={errors.grade ? true : undefined}
                className="mt-1"
              />
              <span className="flex flex-col">
                <span className="font-semibold">{b(`grades.${g}`)}</span>
                <span className="text-xs text-slate-600">{b(`gradeNotes.${g}`)}</span>
              </span>
            </label>
          ))}
        </div>
        {errorText("grade")}
      </fieldset>

      <fieldset
        className="flex flex-col gap-2"
        aria-describedby={`${uid}-ng-hint${errors.ngConditions ? ` ${uid}-ngConditions-error` : ""}`}
      >
        <legend className="mb-1 text-sm font-bold">{t("ngConditions")}</legend>
        <p id={`${uid}-ng-hint`} className="text-xs text-slate-600">
          {t("ngHint")}
        </p>
        <div className="grid gap-x-4 gap-y-1 sm:grid-cols-2">
          {GRADING_DEFECTS.map((d) => (
            <label key={d} className="flex items-center gap-2 py-1 text-sm">
              <input
                type="checkbox"
                name="ng"
                value={d}
                defaultChecked={ng.has(d)}
                aria-invalid={errors.ngConditions ? true : undefined}
                className="size-4"
              />
              {b(`ngConditions.${d}`)}
            </label>
          ))}
        </div>
        {errorText("ngConditions")}
      </fieldset>

      <fieldset className="flex flex-col">
        <legend className="mb-1 text-sm font-bold">{t("diagnostics")}</legend>
        <div className="divide-y divide-slate-100">
          {DIAGNOSTIC_FIELDS.map((field) => (
            <DiagnosticRow
              key={field.key}
              field={field}
              values={values}
              error={errors[`diagnostics.${field.key}`]}
              today={today}
            />
          ))}
        </div>
      </fieldset>

      {regrade && (
        <div className="flex flex-col gap-1">
          <label htmlFor={`${uid}-reason`} className="text-sm font-bold">
            {t("reason")}
          </label>
          <textarea
            id={`${uid}-reason`}
            name="reason"
            rows={3}
            required
            maxLength={GRADING_LIMITS.reason}
            defaultValue={values.reason}
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={`${uid}-reason-hint${errors.reason ? ` ${uid}-reason-error` : ""}`}
            className="rounded-lg border border-slate-300 p-3 text-sm"
          />
          <p id={`${uid}-reason-hint`} className="text-xs text-slate-600">
            {t("reasonHint")}
          </p>
          {errorText("reason")}
        </div>
      )}
      <p className="text-xs text-slate-600">{t("lockedNote")}</p>
      <button
        type="submit"
        className="h-11 self-start rounded-full bg-brand-600 px-6 text-sm font-semibold text-white hover:bg-brand-700"
      >
        {regrade ? t("submitRegrade") : t("submit")}
      </button>
    </Form>
  );
}

/** One diagnostic field: its input, "not applicable" and the reason, and what is wrong with it. */
function DiagnosticRow({
  field,
  values,
  error,
  today,
}: {
  field: (typeof DIAGNOSTIC_FIELDS)[number];
  values: Record<string, string>;
  error: string | undefined;
  today: string;
}) {
  const t = useTranslations("buybackOffice.grading.form");
  const b = useTranslations("buyback");
  const key: DiagnosticKey = field.key;
  const name = b(`diagnostics.${key}`);
  const ids = { value: `d-${key}`, na: `na-${key}`, reason: `r-${key}`, error: `e-${key}` };
  const invalid = error ? true : undefined;
  const describedBy = error ? ids.error : undefined;
  const value = values[`d.${key}`] ?? "";
  const common = {
    id: ids.value,
    name: `d.${key}`,
    defaultValue: value,
    "aria-invalid": invalid,
    "aria-describedby": describedBy,
  };
  let input: ReactNode;
  switch (field.kind) {
    case "choices":
      input = (
        <select {...common} className={inputClass}>
          <option value="">{t("choose")}</option>
          {field.choices.map((c) => (
            <option key={c} value={c}>
              {b(`diagnosticChoices.${c}`)}
            </option>
          ))}
        </select>
      );
      break;
    case "date":
      input = <input {...common} type="date" max={today} className={`${inputClass} max-w-48`} />;
      break;
    case "percent":
      input = (
        <span className="flex items-center gap-2">
          <input
            {...common}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            maxLength={4}
            className={`${inputClass} max-w-24`}
          />
          <span aria-hidden="true">{t("percentUnit")}</span>
        </span>
      );
      break;
    case "count":
      input = (
        <input
          {...common}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          maxLength={6}
          className={`${inputClass} max-w-32`}
        />
      );
      break;
    case "imei":
      input = (
        <input
          {...common}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          maxLength={20}
          className={`${inputClass} max-w-64 font-mono`}
        />
      );
      break;
    case "note":
      input = (
        <textarea
          {...common}
          rows={3}
          maxLength={GRADING_LIMITS.note}
          className="w-full rounded-lg border border-slate-300 p-3 text-sm"
        />
      );
      break;
    default:
      input = (
        <input
          {...common}
          type="text"
          autoComplete="off"
          maxLength={GRADING_LIMITS.text}
          className={inputClass}
        />
      );
  }
  return (
    <div
      className="grid gap-2 py-2.5 md:grid-cols-[9rem_minmax(0,1fr)_minmax(0,16rem)] md:items-start"
      data-testid={`diagnostic-${key}`}
    >
      <label htmlFor={ids.value} className="text-sm font-semibold md:pt-2">
        {name}
      </label>
      <div className="min-w-0">{input}</div>
      <div className="flex items-center gap-2 rounded-lg bg-slate-50 px-2 py-1">
        <label className="flex shrink-0 items-center gap-1.5 text-sm" htmlFor={ids.na}>
          <input
            id={ids.na}
            type="checkbox"
            name={`na.${key}`}
            defaultChecked={values[`na.${key}`] === "on"}
            aria-label={t("naFor", { field: name })}
            className="size-4"
          />
          <span aria-hidden="true">{t("notApplicable")}</span>
        </label>
        <label htmlFor={ids.reason} className="sr-only">
          {t("naReasonFor", { field: name })}
        </label>
        <input
          id={ids.reason}
          name={`r.${key}`}
          type="text"
          autoComplete="off"
          placeholder={t("naReason")}
          maxLength={GRADING_LIMITS.naReason}
          defaultValue={values[`r.${key}`] ?? ""}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          className="h-8 min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-2 text-sm placeholder:text-slate-500"
        />
      </div>
      {error && (
        <p
          id={ids.error}
          className="text-sm font-medium text-danger-600 md:col-span-2 md:col-start-2"
          data-testid={`error-${key}`}
        >
          {error}
        </p>
      )}
    </div>
  );
}

/** A diagnostic field as recorded: its value in words, or "not applicable (reason)". */
function useDiagnosticText() {
  const b = useTranslations("buyback");
  return (key: DiagnosticKey, v: DiagnosticValue | undefined): string => {
    if (!v) return "—";
    if ("na" in v) return b("notApplicable", { reason: v.na });
    const field = DIAGNOSTIC_FIELDS.find((f) => f.key === key);
    if (field?.kind === "choices") return b(`diagnosticChoices.${v.value as "pass"}`);
    if (field?.kind === "percent") return `${v.value}%`;
    return v.value || "—";
  };
}

function Diagnostics({ values }: { values: Record<string, DiagnosticValue> }) {
  const b = useTranslations("buyback");
  const text = useDiagnosticText();
  return (
    <dl className="divide-y divide-slate-100 text-sm" data-testid="recorded-diagnostics">
      {DIAGNOSTIC_FIELDS.map(({ key }) => (
        <Row key={key} label={b(`diagnostics.${key}`)}>
          <span className="whitespace-pre-wrap">{text(key, values[key])}</span>
        </Row>
      ))}
    </dl>
  );
}

function DeviceCard({ detail, lang }: { detail: GradingDetail; lang: Locale }) {
  const t = useTranslations("buybackOffice.grading.detail");
  const b = useTranslations("buyback");
  const { item } = detail;
  return (
    <Card id="device-title" title={t("device")}>
      <dl className="divide-y divide-slate-100 text-sm">
        <Row label={t("model")}>{item.model}</Row>
        {item.storageGb !== null && <Row label={t("storage")}>{t("storageGb", { gb: item.storageGb })}</Row>}
        <Row label={t("declaredImei")}>
          <span className="font-mono text-xs">{item.imei ?? "—"}</span>
        </Row>
        <Row label={t("grade")}>
          {item.grade ? (
            <span data-testid="device-grade">{b(`grades.${item.grade}`)}</span>
          ) : (
            t("notGradedYet")
          )}
        </Row>
        {item.ngConditions.length > 0 && (
          <Row label={t("ngConditions")}>
            {item.ngConditions.map((ng) => b(`ngConditions.${ng as "screen"}`)).join("・")}
          </Row>
        )}
        {item.externalGrade && (
          <Row label={t("externalGrade")}>
            {item.externalGrade.scale} {item.externalGrade.value}
          </Row>
        )}
        {item.gradedAt && (
          <Row label={t("gradedAt")}>
            {formatDate(item.gradedAt, lang, true)}
            {item.gradedBy && <span className="ml-1 text-xs text-slate-500">（{item.gradedBy}）</span>}
          </Row>
        )}
      </dl>
    </Card>
  );
}

/** The offer as the member sees it (the bid, each deduction, the amount), plus the buying company. */
function OfferCard({ detail, lang }: { detail: GradingDetail; lang: Locale }) {
  const t = useTranslations("buybackOffice.grading");
  const b = useTranslations("buyback");
  const { item, offer, can } = detail;
  const deduction = (code: string) => {
    const [kind, ng] = code.split(":");
    if (kind === "extra_defect")
      return b("deductions.extra_defect", { defect: b(`ngConditions.${ng as "screen"}`) });
    return b(`deductions.${kind as "network_pending"}`);
  };
  return (
    <>
      {can.noBid && (
        <p
          className="rounded-2xl bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200"
          data-testid="no-bid"
        >
          {can.bidNow ? t("detail.bidNow") : t("detail.noBid")}
        </p>
      )}
      {offer && (
        <Card id="offer-title" title={t("detail.offerTitle")} testId="offer">
          <dl className="divide-y divide-slate-100 text-sm">
            <Row label={t("detail.offerBid")}>
              <span className="tabular-nums">{formatYen(offer.bid, lang)}</span>
            </Row>
            {offer.deductions.map((d) => (
              <Row key={d.code} label={deduction(d.code)}>
                <span className="tabular-nums">−{formatYen(d.amount, lang)}</span>
              </Row>
            ))}
            <Row label={t("detail.offerAmount")}>
              <span className="text-lg font-bold tabular-nums" data-testid="offer-amount">
                {formatYen(offer.amount, lang)}
              </span>
            </Row>
            <Row label={t("detail.company")}>{offer.companyName}</Row>
            {offer.offeredAt && (
              <Row label={t("detail.offeredAt")}>{formatDate(offer.offeredAt, lang, true)}</Row>
            )}
            {offer.expiresAt && (
              <Row label={t("detail.expiresAt")}>{formatDate(offer.expiresAt, lang, true)}</Row>
            )}
            {offer.decidedAt && (
              <Row label={t("detail.decidedAt")}>{formatDate(offer.decidedAt, lang, true)}</Row>
            )}
          </dl>
        </Card>
      )}
      {item.endReason && (
        <Card id="ended-title" title={t("detail.ended")} testId="ended">
          <dl className="divide-y divide-slate-100 text-sm">
            <Row label={t("detail.endReason")}>{t(`endReasonShort.${item.endReason}`)}</Row>
            {item.endNote && (
              <Row label={t("detail.endNote")}>
                <span className="whitespace-pre-wrap">{item.endNote}</span>
              </Row>
            )}
            <Row label={t("detail.returnInvoice")}>
              {item.returnInvoiceNumber ? (
                <span className="font-mono text-xs">{item.returnInvoiceNumber}</span>
              ) : item.endReason === "reported_stolen" || item.endReason === "counterfeit" ? (
                t("detail.held")
              ) : (
                "—"
              )}
            </Row>
          </dl>
        </Card>
      )}
    </>
  );
}

function ApplicationCard({ detail, lang }: { detail: GradingDetail; lang: Locale }) {
  const t = useTranslations("buybackOffice.grading");
  const codes = useTranslations("codes");
  const { application: a, member, item } = detail;
  const when = (d: Date | null) => (d ? formatDate(d, lang, true) : t("detail.notYet"));
  return (
    <Card id="application-title" title={t("detail.application")}>
      <dl className="divide-y divide-slate-100 text-sm">
        <Row label={t("detail.applicationId")}>{a.id}</Row>
        <Row label={t("detail.member")}>
          {member.nickname}{" "}
          <span className="text-xs text-slate-500">{t("detail.memberId", { id: String(member.id) })}</span>
        </Row>
        <Row label={t("detail.area")}>
          {label(PREFECTURES, a.area.prefectureCode, lang)}
          {lang === "en" ? " " : ""}
          {a.area.city}
        </Row>
        <Row label={t("detail.shippingMethod")}>{t(`shipping.${a.shippingMethod}`)}</Row>
        {a.pickupDate && (
          <Row label={t("detail.pickup")}>
            {a.pickupDate} {a.pickupSlot ?? ""}
          </Row>
        )}
        <Row label={t("detail.invoice")}>
          {a.inboundInvoiceNumber ? (
            <span className="flex flex-col">
              <span className="font-mono text-xs">{a.inboundInvoiceNumber}</span>
              {a.inboundTrackingUrl && (
                <a href={a.inboundTrackingUrl} className="text-xs text-brand-700 underline">
                  {t("detail.track")}
                </a>
              )}
            </span>
          ) : (
            t("queue.noInvoice")
          )}
        </Row>
        <Row label={t("detail.applied")}>{when(a.createdAt)}</Row>
        <Row label={t("detail.shipped")}>{when(a.shippedAt)}</Row>
        <Row label={t("detail.received")}>{when(a.receivedAt)}</Row>
      </dl>
      <h3 className="mt-3 mb-1 text-sm font-bold">{t("detail.devices")}</h3>
      <ul className="flex flex-col gap-1 text-sm" data-testid="application-devices">
        {a.devices.map((d) => (
          <li key={d.id} className="flex flex-wrap items-baseline gap-x-2">
            {d.id === item.id ? (
              <span className="font-semibold">
                {d.id} ({t("detail.thisDevice")})
              </span>
            ) : (
              <Link to={`/${lang}/staff/buyback/${d.id}/`} className="font-semibold text-brand-700 underline">
                {d.id}
              </Link>
            )}
            <span>{d.model}</span>
            <span className="text-xs text-slate-600">
              {codes(`buybackSellerState.${d.state}`)}
              {d.grade ? ` · ${d.grade}` : ""}
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

const ANSWER_KEYS = [
  "power",
  "screen",
  "battery",
  "camera",
  "sensor",
  "network",
  "appearance",
  "activationLock",
  "accessories",
] as const;
const ANSWER_VALUES = [
  "yes",
  "no",
  "ok",
  "cracked",
  "faulty",
  "weak",
  "unused",
  "like_new",
  "used",
  "worn",
  "on",
  "off",
  "unknown",
] as const;

/** What the member said about the device when applying, and the estimate they were shown. */
function AnswersCard({ detail, lang }: { detail: GradingDetail; lang: Locale }) {
  const t = useTranslations("buybackOffice.grading");
  const b = useTranslations("buyback");
  const { answers, estimate } = detail.item;
  const entries = Object.entries(answers);
  const keyText = (k: string) =>
    (ANSWER_KEYS as readonly string[]).includes(k) ? t(`answers.${k as "power"}`) : k;
  const valueText = (v: string) =>
    (ANSWER_VALUES as readonly string[]).includes(v) ? t(`answerValues.${v as "yes"}`) : v;
  const grade = typeof estimate?.grade === "string" ? estimate.grade : null;
  const defects = Array.isArray(estimate?.ngConditions) ? (estimate.ngConditions as string[]) : [];
  const amount = typeof estimate?.amount === "number" ? estimate.amount : null;
  return (
    <Card id="answers-title" title={t("detail.answers")}>
      {entries.length === 0 ? (
        <p className="text-sm text-slate-600">{t("detail.noAnswers")}</p>
      ) : (
        <dl className="divide-y divide-slate-100 text-sm" data-testid="answers">
          {entries.map(([k, v]) => (
            <Row key={k} label={keyText(k)}>
              {valueText(v)}
            </Row>
          ))}
        </dl>
      )}
      {estimate && (
        <>
          <h3 className="mt-3 mb-1 text-sm font-bold">{t("detail.estimate")}</h3>
          <dl className="divide-y divide-slate-100 text-sm">
            {grade && (BUYBACK_GRADES as readonly string[]).includes(grade) && (
              <Row label={t("detail.estimateGrade")}>{b(`grades.${grade as "A"}`)}</Row>
            )}
            <Row label={t("detail.estimateDefects")}>
              {defects.length
                ? defects.map((ng) => b(`ngConditions.${ng as "screen"}`)).join("・")
                : t("detail.none")}
            </Row>
            {amount !== null && <Row label={t("detail.estimateAmount")}>{formatYen(amount, lang)}</Row>}
          </dl>
        </>
      )}
    </Card>
  );
}

function UnlockCard({ detail, lang }: { detail: GradingDetail; lang: Locale }) {
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

function PhotosCard({ detail, state }: { detail: GradingDetail; state: FormState | undefined }) {
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
function RefuseForm({ detail, state }: { detail: GradingDetail; state: FormState | undefined }) {
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

/** Every grading, oldest first; a regrade shows the grade and defects before → after and what changed. */
function Gradings({ detail, lang }: { detail: GradingDetail; lang: Locale }) {
  const t = useTranslations("buybackOffice.grading.detail");
  const b = useTranslations("buyback");
  const ngText = (ngs: string[]) =>
    ngs.length ? ngs.map((ng) => b(`ngConditions.${ng as "screen"}`)).join("・") : t("none");
  return (
    <Card id="gradings-title" title={t("gradingsTitle")} testId="gradings">
      {detail.gradings.length === 0 ? (
        <p className="text-sm text-slate-600">{t("gradingsEmpty")}</p>
      ) : (
        <ol className="flex flex-col gap-3">
          {detail.gradings.map((g) => (
            <li key={g.id} className="rounded-lg border border-slate-200 p-3 text-sm" data-testid="grading">
              <p className="font-semibold">
                {g.before ? t("gradingRegrade") : t("gradingFirst")} · {formatDate(g.at, lang, true)}
                {g.gradedBy && <span className="ml-1 font-normal text-slate-600">（{g.gradedBy}）</span>}
              </p>
              <dl className="mt-1">
                <Row label={t("grade")}>
                  {g.before && g.before.grade !== g.grade ? (
                    <span>
                      {g.before.grade} → <strong>{g.grade}</strong>
                    </span>
                  ) : (
                    g.grade
                  )}
                </Row>
                <Row label={t("ngConditions")}>
                  {g.before && g.before.ngConditions.join() !== g.ngConditions.join() ? (
                    <span>
                      {ngText(g.before.ngConditions)} → <strong>{ngText(g.ngConditions)}</strong>
                    </span>
                  ) : (
                    ngText(g.ngConditions)
                  )}
                </Row>
                {g.externalGrade && (
                  <Row label={t("externalGrade")}>
                    {g.externalGrade.scale} {g.externalGrade.value}
                  </Row>
                )}
                {g.reason && (
                  <Row label={t("historyReason")}>
                    <span className="whitespace-pre-wrap">{g.reason}</span>
                  </Row>
                )}
                {g.before && (
                  <Row label={t("changedFields")}>
                    {g.changedFields.length
                      ? g.changedFields.map((k) => b(`diagnostics.${k as "imei"}`)).join("・")
                      : t("noChange")}
                  </Row>
                )}
              </dl>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

const ACTIONS = [
  "create",
  "ship",
  "cancel",
  "lapse",
  "receive",
  "offer",
  "regrade",
  "refuse",
  "accept",
  "decline",
  "expire",
] as const;

function History({ detail, lang }: { detail: GradingDetail; lang: Locale }) {
  const t = useTranslations("buybackOffice.grading.detail");
  const codes = useTranslations("codes");
  const state = (s: string | null) => (s ? codes(`buybackSellerState.${s as "10"}`) : "—");
  return (
    <Card id="history-title" title={t("historyTitle")}>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[36rem] text-left text-sm" data-testid="state-history">
          <thead className="text-xs text-slate-600">
            <tr>
              <th scope="col" className="py-1 pr-3">
                {t("historyAt")}
              </th>
              <th scope="col" className="py-1 pr-3">
                {t("historyChange")}
              </th>
              <th scope="col" className="py-1 pr-3">
                {t("historyAction")}
              </th>
              <th scope="col" className="py-1 pr-3">
                {t("historyBy")}
              </th>
              <th scope="col" className="py-1">
                {t("historyReason")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {detail.history.map((h) => (
              <tr key={h.id}>
                <td className="py-1.5 pr-3 whitespace-nowrap">{formatDate(h.at, lang, true)}</td>
                <td className="py-1.5 pr-3 whitespace-nowrap">
                  {h.from ? `${state(h.from)} → ${state(h.to)}` : state(h.to)}
                </td>
                <td className="py-1.5 pr-3">
                  {(ACTIONS as readonly string[]).includes(h.action)
                    ? t(`actions.${h.action as "create"}`)
                    : h.action}
                </td>
                <td className="py-1.5 pr-3">{h.actor ?? (h.actorRole === "system" ? t("system") : "—")}</td>
                <td className="py-1.5 break-words">{h.reason ?? ""}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
