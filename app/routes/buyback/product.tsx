import { Link } from "react-router";
import { type DiagnosticEntry, getBuyerProduct } from "#core/buyback/buyer-products.ts";
import type { Locale } from "#core/shared/locale.ts";
import { Card, DeliveryStatusBadge, Fact, useProductType } from "../../components/buyback/deliveries.tsx";
import { formatDate, formatYen } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import { langOf } from "../../lib/lang.ts";
import { core, orNotFound, pathIdOf } from "../../lib/request.server.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/product";
import { requireBuyer } from "./buyer.server.ts";

export const meta = titleMeta("buybackDeliveries.product.title", { noindex: true });
export const handle = { back: "/buyback/products/" };

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const buyer = await requireBuyer(context, request, langOf(params));
  const productId = pathIdOf(params);
  return { product: await orNotFound(() => getBuyerProduct(core(context), { buyer, productId })) };
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** One diagnostic field in words: its choice's label, a percentage, a date, or the text recorded. */
function useDiagnosticText(lang: Locale): (d: DiagnosticEntry) => string {
  const t = useTranslations("buyback");
  const own = useTranslations("buybackDeliveries.product");
  const numbers = new Intl.NumberFormat(lang === "ja" ? "ja-JP" : "en-US");
  return (d) => {
    if (d.notApplicable !== null) return t("notApplicable", { reason: d.notApplicable });
    if (d.value === null || d.value === "") return own("notRecorded");
    const key = `diagnosticChoices.${d.value}` as "diagnosticChoices.pass";
    if (d.kind === "choices" && t.has(key)) return t(key);
    if (d.kind === "percent" && /^\d+(\.\d+)?$/.test(d.value)) return `${d.value}%`;
    if (d.kind === "count" && /^\d+$/.test(d.value)) return numbers.format(Number(d.value));
    if (d.kind === "date" && DATE.test(d.value)) return formatDate(d.value, lang);
    return d.value;
  };
}

/**
 * One device the buyer company bought (spec §2 product detail): "basic information" (category,
 * product name, grade, and what the buyer pays) and "device diagnostic information" (every field
 * the grader recorded, in the spec's order, "not applicable" with its reason), the grading photos
 * and the failed checks. Nothing about the member who sold it.
 */
export default function BuyerProduct({ loaderData, params }: Route.ComponentProps) {
  const t = useTranslations("buybackDeliveries");
  const categories = useTranslations("codes.category");
  const buyback = useTranslations("buyback");
  const productType = useProductType();
  const lang = langOf(params);
  const diagnosticText = useDiagnosticText(lang);
  const { product: p } = loaderData;
  const photoUrl = (id: number, rendition: "thumb" | "large") =>
    `/${lang}/buyback/products/${p.id}/photos/${id}-${rendition}/`;
  return (
    <div className="flex flex-col gap-5">
      <Link to={`/${lang}/buyback/products/`} className="self-start py-2 text-sm text-brand-700 underline">
        {t("product.back")}
      </Link>
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold">{productType(p)}</h1>
        <p className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
          <span className="tabular-nums">{t("product.productId", { id: String(p.id) })}</span>
          <DeliveryStatusBadge status={p.status} testId="product-status" />
        </p>
      </div>

      <div className="grid gap-5 lg:grid-cols-2">
        <Card id="product-basic" title={t("product.basic")}>
          <dl className="text-sm">
            <Fact label={t("product.category")}>{categories(p.categoryCode as "05")}</Fact>
            <Fact label={t("product.productName")}>{productType(p)}</Fact>
            <Fact label={t("product.grade")} testId="product-grade">
              {p.grade ? buyback(`grades.${p.grade}`) : t("common.none")}
            </Fact>
            <Fact label={t("product.ngConditions")}>
              {p.ngConditions.length === 0 ? (
                t("product.noNg")
              ) : (
                <ul className="flex flex-col gap-0.5">
                  {p.ngConditions.map((ng) => (
                    <li key={ng}>
                      {buyback.has(`ngConditions.${ng as "none"}`)
                        ? buyback(`ngConditions.${ng as "none"}`)
                        : ng}
                    </li>
                  ))}
                </ul>
              )}
            </Fact>
            <Fact label={t("product.purchasedAt")}>
              {p.purchasedAt ? formatDate(p.purchasedAt, lang) : t("common.none")}
            </Fact>
            <Fact label={t("product.payment")}>
              <span className="font-semibold tabular-nums">{formatYen(p.payment, lang)}</span>
              <span className="block text-xs text-slate-600">
                {t("product.paymentBreakdown", {
                  amount: formatYen(p.amount, lang),
                  fee: formatYen(p.fee, lang),
                })}
              </span>
            </Fact>
            <Fact label={t("product.status")}>
              <DeliveryStatusBadge status={p.status} />
            </Fact>
            {p.delivery && (
              <Fact label={t("product.delivery")}>
                <Link
                  to={`/${lang}/buyback/deliveries/${p.delivery.id}/`}
                  className="font-semibold text-brand-700 underline underline-offset-2"
                >
                  {t("product.deliveryLink", { id: String(p.delivery.id) })}
                </Link>
                {p.delivery.invoiceNumber && (
                  <span className="block text-xs text-slate-600">
                    {t("deliveries.columns.invoiceNumber")} {p.delivery.invoiceNumber}
                  </span>
                )}
              </Fact>
            )}
          </dl>
        </Card>

        <Card id="product-photos" title={t("product.photos")}>
          {p.photos.length === 0 ? (
            <p className="text-sm text-slate-600">{t("product.noPhotos")}</p>
          ) : (
            <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4">
              {p.photos.map((photo, i) => (
                <li key={photo.id}>
                  <a
                    href={photoUrl(photo.id, "large")}
                    target="_blank"
                    rel="noopener"
                    aria-label={t("product.openPhoto", { n: i + 1 })}
                    className="block overflow-hidden rounded-lg ring-1 ring-slate-200"
                  >
                    <img
                      src={photoUrl(photo.id, "thumb")}
                      alt={t("product.photoAlt", { n: i + 1 })}
                      loading="lazy"
                      className="aspect-square w-full bg-slate-100 object-cover"
                    />
                  </a>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>

      <Card id="product-diagnostics" title={t("product.diagnostics")}>
        <dl className="grid text-sm lg:grid-cols-2 lg:gap-x-8" data-testid="product-diagnostics">
          {p.diagnostics.map((d) => (
            <Fact key={d.key} label={buyback(`diagnostics.${d.key}`)} testId={`diagnostic-${d.key}`}>
              <span
                className={d.value === null && d.notApplicable === null ? "text-slate-500" : "tabular-nums"}
              >
                {diagnosticText(d)}
              </span>
            </Fact>
          ))}
        </dl>
      </Card>
    </div>
  );
}
