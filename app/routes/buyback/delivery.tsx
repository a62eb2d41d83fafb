import { Link } from "react-router";
import type { DeliveryDetail } from "#core/buyback/buyer-deliveries.ts";
import { getBuyerDelivery } from "#core/buyback/buyer-deliveries.ts";
import { companyFactsIn } from "#core/shared/company.ts";
import type { Locale } from "#core/shared/locale.ts";
import {
  Card,
  DeliveryStatusBadge,
  Fact,
  PrintArea,
  PrintButton,
  useProductType,
} from "../../components/buyback/deliveries.tsx";
import { ScrollRegion } from "../../components/scroll-region.tsx";
import { formatDate, formatYen } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { langOf } from "../../lib/lang.ts";
import { core, orNotFound, pathIdOf } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/delivery";
import { requireBuyer } from "./buyer.server.ts";

export const meta = titleMeta("buybackDeliveries.delivery.title", { noindex: true });
export const handle = { back: "/buyback/deliveries/" };

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const lang = langOf(params);
  const buyer = await requireBuyer(context, request, lang);
  const deliveryId = pathIdOf(params);
  const delivery = await orNotFound(() => getBuyerDelivery(core(context), { buyer, deliveryId }));
  const { name, address, dealerLicenceLine: dealerLicence } = companyFactsIn(lang);
  const issuedOn = delivery.shippedAt ?? core(context).clock.now();
  return { delivery, issuer: { name, address, dealerLicence }, issuedOn };
}

/**
 * One delivery of the buyer company: its facts (spec §2), the tracking link once shipped, its
 * detail rows (category, product type, product ID, grade), each linking to the product, and a
 * delivery note (納品書) to print.
 */
export default function BuyerDelivery({ loaderData, params }: Route.ComponentProps) {
  const t = useTranslations("buybackDeliveries");
  const categories = useTranslations("codes.category");
  const productType = useProductType();
  const lang = langOf(params);
  const { delivery: d } = loaderData;
  return (
    <div className="flex flex-col gap-5">
      <Link to={`/${lang}/buyback/deliveries/`} className="self-start py-2 text-sm text-brand-700 underline">
        {t("delivery.back")}
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">{t("delivery.heading", { id: String(d.id) })}</h1>
        <DeliveryStatusBadge status={d.status} testId="delivery-status" />
      </div>
      <Card id="delivery-facts" title={t("delivery.overview")}>
        <dl className="text-sm">
          <Fact label={t("deliveries.columns.id")}>{d.id}</Fact>
          <Fact label={t("deliveries.columns.productCount")}>
            {t("common.productCount", { count: d.productCount })}
          </Fact>
          <Fact label={t("deliveries.columns.scheduledShipDate")}>
            {formatDate(d.scheduledShipDate, lang)}
          </Fact>
          <Fact label={t("deliveries.columns.status")}>
            <DeliveryStatusBadge status={d.status} />
          </Fact>
          <Fact label={t("deliveries.columns.paymentAmount")}>
            <span className="font-semibold tabular-nums">{formatYen(d.paymentAmount, lang)}</span>
          </Fact>
          <Fact label={t("deliveries.columns.invoiceNumber")} testId="delivery-invoice">
            {d.invoiceNumber ?? t("common.none")}
          </Fact>
          {d.shippedAt && <Fact label={t("delivery.shippedAt")}>{formatDate(d.shippedAt, lang, true)}</Fact>}
        </dl>
        {d.trackingUrl ? (
          <p className="mt-3 text-sm">
            <a
              href={d.trackingUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline underline-offset-2"
            >
              {t("delivery.tracking")}
            </a>{" "}
            <span className="text-xs text-slate-600">{t("delivery.trackingNote")}</span>
          </p>
        ) : (
          <p className="mt-3 rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
            {t("delivery.notShippedYet")}
          </p>
        )}
      </Card>

      <Card id="delivery-lines" title={t("delivery.lines")}>
        {d.devices.length === 0 ? (
          <p className="text-sm text-slate-600">{t("delivery.empty")}</p>
        ) : (
          <>
            <ul className="flex flex-col divide-y divide-slate-100 sm:hidden">
              {d.devices.map((p) => (
                <li key={p.id} className="flex flex-col gap-0.5 py-3 text-sm">
                  <Link
                    to={`/${lang}/buyback/products/${p.id}/`}
                    className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline underline-offset-2"
                  >
                    {productType(p)}
                  </Link>
                  <span className="text-slate-700">
                    {categories(p.categoryCode as "05")} ・ {t("delivery.columns.productId")} {p.id} ・{" "}
                    {t("delivery.columns.grade")} {p.grade ?? t("common.none")}
                  </span>
                  <span className="font-semibold tabular-nums">{formatYen(p.payment, lang)}</span>
                </li>
              ))}
            </ul>
            <ScrollRegion label={t("delivery.lines")} className="hidden sm:block">
              <table className="w-full border-collapse text-left text-sm">
                <caption className="sr-only">{t("delivery.lines")}</caption>
                <thead className="bg-slate-50 text-xs font-bold text-slate-600">
                  <tr>
                    <th scope="col" className="px-3 py-2">
                      {t("delivery.columns.category")}
                    </th>
                    <th scope="col" className="px-3 py-2">
                      {t("delivery.columns.productType")}
                    </th>
                    <th scope="col" className="px-3 py-2">
                      {t("delivery.columns.productId")}
                    </th>
                    <th scope="col" className="px-3 py-2">
                      {t("delivery.columns.grade")}
                    </th>
                    <th scope="col" className="px-3 py-2 text-right">
                      {t("delivery.columns.payment")}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {d.devices.map((p) => (
                    <tr key={p.id} data-testid={`delivery-line-${p.id}`}>
                      <td className="px-3 py-2">{categories(p.categoryCode as "05")}</td>
                      <td className="px-3 py-2">{productType(p)}</td>
                      <td className="px-3 py-2 tabular-nums">
                        <Link
                          to={`/${lang}/buyback/products/${p.id}/`}
                          className="inline-block py-1 font-semibold text-brand-700 underline underline-offset-2"
                        >
                          {p.id}
                        </Link>
                      </td>
                      <td className="px-3 py-2 font-semibold">{p.grade ?? t("common.none")}</td>
                      <td className="px-3 py-2 text-right tabular-nums">{formatYen(p.payment, lang)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
            <dl className="mt-3 border-t border-slate-200 pt-2 text-sm">
              <Fact label={t("delivery.totals.amount")}>{formatYen(d.totals.amount, lang)}</Fact>
              <Fact label={t("delivery.totals.fee")}>{formatYen(d.totals.fee, lang)}</Fact>
              <Fact label={t("delivery.totals.payment")}>
                <span className="font-bold tabular-nums">{formatYen(d.totals.payment, lang)}</span>
              </Fact>
            </dl>
          </>
        )}
      </Card>

      {d.devices.length > 0 && (
        <>
          <PrintButton label={t("delivery.print")} />
          <PrintArea className="hidden print:block">
            <DeliveryNote
              delivery={d}
              issuer={loaderData.issuer}
              issuedOn={loaderData.issuedOn}
              lang={lang}
            />
          </PrintArea>
        </>
      )}
    </div>
  );
}

/** The delivery note (納品書): who sends what to whom, one line per device, and the totals. */
function DeliveryNote({
  delivery: d,
  issuer,
  issuedOn,
  lang,
}: {
  delivery: DeliveryDetail;
  issuedOn: Date;
  issuer: { name: string; address: string; dealerLicence: string };
  lang: Locale;
}) {
  const t = useTranslations("buybackDeliveries");
  const categories = useTranslations("codes.category");
  const productType = useProductType();
  const cell = "border border-slate-400 px-2 py-1";
  return (
    <article className="flex flex-col gap-4 bg-white p-6 text-sm text-black">
      <h2 className="text-center text-2xl font-bold tracking-widest">{t("note.title")}</h2>
      <div className="flex flex-wrap justify-between gap-4">
        <div>
          <p className="text-lg font-bold">{t("note.recipient", { name: d.company.name })}</p>
          {d.company.address && <p>{d.company.address}</p>}
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3">
          <dt>{t("note.issuedOn")}</dt>
          <dd>{formatDate(issuedOn, lang)}</dd>
          <dt>{t("note.deliveryId")}</dt>
          <dd>{d.id}</dd>
          <dt>{t("note.invoiceNumber")}</dt>
          <dd>{d.invoiceNumber ?? t("common.none")}</dd>
        </dl>
      </div>
      <div>
        <p className="font-bold">{issuer.name}</p>
        <p>{issuer.address}</p>
        <p>{issuer.dealerLicence}</p>
      </div>
      <p>{t("note.intro")}</p>
      <table className="w-full border-collapse">
        <thead>
          <tr>
            <th className={`${cell} whitespace-nowrap`}>{t("delivery.columns.productId")}</th>
            <th className={`${cell} whitespace-nowrap`}>{t("delivery.columns.category")}</th>
            <th className={`${cell} whitespace-nowrap`}>{t("delivery.columns.productType")}</th>
            <th className={`${cell} whitespace-nowrap`}>{t("note.imei")}</th>
            <th className={`${cell} whitespace-nowrap`}>{t("delivery.columns.grade")}</th>
            <th className={`${cell} whitespace-nowrap`}>{t("delivery.columns.payment")}</th>
          </tr>
        </thead>
        <tbody>
          {d.devices.map((p) => (
            <tr key={p.id}>
              <td className={cell}>{p.id}</td>
              <td className={`${cell} whitespace-nowrap`}>{categories(p.categoryCode as "05")}</td>
              <td className={cell}>{productType(p)}</td>
              <td className={`${cell} tabular-nums`}>{p.imei ?? t("common.none")}</td>
              <td className={cell}>{p.grade ?? t("common.none")}</td>
              <td className={`${cell} text-right tabular-nums`}>{formatYen(p.payment, lang)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="ml-auto grid grid-cols-[auto_auto] gap-x-6">
        <dt>{t("note.count")}</dt>
        <dd className="text-right">{t("common.productCount", { count: d.totals.count })}</dd>
        <dt>{t("delivery.totals.amount")}</dt>
        <dd className="text-right">{formatYen(d.totals.amount, lang)}</dd>
        <dt>{t("delivery.totals.fee")}</dt>
        <dd className="text-right">{formatYen(d.totals.fee, lang)}</dd>
        <dt className="font-bold">{t("delivery.totals.payment")}</dt>
        <dd className="text-right font-bold">{formatYen(d.totals.payment, lang)}</dd>
      </dl>
    </article>
  );
}
