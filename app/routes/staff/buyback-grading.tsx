import { redirect } from "react-router";
import { findScannedDevice } from "#core/buyback/find-scanned-device.ts";
import { ENDED_WINDOW_DAYS, GRADING_TABS } from "#core/buyback/grading-input.ts";
import { listGradingQueue } from "#core/buyback/list-grading-queue.ts";
import { receiveParcels } from "#core/buyback/receive-parcels.ts";
import { receiveShipment } from "#core/buyback/receive-shipment.ts";
import { isAppError, localizeError } from "#core/shared/errors.ts";
import { claimQueueItem } from "#core/staff/claim-queue-item.ts";
import { FormError } from "../../components/form.tsx";
import { targetHours } from "../../components/staff/age.ts";
import {
  BatchReceiveForm,
  ScanForm,
  SearchForm,
  Tabs,
} from "../../components/staff/grading-queue-search.tsx";
import { ArrivingTable, DeviceTable } from "../../components/staff/grading-queue-tables.tsx";
import { Pager } from "../../components/staff/pager.tsx";
import { useTranslations } from "../../i18n/use-translations.ts";
import { langOf } from "../../lib/lang.ts";
import {
  core,
  formFailure,
  formValues,
  idOf,
  readForm,
  redirectWithFlash,
} from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/buyback-grading";
import { requestMeta, requireStaff } from "./staff.server.ts";

export const meta = titleMeta("buybackOffice.grading.queue.title", { noindex: true });

const QUERY = ["tab", "q", "page"] as const;

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const lang = langOf(params);
  const actor = requireStaff(context, request, lang, "buyback:grade");
  const url = new URL(request.url);
  const input = Object.fromEntries(QUERY.map((k) => [k, url.searchParams.get(k)?.slice(0, 60) ?? ""]));
  const ctx = core(context);
  const scan = url.searchParams.get("scan")?.slice(0, 40) ?? null;
  const scanned = scan === null ? { typed: "", error: null } : await openScanned(ctx, actor, lang, scan);
  try {
    return {
      queue: await listGradingQueue(ctx, { actor, input }),
      searchError: null,
      typed: input.q ?? "",
      scanned,
    };
  } catch (error) {
    if (!isAppError(error) || error.code !== "VALIDATION") throw error;
    // A search that is not a number is said beside the box; the tab is shown all the same.
    const said = localizeError(error, lang);
    return {
      queue: await listGradingQueue(ctx, {
        actor,
        input: { tab: (GRADING_TABS as readonly string[]).includes(input.tab ?? "") ? input.tab : "" },
      }),
      searchError: said.fields.q ?? said.fields.tab ?? said.fields.page ?? said.message,
      typed: input.q ?? "",
      scanned,
    };
  }
}

/**
 * A scan opens its device (the IMEI goes along, so the form can fill it in when it is the member's);
 * a scan that matches nothing, or is not a number, is said beside the box with what was typed.
 */
async function openScanned(
  ctx: ReturnType<typeof core>,
  actor: ReturnType<typeof requireStaff>,
  lang: ReturnType<typeof langOf>,
  scan: string,
): Promise<{ typed: string; error: string | null }> {
  try {
    const found = await findScannedDevice(ctx, { actor, input: { scan } });
    if (found) {
      const imei = found.by === "imei" ? `?imei=${found.scan}` : "";
      throw redirect(`/${lang}/staff/buyback/${found.itemId}/${imei}`);
    }
    return { typed: scan, error: null };
  } catch (error) {
    if (!isAppError(error) || error.code !== "VALIDATION") throw error;
    const said = localizeError(error, lang);
    return { typed: scan, error: said.fields.scan ?? said.message };
  }
}

/** The queue's steps: receive a parcel (every device of the application), or take a device to grade. */
export async function action({ context, request, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const actor = requireStaff(context, request, lang, "buyback:grade");
  const form = await readForm(request);
  const values = formValues(form, ["intent", "applicationId", "itemId", "invoices"]);
  const here = `/${lang}/staff/buyback/${new URL(request.url).search}`;
  const ctx = core(context);
  try {
    if (values.intent === "batch") {
      const outcomes = await receiveParcels(ctx, {
        graderId: actor.id,
        invoices: values.invoices.split(/\r?\n/),
        applicationIds: form.getAll("applicationId").map((v) => idOf(String(v))),
        meta: requestMeta(context),
      });
      return { batch: outcomes };
    }
    if (values.intent === "receive") {
      // One parcel received: the grader goes straight to its (first) device.
      const { received } = await receiveShipment(ctx, {
        applicationId: idOf(values.applicationId),
        graderId: actor.id,
        meta: requestMeta(context),
      });
      return redirectWithFlash(
        context,
        `/${lang}/staff/buyback/${received[0]}/`,
        "buybackOffice.grading.flash.received",
      );
    }
    await claimQueueItem(ctx, {
      actor,
      queue: "buyback",
      itemId: idOf(values.itemId),
      meta: requestMeta(context),
    });
    return redirectWithFlash(context, here, "buybackOffice.grading.flash.claimed");
  } catch (error) {
    return formFailure(error, lang, values);
  }
}

/**
 * The grading queue (desktop first, usable on a tablet): tabs for parcels on their way, devices
 * to grade, offers waiting for the member and recent endings; a search by number. Everything is in
 * the address, so it works without JavaScript and can be shared.
 */
export default function BuybackGradingQueue({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("buybackOffice.grading.queue");
  const lang = langOf(params);
  const { queue, searchError, typed, scanned } = loaderData;
  const searching = queue.q !== "";
  const failed = actionData && "values" in actionData ? actionData : undefined;
  const batch = actionData && "batch" in actionData ? actionData.batch : null;
  return (
    <div className="flex flex-col gap-5">
      <div>
        <h1 className="text-2xl font-bold">{t("title")}</h1>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">
          {t("lead", { hours: targetHours(queue.targetMs) })}
        </p>
      </div>
      <ScanForm
        typed={scanned.typed}
        error={scanned.error ?? (scanned.typed ? t("scanNone", { scan: scanned.typed }) : null)}
      />
      <FormError message={failed?.values?.intent === "batch" ? undefined : failed?.formError} />
      {(queue.tab === "arriving" || batch) && !searching && (
        <BatchReceiveForm
          typed={failed?.values?.intent === "batch" ? (failed.values.invoices ?? "") : ""}
          error={
            failed?.values?.intent === "batch" ? (failed.errors?.parcels ?? failed.formError) : undefined
          }
          outcomes={batch}
        />
      )}
      <SearchForm queue={queue} lang={lang} typed={typed} error={searchError} />
      <Tabs queue={queue} lang={lang} />
      {searching ? (
        <section aria-labelledby="results-title" className="flex flex-col gap-3">
          <div className="flex flex-wrap items-baseline gap-3">
            <h2 id="results-title" className="text-lg font-bold">
              {t("searchTitle", { q: queue.q })}
            </h2>
            <span className="text-sm text-slate-600" data-testid="result-count">
              {t("count", { count: queue.devices?.total ?? 0 })}
            </span>
          </div>
          <DeviceTable rows={queue.devices?.rows ?? []} mode="search" lang={lang} />
          <Pager page={queue.devices?.page ?? 1} pages={queue.devices?.pages ?? 1} />
        </section>
      ) : queue.tab === "arriving" ? (
        <section aria-labelledby="arriving-title" className="flex flex-col gap-3">
          <h2 id="arriving-title" className="sr-only">
            {t("arrivingTitle")}
          </h2>
          <ArrivingTable rows={queue.applications?.rows ?? []} lang={lang} />
          <Pager page={queue.applications?.page ?? 1} pages={queue.applications?.pages ?? 1} />
        </section>
      ) : (
        <section aria-labelledby="devices-title" className="flex flex-col gap-3">
          <h2 id="devices-title" className="sr-only">
            {t(`tabs.${queue.tab}`)}
          </h2>
          {queue.tab === "ended" && (
            <p className="text-sm text-slate-600">{t("endedNote", { days: ENDED_WINDOW_DAYS })}</p>
          )}
          <DeviceTable rows={queue.devices?.rows ?? []} mode={queue.tab} lang={lang} />
          <Pager page={queue.devices?.page ?? 1} pages={queue.devices?.pages ?? 1} />
        </section>
      )}
    </div>
  );
}
