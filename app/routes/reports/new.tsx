import { useId } from "react";
import { data, Link } from "react-router";
import type { SessionUser } from "#core/identity/sessions.ts";
import { REPORT_REASONS, reportReasonsFor } from "#core/moderation/codes.ts";
import { fileReport, getReportTarget, REPORT_BODY_MAX } from "#core/moderation/file-report.ts";
import { type TargetView, targetPath } from "#core/moderation/targets.ts";
import { isAppError } from "#core/shared/errors.ts";
import { renderMessage } from "#core/shared/i18n/translate.ts";
import { FormError, SubmitButton, ValidatedForm } from "../../components/form.tsx";
import { formatDate } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { langOf } from "../../lib/lang.ts";
import {
  core,
  formFailure,
  formValues,
  readForm,
  redirectWithFlash,
  requireUser,
} from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/new";

export const meta = titleMeta("moderation.reportPage.title", { noindex: true });
export const handle = { back: "history" };

/** Members report; business buyers and staff have no part in it (403). */
function requireMember(context: Parameters<typeof requireUser>[0], request: Request, lang: "ja" | "en") {
  const actor = requireUser(context, request, lang);
  if (actor.role !== "member") throw data("Forbidden", { status: 403 });
  return actor;
}

/** What is reported, as the member may see it; anything they may not report is a 404 (even their own). */
async function targetOf(context: Parameters<typeof core>[0], actor: SessionUser, type: string, id: string) {
  try {
    return await getReportTarget(core(context), {
      actor,
      targetType: type,
      targetId: /^[1-9]\d{0,14}$/.test(id) ? Number(id) : 0,
    });
  } catch (error) {
    if (isAppError(error) && ["NOT_FOUND", "CONFLICT", "BAD_REQUEST"].includes(error.code)) {
      throw data("Page not found", { status: 404 });
    }
    throw error;
  }
}

/** The target in the page's words: only what the member could already see. */
function viewOf(target: TargetView) {
  switch (target.type) {
    case "item":
      return {
        type: target.type,
        id: target.id,
        title: target.title,
        photoUrl: target.photoUrl,
        by: target.ownerNickname,
      };
    case "comment":
      return {
        type: target.type,
        id: target.id,
        title: target.itemTitle,
        body: target.body,
        by: target.ownerNickname,
      };
    case "user":
      return {
        type: target.type,
        id: target.id,
        photoUrl: target.avatarUrl,
        by: target.ownerNickname,
        memberSince: target.memberSince.toISOString(),
      };
  }
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const lang = langOf(params);
  const actor = requireMember(context, request, lang);
  const url = new URL(request.url);
  const target = await targetOf(
    context,
    actor,
    url.searchParams.get("type") ?? "",
    url.searchParams.get("id") ?? "",
  );
  const reasons = reportReasonsFor(target.type);
  return {
    target: viewOf(target),
    backPath: `/${lang}${targetPath(target)}`,
    reasons: REPORT_REASONS.filter((r) => (reasons as string[]).includes(r.code)).map((r) => ({
      code: r.code,
      label: renderMessage(r.label, lang),
    })),
  };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const actor = requireMember(context, request, lang);
  const form = await readForm(request);
  const values = formValues(form, ["type", "id", "reason", "body"]);
  try {
    const filed = await fileReport(core(context), {
      actor,
      input: { targetType: values.type, targetId: values.id, reason: values.reason, body: values.body },
    });
    return redirectWithFlash(
      context,
      `/${lang}${filed.returnPath}`,
      filed.created ? "moderation.flash.reported" : "moderation.flash.alreadyReported",
    );
  } catch (error) {
    return formFailure(error, lang, { reason: values.reason, body: values.body });
  }
}

export default function ReportPage({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("moderation");
  const lang = langOf(params);
  const { target, reasons, backPath } = loaderData;
  const id = useId();
  const reasonError = actionData?.errors?.reason;
  const bodyError = actionData?.errors?.body;
  return (
    <section className="mx-auto flex w-full max-w-xl flex-col gap-5" aria-labelledby="report-title">
      <div>
        <h1 id="report-title" className="text-2xl font-bold">
          {t("reportPage.title")}
        </h1>
        <p className="mt-2 text-sm leading-relaxed text-slate-600">{t("reportPage.lead")}</p>
      </div>

      <section
        aria-labelledby="target-title"
        className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
      >
        <h2 id="target-title" className="mb-2 text-sm font-bold text-slate-600">
          {t("reportPage.targetHeading")}
        </h2>
        <div className="flex items-start gap-3" data-testid="report-target">
          {"photoUrl" in target && target.photoUrl ? (
            <img
              src={target.photoUrl}
              alt=""
              className={`size-16 shrink-0 bg-slate-100 object-cover ${target.type === "user" ? "rounded-full" : "rounded-lg"}`}
            />
          ) : null}
          <div className="min-w-0 flex-1 text-sm">
            {target.type === "item" && (
              <>
                <p className="font-semibold break-words">{target.title}</p>
                <p className="text-slate-500">{t("reportPage.itemBy", { nickname: target.by })}</p>
              </>
            )}
            {target.type === "comment" && (
              <>
                <p className="text-xs text-slate-500">{t("reportPage.commentOn", { title: target.title })}</p>
                <p className="font-semibold">{t("reportPage.commentBy", { nickname: target.by })}</p>
                <blockquote className="mt-1 border-l-4 border-slate-200 pl-3 whitespace-pre-wrap text-slate-800">
                  {target.body}
                </blockquote>
              </>
            )}
            {target.type === "user" && (
              <>
                <p className="font-semibold">{t("reportPage.member", { nickname: target.by })}</p>
                <p className="text-slate-500">
                  {t("reportPage.memberSince", { date: formatDate(target.memberSince, lang) })}
                </p>
              </>
            )}
          </div>
        </div>
      </section>

      <ValidatedForm
        method="post"
        className="flex flex-col gap-5 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
        state={actionData}
      >
        <FormError message={actionData?.formError} />
        <input type="hidden" name="type" value={target.type} />
        <input type="hidden" name="id" value={target.id} />
        <fieldset
          aria-describedby={reasonError ? `${id}-reason-error` : undefined}
          aria-invalid={reasonError ? true : undefined}
        >
          <legend className="text-sm font-semibold text-slate-800">{t("reportPage.reasonLegend")}</legend>
          <div className="mt-2 flex flex-col gap-1">
            {reasons.map((r) => (
              <label
                key={r.code}
                className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 py-1.5 text-sm hover:bg-slate-50"
              >
                <input
                  type="radio"
                  name="reason"
                  value={r.code}
                  required
                  defaultChecked={actionData?.values?.reason === r.code}
                  className="size-5 accent-brand-600"
                />
                {r.label}
              </label>
            ))}
          </div>
          {reasonError && (
            <p
              id={`${id}-reason-error`}
              className="mt-1 text-sm font-medium text-danger-600"
              data-testid="error-reason"
            >
              {reasonError}
            </p>
          )}
        </fieldset>
        <div>
          <label htmlFor={`${id}-body`} className="text-sm font-semibold text-slate-800">
            {t("fields.body")}
          </label>
          <textarea
            id={`${id}-body`}
            name="body"
            rows={5}
            maxLength={REPORT_BODY_MAX}
            defaultValue={actionData?.values?.body}
            aria-invalid={bodyError ? true : undefined}
            aria-describedby={`${id}-body-hint${bodyError ? ` ${id}-body-error` : ""}`}
            className={`mt-1.5 block w-full rounded-lg border p-3 text-base ${bodyError ? "border-danger-600" : "border-slate-300"}`}
          />
          <p id={`${id}-body-hint`} className="mt-1 text-xs text-slate-500">
            {t("reportPage.bodyHint")}
          </p>
          {bodyError && (
            <p
              id={`${id}-body-error`}
              className="mt-1 text-sm font-medium text-danger-600"
              data-testid="error-body"
            >
              {bodyError}
            </p>
          )}
        </div>
        <p className="text-xs leading-relaxed text-slate-500">{t("reportPage.afterNote")}</p>
        <SubmitButton>{t("reportPage.submit")}</SubmitButton>
        <Link to={backPath} className="self-center text-sm text-slate-600 underline">
          {t("reportPage.back")}
        </Link>
      </ValidatedForm>
    </section>
  );
}
