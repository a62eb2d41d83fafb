import type { ReactNode } from "react";
import { Form } from "react-router";
import { formatAddress } from "#core/account/address-format.ts";
import { SHIPPING_METHODS } from "#core/catalog/codes.ts";
import type { OfficeAddress, OfficeTransactionView } from "#core/trading/office-transactions.ts";
import { formatDate, formatYen } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { ScrollRegion } from "../scroll-region.tsx";
import { Card, Row as CardRow } from "./card.tsx";

export type Labels = {
  state: (code: string | null) => string;
  payment: (code: string | null) => string;
};

/** State names in the page's language (the raw code for one the catalogue does not know). */
export function useLabels(): Labels {
  const codes = useTranslations("codes.transactionState");
  const t = useTranslations("office.paymentStates");
  return {
    state: (code) => (code && codes.has(code as "START") ? codes(code as "START") : (code ?? "—")),
    payment: (code) => (code && t.has(code as "COMPLETED") ? t(code as "COMPLETED") : (code ?? "—")),
  };
}

export function StateBadge({ state, label }: { state: string; label: string }) {
  const tone =
    state === "PENDING"
      ? "bg-amber-100 text-amber-900"
      : state === "COMPLETED"
        ? "bg-emerald-100 text-emerald-800"
        : state === "CANCELED" || state === "INVALID"
          ? "bg-slate-200 text-slate-700"
          : "bg-brand-50 text-brand-800";
  return (
    <span className={`rounded px-2 py-0.5 text-xs font-bold ${tone}`} data-testid="transaction-state">
      {label}
    </span>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <CardRow label={label} className="grid grid-cols-[9rem_1fr] gap-2 py-1.5 sm:grid-cols-[11rem_1fr]">
      {children}
    </CardRow>
  );
}

export function Summary({
  view,
  lang,
  labels,
}: {
  view: OfficeTransactionView;
  lang: "ja" | "en";
  labels: Labels;
}) {
  const t = useTranslations("office.detail");
  const member = (p: { id: number; nickname: string }) => (
    <>
      {p.nickname} <span className="text-xs text-slate-500">{t("memberId", { id: p.id })}</span>
    </>
  );
  return (
    <Card title={t("summary")} id="summary-title">
      <dl className="divide-y divide-slate-100 text-sm">
        <Row label={t("state")}>{labels.state(view.state)}</Row>
        {view.heldFrom && <Row label={t("heldFrom")}>{labels.state(view.heldFrom)}</Row>}
        <Row label={t("item")}>
          {view.item.title} <span className="text-xs text-slate-500">({view.item.id})</span>
        </Row>
        {view.item.price !== null && <Row label={t("listedPrice")}>{formatYen(view.item.price, lang)}</Row>}
        <Row label={t("price")}>{formatYen(view.amounts.price, lang)}</Row>
        <Row label={t("fee")}>{formatYen(view.amounts.fee, lang)}</Row>
        <Row label={t("proceeds")}>{formatYen(view.amounts.proceeds, lang)}</Row>
        <Row label={t("paymentMethod")}>{view.paymentMethod === "card" ? t("card") : t("points")}</Row>
        <Row label={t("buyer")}>{member(view.buyer)}</Row>
        <Row label={t("seller")}>{member(view.seller)}</Row>
        <Row label={t("createdAt")}>{formatDate(view.createdAt, lang, true)}</Row>
        {view.shippedAt && <Row label={t("shippedAt")}>{formatDate(view.shippedAt, lang, true)}</Row>}
        {view.completedAt && <Row label={t("completedAt")}>{formatDate(view.completedAt, lang, true)}</Row>}
      </dl>
    </Card>
  );
}

export function Shipping({
  view,
  revealed,
}: {
  view: OfficeTransactionView;
  revealed: OfficeAddress | undefined;
}) {
  const t = useTranslations("office");
  const codes = useTranslations("codes");
  const method = SHIPPING_METHODS.find((m) => m.code === view.shipping.method);
  const address = revealed ?? view.shipping.address;
  const prefecture = codes.has(`prefecture.${address.prefectureCode as "13"}`)
    ? codes(`prefecture.${address.prefectureCode as "13"}`)
    : address.prefectureCode;
  const { shipment } = view.shipping;
  return (
    <Card title={t("detail.shipping")} id="shipping-title">
      <dl className="divide-y divide-slate-100 text-sm">
        <Row label={t("detail.shippingMethod")}>
          {method ? codes(`shippingMethod.${method.code}`) : view.shipping.method}
        </Row>
        <Row label={t("detail.postage")}>
          {codes.has(`postage.${view.shipping.postage as "INCLUDED"}`)
            ? codes(`postage.${view.shipping.postage as "INCLUDED"}`)
            : view.shipping.postage}
        </Row>
        <Row label={t("detail.address")}>
          <span data-testid="shipping-address">
            {revealed ? (
              <>
                {address.name}
                <br />
                {formatAddress({
                  ...address,
                  postalCode: address.postalCode ?? "",
                  street: address.street ?? "",
                })}
                <br />
                {address.phone}
              </>
            ) : (
              `${prefecture}${address.city}`
            )}
          </span>
          {revealed ? (
            <p className="mt-1 text-xs text-slate-500">{t("flash.addressShown")}</p>
          ) : (
            <>
              <p className="mt-1 text-xs text-slate-500">{t("detail.addressMasked")}</p>
              {view.shipping.canRevealAddress && (
                <Form method="post" className="mt-2 flex flex-wrap items-center gap-2">
                  <input type="hidden" name="intent" value="reveal" />
                  <button
                    type="submit"
                    className="rounded-full border border-slate-300 px-3 py-1 text-xs font-semibold hover:bg-slate-50"
                  >
                    {t("detail.revealAddress")}
                  </button>
                  <span className="text-xs text-slate-500">{t("detail.revealNote")}</span>
                </Form>
              )}
            </>
          )}
        </Row>
        {shipment ? (
          <>
            {shipment.invoiceNumber && <Row label={t("detail.invoiceNumber")}>{shipment.invoiceNumber}</Row>}
            {shipment.trackingNumber && (
              <Row label={t("detail.trackingNumber")}>{shipment.trackingNumber}</Row>
            )}
          </>
        ) : (
          <Row label={t("detail.shippedAt")}>{t("detail.notShipped")}</Row>
        )}
      </dl>
    </Card>
  );
}

export function Payments({
  view,
  lang,
  labels,
}: {
  view: OfficeTransactionView;
  lang: "ja" | "en";
  labels: Labels;
}) {
  const t = useTranslations("office.detail");
  return (
    <Card title={t("payments")} id="payments-title">
      {view.payments.length === 0 ? (
        <p className="text-sm text-slate-600">{t("noPayments")}</p>
      ) : (
        <ScrollRegion label={t("payments")}>
          <table className="w-full min-w-[28rem] text-left text-sm">
            <thead className="text-xs text-slate-600">
              <tr>
                <th scope="col" className="py-1 pr-3">
                  {t("paymentId")}
                </th>
                <th scope="col" className="py-1 pr-3">
                  {t("paymentState")}
                </th>
                <th scope="col" className="py-1 pr-3">
                  {t("amount")}
                </th>
                <th scope="col" className="py-1 pr-3">
                  {t("provider")}
                </th>
                <th scope="col" className="py-1">
                  {t("paymentCreatedAt")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {view.payments.map((p) => (
                <tr key={p.id}>
                  <td className="py-1.5 pr-3">{p.id}</td>
                  <td className="py-1.5 pr-3" data-testid={`payment-state-${p.id}`}>
                    {labels.payment(p.state)}
                  </td>
                  <td className="py-1.5 pr-3">{formatYen(p.amount, lang)}</td>
                  <td className="py-1.5 pr-3">{p.provider}</td>
                  <td className="py-1.5 whitespace-nowrap">{formatDate(p.createdAt, lang, true)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </Card>
  );
}
