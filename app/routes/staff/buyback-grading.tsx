import { Form, Link, useLocation } from "react-router";
import { useTranslations } from "use-intl";
import { ENDED_WINDOW_DAYS, GRADING_TABS, type GradingTab } from "#core/buyback/grading-input.ts";
import {
  type ArrivingApplication,
  type GradingQueue,
  type GradingRow,
  listGradingQueue,
} from "#core/buyback/list-grading-queue.ts";
import { receiveShipment } from "#core/buyback/receive-shipment.ts";
import { isAppError, localizeError } from "#core/shared/errors.ts";
import type { Locale } from "#core/shared/locale.ts";
import { claimQueueItem } from "#core/staff/claim-queue-item.ts";
import { FormError } from "../../components/form.tsx";
import { targetHours, useAge } from "../../components/staff/age.ts";
import { type DataColumn, DataTable } from "../../components/staff/data-table.tsx";
import { Pager } from "../../components/staff/pager.tsx";
import { formatDate, formatYen } from "../../i18n/index.ts";
import { langOf } from "../../lib/lang.ts";
import { core, formFailure, formValues, redirectWithFlash } from "../../lib/request.server.ts";
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
  try {
    return { queue: await listGradingQueue(ctx, { actor, input }), searchError: null, typed: input.q ?? "" };
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
    };
  }
}

/** The queue's steps: receive a parcel (every device of the application), or take a device to grade. */
export async function action({ context, request, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const actor = requireStaff(context, request, lang, "buyback:grade");
  const values = formValues(await request.formData(), ["intent", "applicationId", "itemId"]);
  const id = (v: string) => (/^[1-9]\d{0,14}$/.test(v) ? Number(v) : 0);
  const here = `/${lang}/staff/buyback/${new URL(request.url).search}`;
  const ctx = core(context);
  try {
    if (values.intent === "receive") {
      await receiveShipment(ctx, {
        applicationId: id(values.applicationId),
        graderId: actor.id,
        meta: requestMeta(context),
      });
      return redirectWithFlash(context, here, "buybackOffice.grading.flash.received");
    }
    await claimQueueItem(ctx, {
      actor,
      queue: "buyback",
      itemId: id(values.itemId),
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
  const { queue, searchError, typed } = loaderData;
  const searching = queue.q !== "";
  return (
    <div className="flex flex-col gap-5">
      <div>
        <h1 className="text-2xl font-bold">{t("title")}</h1>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">
          {t("lead", { hours: targetHours(queue.targetMs) })}
        </p>
      </div>
      <FormError message={actionData?.formError} />
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

function SearchForm({
  queue,
  lang,
  typed,
  error,
}: {
  queue: GradingQueue;
  lang: Locale;
  typed: string;
  error: string | null;
}) {
  const t = useTranslations("buybackOffice.grading.queue");
  return (
    <Form
      method="get"
      role="search"
      className="flex flex-col gap-1 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <label htmlFor="grading-q" className="text-sm font-semibold text-slate-700">
        {t("search")}
      </label>
      <div className="flex flex-wrap items-center gap-3">
        <input
          id="grading-q"
          name="q"
          type="search"
          inputMode="numeric"
          autoComplete="off"
          defaultValue={typed}
          maxLength={40}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "grading-q-hint grading-q-error" : "grading-q-hint"}
          className="h-10 min-w-0 flex-1 basis-56 rounded-lg border border-slate-300 px-3"
        />
        <input type="hidden" name="tab" value={queue.tab} />
        <button
          type="submit"
          className="h-10 rounded-full bg-brand-600 px-5 text-sm font-semibold text-white hover:bg-brand-700"
        >
          {t("searchSubmit")}
        </button>
        {(queue.q !== "" || typed !== "") && (
          <Link
            to={`/${lang}/staff/buyback/?tab=${queue.tab}`}
            className="text-sm text-brand-700 underline underline-offset-2"
          >
            {t("searchClear")}
          </Link>
        )}
      </div>
      <p id="grading-q-hint" className="text-xs text-slate-500">
        {t("searchHint")}
      </p>
      {error && (
        <p id="grading-q-error" className="text-sm text-danger-600" data-testid="search-error">
          {error}
        </p>
      )}
    </Form>
  );
}

/** One link per tab with how many wait in it; the current tab is marked for screen readers too. */
function Tabs({ queue, lang }: { queue: GradingQueue; lang: Locale }) {
  const t = useTranslations("buybackOffice.grading.queue");
  const current: GradingTab | null = queue.q === "" ? queue.tab : null;
  return (
    <nav aria-label={t("tabsLabel")}>
      <ul className="flex gap-1 overflow-x-auto border-b border-slate-200">
        {GRADING_TABS.map((tab) => (
          <li key={tab} className="shrink-0">
            <Link
              to={`/${lang}/staff/buyback/?tab=${tab}`}
              aria-current={current === tab ? "page" : undefined}
              data-testid={`tab-${tab}`}
              className={`-mb-px block border-b-2 px-4 py-2 text-sm font-semibold whitespace-nowrap ${
                current === tab
                  ? "border-brand-600 text-brand-800"
                  : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-800"
              }`}
            >
              {t("tabCount", { label: t(`tabs.${tab}`), count: queue.counts[tab] })}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

const idLink = "font-semibold text-brand-700 underline underline-offset-2";

/** Parcels on their way: one row per application, with its devices and a button to receive it. */
function ArrivingTable({ rows, lang }: { rows: ArrivingApplication[]; lang: Locale }) {
  const t = useTranslations("buybackOffice.grading");
  const codes = useTranslations("codes");
  const { search } = useLocation();
  return (
    <DataTable<ArrivingApplication>
      caption={t("queue.arrivingTitle")}
      rows={rows}
      rowKey={(r) => String(r.id)}
      empty={t("queue.empty.arriving")}
      columns={[
        { id: "application", header: t("queue.columns.application"), cell: (r) => r.id },
        {
          id: "member",
          header: t("queue.columns.member"),
          cell: (r) => <Member person={r.member} />,
        },
        {
          id: "devices",
          header: t("queue.columns.devices"),
          className: "min-w-48",
          cell: (r) => (
            <ul className="flex flex-col gap-0.5">
              {r.devices.map((d) => (
                <li key={d.id}>
                  <Link to={`/${lang}/staff/buyback/${d.id}/`} className={idLink}>
                    {d.id}
                  </Link>{" "}
                  {d.model}{" "}
                  <span className="text-xs text-slate-500">({codes(`buybackSellerState.${d.state}`)})</span>
                </li>
              ))}
            </ul>
          ),
        },
        {
          id: "shipping",
          header: t("queue.columns.shipping"),
          className: "whitespace-nowrap",
          cell: (r) => t(`shipping.${r.shippingMethod}`),
        },
        {
          id: "invoice",
          header: t("queue.columns.invoice"),
          className: "whitespace-nowrap font-mono text-xs",
          cell: (r) => r.inboundInvoiceNumber ?? <span className="font-sans">{t("queue.noInvoice")}</span>,
        },
        {
          id: "applied",
          header: t("queue.columns.applied"),
          className: "whitespace-nowrap",
          cell: (r) => formatDate(r.createdAt, lang, true),
        },
        {
          id: "shipped",
          header: t("queue.columns.shipped"),
          className: "whitespace-nowrap",
          cell: (r) => (r.shippedAt ? formatDate(r.shippedAt, lang, true) : t("queue.notShipped")),
        },
        {
          id: "receive",
          header: t("queue.columns.receive"),
          cell: (r) => (
            <Form method="post" action={`/${lang}/staff/buyback/${search}`}>
              <input type="hidden" name="applicationId" value={r.id} />
              <button
                type="submit"
                name="intent"
                value="receive"
                aria-label={t("queue.receiveLabel", { id: r.id })}
                className="rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold whitespace-nowrap text-white hover:bg-brand-700"
              >
                {t("queue.receive")}
              </button>
            </Form>
          ),
        },
      ]}
    />
  );
}

function Member({ person }: { person: { id: number; nickname: string } }) {
  const t = useTranslations("buybackOffice.grading.detail");
  return (
    <span className="flex min-w-28 flex-col">
      <span className="break-words">{person.nickname}</span>
      <span className="text-xs whitespace-nowrap text-slate-500">
        {t("memberId", { id: String(person.id) })}
      </span>
    </span>
  );
}

/** Devices: which columns show depends on the tab (a search shows what tells them apart). */
function DeviceTable({
  rows,
  mode,
  lang,
}: {
  rows: GradingRow[];
  mode: Exclude<GradingTab, "arriving"> | "search";
  lang: Locale;
}) {
  const t = useTranslations("buybackOffice.grading");
  const b = useTranslations("buyback");
  const codes = useTranslations("codes");
  const age = useAge();
  const { search } = useLocation();
  const grade = (r: GradingRow) =>
    r.grade ? (
      <span className="flex flex-col">
        <span className="font-semibold">{r.grade}</span>
        {r.ngConditions.length > 0 && (
          <span className="text-xs text-slate-600">
            {r.ngConditions.map((ng) => b(`ngConditions.${ng as "screen"}`)).join("・")}
          </span>
        )}
        {r.noBid && (
          <span className="mt-0.5 self-start rounded bg-amber-100 px-1.5 py-0.5 text-[11px] font-bold text-amber-900">
            {t("queue.noBid")}
          </span>
        )}
      </span>
    ) : (
      "—"
    );
  const columns: DataColumn<GradingRow>[] = [
    {
      id: "id",
      header: t("queue.columns.id"),
      cell: (r) => (
        <Link to={`/${lang}/staff/buyback/${r.id}/`} className={idLink}>
          {r.id}
        </Link>
      ),
    },
    {
      id: "model",
      header: t("queue.columns.model"),
      className: "min-w-40",
      cell: (r) => (
        <span className="flex flex-col">
          <span>{r.model}</span>
          {r.storageGb !== null && (
            <span className="text-xs text-slate-500">{t("detail.storageGb", { gb: r.storageGb })}</span>
          )}
        </span>
      ),
    },
    { id: "member", header: t("queue.columns.member"), cell: (r) => <Member person={r.member} /> },
  ];
  if (mode === "grade" || mode === "search") {
    columns.push(
      { id: "application", header: t("queue.columns.application"), cell: (r) => r.applicationId },
      {
        id: "invoice",
        header: t("queue.columns.invoice"),
        className: "whitespace-nowrap font-mono text-xs",
        cell: (r) => r.inboundInvoiceNumber ?? "—",
      },
    );
  }
  if (mode === "search" || mode === "ended") {
    columns.push({
      id: "state",
      header: t("queue.columns.state"),
      className: "whitespace-nowrap",
      cell: (r) => codes(`buybackSellerState.${r.state}`),
    });
  }
  columns.push({ id: "grade", header: t("queue.columns.grade"), cell: grade });
  if (mode !== "grade") {
    columns.push({
      id: "offer",
      header: t("queue.columns.offer"),
      className: "whitespace-nowrap text-right tabular-nums",
      cell: (r) => (r.offerAmount !== null ? formatYen(r.offerAmount, lang) : "—"),
    });
  }
  if (mode === "offered") {
    columns.push({
      id: "deadline",
      header: t("queue.columns.deadline"),
      className: "whitespace-nowrap",
      cell: (r) => (r.offerExpiresAt ? formatDate(r.offerExpiresAt, lang, true) : "—"),
    });
  }
  if (mode === "ended") {
    columns.push({
      id: "endReason",
      header: t("queue.columns.endReason"),
      cell: (r) => (r.endReason ? t(`endReasonShort.${r.endReason}`) : r.state === "50" ? t("bought") : "—"),
    });
  }
  if (mode === "grade") {
    columns.push(
      {
        id: "age",
        header: t("queue.columns.age"),
        className: "whitespace-nowrap",
        cell: (r) => (
          <span className={r.overdue ? "font-bold text-danger-600" : ""} data-testid={`age-${r.id}`}>
            {age(r.ageMs)}
            {r.overdue && (
              <span className="ml-2 rounded bg-danger-600 px-1.5 py-0.5 text-[10px] font-bold text-white">
                {t("queue.overdue")}
              </span>
            )}
          </span>
        ),
      },
      {
        id: "claim",
        header: t("queue.columns.claim"),
        className: "whitespace-nowrap",
        cell: (r) =>
          r.claim ? (
            <span data-testid={`claim-${r.id}`}>{r.claim.nickname}</span>
          ) : (
            <Form method="post" action={`/${lang}/staff/buyback/${search}`}>
              <input type="hidden" name="itemId" value={r.id} />
              <button
                type="submit"
                name="intent"
                value="claim"
                aria-label={t("queue.claimLabel", { id: r.id })}
                className="rounded-full border border-brand-600 px-3 py-1 text-xs font-semibold text-brand-700 hover:bg-brand-50"
              >
                {t("queue.claim")}
              </button>
            </Form>
          ),
      },
    );
  }
  return (
    <DataTable<GradingRow>
      caption={mode === "search" ? t("queue.devicesTitle") : t(`queue.tabs.${mode}`)}
      rows={rows}
      rowKey={(r) => String(r.id)}
      empty={t(`queue.empty.${mode}`, { days: ENDED_WINDOW_DAYS })}
      rowClassName={(r) => (r.overdue ? "bg-red-50" : "")}
      columns={columns}
    />
  );
}
