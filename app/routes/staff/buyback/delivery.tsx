import { useRef } from "react";
import { data, Form, Link } from "react-router";
import { getOfficeDelivery, type OfficeDeliveryDetail } from "#core/buyback/office-deliveries.ts";
import { shipDelivery } from "#core/buyback/ship-delivery.ts";
import type { Locale } from "#core/shared/locale.ts";
import {
  DeliveryStatusBadge,
  PrintArea,
  PrintButton,
  useProductType,
} from "../../../components/buyback/deliveries.tsx";
import { FormError } from "../../../components/form.tsx";
import { ScrollRegion } from "../../../components/scroll-region.tsx";
import { Card } from "../../../components/staff/card.tsx";
import { ConfirmDialog, useConfirmedSubmit } from "../../../components/staff/confirm-submit.tsx";
import { Row, StateHistory } from "../../../components/staff/money.tsx";
import { formatDate, formatYen } from "../../../i18n/index.ts";
import { useTranslations } from "../../../i18n/use-translations.ts";
import { langOf } from "../../../lib/lang.ts";
import {
  core,
  formFailure,
  formValues,
  orNotFound,
  pathIdOf,
  readForm,
  redirectWithFlash,
} from "../../../lib/request.server.ts";
import { titleMeta } from "../../../lib/seo.ts";
import { requestMeta, requireStaff } from "../staff.server.ts";
import type { Route } from "./+types/delivery";

export const meta = titleMeta("buybackOffice.deliveries.detail.title", { noindex: true });
export const handle = { back: "/staff/buyback/deliveries/" };

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const actor = requireStaff(context, request, langOf(params), "buyback:ship");
  const deliveryId = pathIdOf(params);
  return { detail: await orNotFound(() => getOfficeDelivery(core(context), { actor, deliveryId })) };
}

/**
 * Ships the delivery: the courier's invoice is issued, the delivery is marked shipped and the
 * buyer's bill is booked. What the core refuses (shipped already, no devices, the courier's
 * maintenance hours) is said on the page and nothing changes.
 */
export async function action({ context, request, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const actor = requireStaff(context, request, lang, "buyback:ship");
  const deliveryId = pathIdOf(params);
  const values = formValues(await readForm(request), ["intent"]);
  if (values.intent !== "ship") throw data("Bad request", { status: 400 });
  const ctx = core(context);
  try {
    await orNotFound(() => getOfficeDelivery(ctx, { actor, deliveryId }));
    await shipDelivery(ctx, { deliveryId, operatorId: actor.id, meta: requestMeta(context) });
    return redirectWithFlash(
      context,
      `/${lang}/staff/buyback/deliveries/${deliveryId}/`,
      "buybackOffice.deliveries.flash.shipped",
    );
  } catch (error) {
    return formFailure(error, lang, values);
  }
}

export default function StaffBuybackDelivery({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useTranslations("buybackOffice.deliveries");
  const buyerStates = useTranslations("codes.buybackBuyerState");
  const lang = langOf(params);
  const { detail: d } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <Link
        to={`/${lang}/staff/buyback/deliveries/`}
        className="self-start py-2 text-sm text-brand-700 underline"
      >
        {t("detail.back")}
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">{t("detail.heading", { id: String(d.id) })}</h1>
        <DeliveryStatusBadge status={d.status} testId="delivery-status" />
      </div>
      <FormError message={actionData?.formError} />

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
        <div className="flex min-w-0 flex-col gap-6">
          <Card id="delivery-overview" title={t("detail.title")}>
            <dl className="divide-y divide-slate-100 text-sm">
              <Row label={t("detail.company")}>
                <span className="font-semibold">{d.company.name}</span>
                {d.company.address && <span className="block text-slate-700">{d.company.address}</span>}
                {d.company.phone && (
                  <span className="block text-xs text-slate-600">
                    {t("detail.phone")} {d.company.phone}
                  </span>
                )}
                {d.company.invoiceNumber && (
                  <span className="block text-xs text-slate-600">
                    {t("detail.invoiceRegistration")} {d.company.invoiceNumber}
                  </span>
                )}
              </Row>
              <Row label={t("columns.productCount")}>{t("productCount", { count: d.totals.count })}</Row>
              <Row label={t("columns.scheduledShipDate")}>{formatDate(d.scheduledShipDate, lang)}</Row>
              <Row label={t("columns.invoiceNumber")}>
                <span className="tabular-nums" data-testid="delivery-invoice">
                  {d.invoiceNumber ?? "—"}
                </span>
              </Row>
              {d.shippedAt && <Row label={t("detail.shippedAt")}>{formatDate(d.shippedAt, lang, true)}</Row>}
              {d.trackingUrl && (
                <Row label={t("detail.tracking")}>
                  <a
                    href={d.trackingUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="text-brand-700 underline underline-offset-2"
                  >
                    {t("detail.trackingLink")}
                  </a>
                </Row>
              )}
            </dl>
          </Card>
          <Card id="delivery-bill" title={t("detail.totals")}>
            <dl className="divide-y divide-slate-100 text-sm">
              <Row label={t("detail.amount")}>{formatYen(d.totals.amount, lang)}</Row>
              <Row label={t("detail.fee")}>{formatYen(d.totals.fee, lang)}</Row>
              <Row label={t("detail.payment")}>
                <span className="text-lg font-bold tabular-nums">{formatYen(d.totals.payment, lang)}</span>
              </Row>
            </dl>
          </Card>
          <PackingList detail={d} lang={lang} />
          <Card id="delivery-history" title={t("detail.history")}>
            <StateHistory
              steps={d.history}
              lang={lang}
              label={(s) => (s === "10" || s === "20" ? buyerStates(s) : s)}
            />
          </Card>
        </div>
        <aside className="order-first flex min-w-0 flex-col gap-4 lg:order-none" aria-label={t("ship.title")}>
          <section className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
            <h2 className="text-base font-bold">{t("ship.title")}</h2>
            {d.canShip ? (
              <ShipForm count={d.totals.count} amount={formatYen(d.totals.payment, lang)} />
            ) : (
              <p className="rounded-lg bg-slate-100 p-3 text-sm text-slate-700" data-testid="no-ship">
                {d.status === "sent" ? t("ship.shipped") : t("ship.emptyHint")}
              </p>
            )}
          </section>
        </aside>
      </div>
    </div>
  );
}

/** What goes into the box, checked device by device against its product ID and IMEI; printable. */
function PackingList({ detail: d, lang }: { detail: OfficeDeliveryDetail; lang: Locale }) {
  const t = useTranslations("buybackOffice.deliveries");
  const productType = useProductType();
  if (d.devices.length === 0) return null;
  const cell = "border-b border-slate-200 px-2 py-2 print:border print:border-slate-500";
  return (
    <section
      aria-labelledby="packing-title"
      className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
    >
      <PrintArea className="flex flex-col gap-3">
        <h2 id="packing-title" className="text-lg font-bold">
          {t("packing.title")}
        </h2>
        <p className="text-sm text-slate-700">
          {t("detail.heading", { id: String(d.id) })} ・ {d.company.name} ・ {t("columns.scheduledShipDate")}{" "}
          {formatDate(d.scheduledShipDate, lang)}
        </p>
        <p className="text-xs text-slate-600">{t("packing.lead")}</p>
        <ScrollRegion label={t("packing.title")} className="print:overflow-visible">
          <table
            className="w-full min-w-[34rem] border-collapse print:min-w-0 text-left text-sm"
            data-testid="packing-list"
          >
            <thead className="text-xs font-bold text-slate-600">
              <tr>
                <th scope="col" className={`${cell} w-12`}>
                  {t("packing.columns.check")}
                </th>
                <th scope="col" className={cell}>
                  {t("packing.columns.productId")}
                </th>
                <th scope="col" className={cell}>
                  {t("packing.columns.model")}
                </th>
                <th scope="col" className={cell}>
                  {t("packing.columns.imei")}
                </th>
                <th scope="col" className={cell}>
                  {t("packing.columns.grade")}
                </th>
              </tr>
            </thead>
            <tbody>
              {d.devices.map((p) => (
                <tr key={p.id}>
                  <td className={cell}>
                    <span aria-hidden="true" className="inline-block h-4 w-4 border border-slate-500" />
                  </td>
                  <td className={`${cell} font-semibold tabular-nums`}>{p.id}</td>
                  <td className={cell}>{productType(p)}</td>
                  <td className={`${cell} font-mono tabular-nums`}>{p.imei ?? t("packing.noImei")}</td>
                  <td className={cell}>{p.grade ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
        <p className="text-sm font-semibold">{t("packing.count", { count: d.devices.length })}</p>
      </PrintArea>
      <PrintButton label={t("packing.print")} />
    </section>
  );
}

/** Shipping bills the buyer and cannot be undone: the button asks first. */
function ShipForm({ count, amount }: { count: number; amount: string }) {
  const t = useTranslations("buybackOffice.deliveries.ship");
  const formRef = useRef<HTMLFormElement>(null);
  const confirm = useConfirmedSubmit(formRef);
  return (
    <Form
      ref={formRef}
      method="post"
      onSubmit={confirm.onSubmit}
      data-hydrated={confirm.hydrated}
      className="flex flex-col gap-3"
      data-testid="ship-form"
    >
      <p className="text-sm text-slate-700">{t("hint", { count, amount })}</p>
      <input type="hidden" name="intent" value="ship" />
      <button
        type="submit"
        className="h-11 rounded-full bg-brand-600 px-5 text-sm font-semibold text-white hover:bg-brand-700"
      >
        {t("button")}
      </button>
      <ConfirmDialog
        {...confirm.dialog}
        title={t("confirmTitle")}
        confirmLabel={t("confirmButton")}
        cancelLabel={t("cancelButton")}
        testId="ship-confirm"
      >
        {t("confirmBody", { count, amount })}
      </ConfirmDialog>
    </Form>
  );
}
