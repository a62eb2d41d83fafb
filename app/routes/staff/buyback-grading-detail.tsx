import { Link } from "react-router";
import { addBuybackPhotos } from "#core/buyback/add-buyback-photos.ts";
import { getGrading } from "#core/buyback/get-grading.ts";
import { gradeDevice } from "#core/buyback/grade-device.ts";
import { receiveShipment } from "#core/buyback/receive-shipment.ts";
import { refuseDevice } from "#core/buyback/refuse-device.ts";
import { removeBuybackPhoto } from "#core/buyback/remove-buyback-photo.ts";
import { requestUnlock } from "#core/buyback/request-unlock.ts";
import { AppError } from "#core/shared/errors.ts";
import { tokyoNow } from "#core/shared/validation/tokyo-clock.ts";
import { queueOperators } from "#core/staff/assign-queue-item.ts";
import { claimQueueItem } from "#core/staff/claim-queue-item.ts";
import { releaseQueueItem } from "#core/staff/release-queue-item.ts";
import { IMAGE_MESSAGES } from "#core/storage/image-limits.ts";
import { FormError } from "../../components/form.tsx";
import { AssignForm } from "../../components/staff/assign-form.tsx";
import { Card } from "../../components/staff/card.tsx";
import { ClaimForm } from "../../components/staff/claim-form.tsx";
import { PhotosCard, ReceiveCard, RefuseForm, UnlockCard } from "../../components/staff/grading-actions.tsx";
import {
  AnswersCard,
  ApplicationCard,
  DeviceCard,
  DeviceCheckCard,
  Diagnostics,
  OfferCard,
  Warnings,
} from "../../components/staff/grading-cards.tsx";
import { GradingForm } from "../../components/staff/grading-form.tsx";
import { Gradings, History } from "../../components/staff/grading-history.tsx";
import { useTranslations } from "../../i18n/use-translations.ts";
import type { FlashKey } from "../../lib/flash.ts";
import { langOf } from "../../lib/lang.ts";
import {
  core,
  formFailure,
  formValues,
  idOf,
  orNotFound,
  pathIdOf,
  redirectWithFlash,
} from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import { readUploadForm } from "../../lib/upload.server.ts";
import type { Route } from "./+types/buyback-grading-detail";
import { gradingInput, gradingValues, MAX_FORM_BYTES } from "./buyback-grading-detail.server.ts";
import { requestMeta, requireStaff } from "./staff.server.ts";

export const meta = titleMeta("buybackOffice.grading.detail.metaTitle", { noindex: true });
export const handle = { back: "history" };

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const actor = requireStaff(context, request, langOf(params), "buyback:grade");
  const itemId = pathIdOf(params);
  const ctx = core(context);
  // A device opened by scanning its IMEI: the form may fill that IMEI in when it is the member's.
  const scannedImei = new URL(request.url).searchParams.get("imei")?.slice(0, 20) ?? null;
  const detail = await orNotFound(() => getGrading(ctx, { actor, itemId, scannedImei }));
  return {
    detail,
    assignees: detail.item.state === "30" ? await queueOperators(ctx, { actor, queue: "buyback" }) : [],
    today: tokyoNow(ctx.clock).date,
  };
}

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
        await receiveShipment(ctx, { applicationId: idOf(v.applicationId), graderId: actor.id, meta });
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
        await removeBuybackPhoto(ctx, { itemId, photoId: idOf(v.photoId), graderId: actor.id, meta });
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
          <DeviceCheckCard detail={detail} lang={lang} />
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
