import { Form } from "react-router";
import { defaultLedgerRange, listDealerLedger } from "#core/buyback/dealer-ledger.ts";
import { DEALER_LEDGER_COLUMNS, tradedOn } from "#core/buyback/dealer-ledger-columns.ts";
import { BUYBACK_RULES } from "#core/buyback/rules.ts";
import { isAppError, localizeError } from "#core/shared/errors.ts";
import { DataTable } from "../../../components/staff/data-table.tsx";
import { Pager } from "../../../components/staff/pager.tsx";
import { formatYen } from "../../../i18n/index.ts";
import { useTranslations } from "../../../i18n/use-translations.ts";
import { langOf } from "../../../lib/lang.ts";
import { core } from "../../../lib/request.server.ts";
import { titleMeta } from "../../../lib/seo.ts";
import { requireStaff } from "../staff.server.ts";
import type { Route } from "./+types/ledger";

export const meta = titleMeta("buybackOffice.ledger.title", { noindex: true });

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const lang = langOf(params);
  const actor = requireStaff(context, request, lang, "buyback:ledger");
  const ctx = core(context);
  const url = new URL(request.url);
  const asked = url.searchParams.has("from") || url.searchParams.has("to");
  const range = asked
    ? {
        from: url.searchParams.get("from")?.slice(0, 32) ?? "",
        to: url.searchParams.get("to")?.slice(0, 32) ?? "",
      }
    : defaultLedgerRange(ctx.clock.now());
  const page = Number(url.searchParams.get("page")) || undefined;
  try {
    const list = await listDealerLedger(ctx, { actor, range, page: page && page > 0 ? page : undefined });
    return { list, values: range, errors: {} as Record<string, string> };
  } catch (error) {
    if (!isAppError(error) || error.code !== "VALIDATION") throw error;
    // A period that is no period: the form says why and keeps what was typed; nothing is listed.
    return { list: null, values: range, errors: localizeError(error, lang).fields };
  }
}

type LedgerRow = NonNullable<Route.ComponentProps["loaderData"]["list"]>["rows"][number];

/**
 * The dealer ledger (古物台帳) for a period of Tokyo days, in trading order, with the download of
 * the same period as CSV in the official form's column order.
 */
export default function StaffDealerLedger({ loaderData, params }: Route.ComponentProps) {
  const t = useTranslations("buybackOffice.ledger");
  const lang = langOf(params);
  const { list, values, errors } = loaderData;
  const field = "h-11 rounded-lg border bg-white px-2 font-normal";
  const csv = list
    ? `/${lang}/staff/buyback/ledger/csv/?${new URLSearchParams({ from: list.range.from, to: list.range.to })}`
    : null;
  const cells: Record<(typeof DEALER_LEDGER_COLUMNS)[number], (r: LedgerRow) => string | number> = {
    tradedOn: (r) => tradedOn(new Date(r.tradedAt)),
    kind: (r) => r.kind,
    itemName: (r) => r.itemName,
    quantity: (r) => r.quantity,
    features: (r) => r.features,
    sellerAddress: (r) => r.sellerAddress,
    sellerName: (r) => r.sellerName,
    sellerOccupation: (r) => r.sellerOccupation,
    sellerAge: (r) => (r.sellerAge === null ? "—" : t("ageValue", { age: r.sellerAge })),
    verificationMethod: (r) => r.verificationMethod,
    amount: (r) => formatYen(r.amount, lang),
    id: (r) => r.id,
    buybackItemId: (r) => r.buybackItemId,
    userId: (r) => r.userId,
    identityCheckId: (r) => r.identityCheckId ?? "—",
  };
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline gap-3">
        <h1 className="text-2xl font-bold">{t("title")}</h1>
        {list && (
          <span className="text-sm font-semibold text-slate-600" data-testid="ledger-count">
            {t("total", { count: list.total })}
          </span>
        )}
      </div>
      <p className="text-sm text-slate-700">{t("lead", { years: BUYBACK_RULES.ledgerKeepYears })}</p>
      <Form
        method="get"
        noValidate
        className="grid gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-[1fr_1fr_auto] sm:items-start"
      >
        {(["from", "to"] as const).map((name) => (
          <div key={name} className="flex flex-col gap-1">
            <label htmlFor={`ledger-${name}`} className="text-sm font-semibold text-slate-700">
              {t(name)}
            </label>
            <input
              id={`ledger-${name}`}
              type="date"
              name={name}
              defaultValue={values[name]}
              aria-invalid={errors[name] ? true : undefined}
              aria-describedby={errors[name] ? `ledger-${name}-error` : undefined}
              className={`${field} ${errors[name] ? "border-danger-600" : "border-slate-300"}`}
            />
            {errors[name] && (
              <p
                id={`ledger-${name}-error`}
                className="text-sm font-medium text-danger-600"
                data-testid={`error-${name}`}
              >
                {errors[name]}
              </p>
            )}
          </div>
        ))}
        <button
          type="submit"
          className="h-11 rounded-full bg-brand-600 px-5 text-sm font-semibold text-white hover:bg-brand-700 sm:mt-6"
        >
          {t("show")}
        </button>
      </Form>
      {csv && (
        <div className="flex flex-col gap-1 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <a
            href={csv}
            download
            className="inline-flex h-11 w-fit items-center rounded-full border border-brand-600 px-5 text-sm font-semibold text-brand-700 hover:bg-brand-50"
            data-testid="ledger-csv"
          >
            {t("csv")}
          </a>
          <p className="text-xs text-slate-600">{t("csvHint")}</p>
        </div>
      )}
      {list && (
        <>
          <DataTable<LedgerRow>
            caption={t("title")}
            rows={list.rows}
            rowKey={(r) => String(r.id)}
            empty={t("empty")}
            columns={DEALER_LEDGER_COLUMNS.map((c) => ({
              id: c,
              header: t(`columns.${c}`),
              className:
                c === "features" || c === "sellerAddress" || c === "itemName"
                  ? "min-w-48"
                  : c === "amount" || c === "quantity"
                    ? "whitespace-nowrap text-right tabular-nums"
                    : "whitespace-nowrap",
              cell: cells[c],
            }))}
          />
          <Pager page={list.page} pages={list.pages} />
        </>
      )}
    </div>
  );
}
