import { PICKUP_HOLD_DAYS, type PickupSpot } from "#core/trading/pickup-spots.ts";
import { useTranslations } from "../../i18n/use-translations.ts";

/**
 * Where the buyer collects the parcel (delivery method 11): the spot as the courier lists it. The
 * buyer reads when to collect it; the seller, that Nekoposu cannot go there.
 */
export function PickupSpotCard(o: { spot: PickupSpot; role: string; name?: string }) {
  const t = useTranslations("buying.delivery");
  return (
    <section
      aria-labelledby="pickup-spot-title"
      className="rounded-2xl bg-white p-5 text-sm shadow-sm ring-1 ring-slate-200"
      data-testid="pickup-spot"
    >
      <h2 id="pickup-spot-title" className="text-sm text-slate-600">
        {t("collectAt")}
      </h2>
      <p className="mt-1 text-xs text-slate-600">{t(`kinds.${o.spot.kind}`)}</p>
      <p className="font-semibold">{o.spot.name}</p>
      <address className="not-italic text-slate-700">{o.spot.address}</address>
      <p className="text-xs text-slate-600">{t("hours", { hours: o.spot.hours })}</p>
      {o.name && (
        <p className="mt-2">
          {t("buyerName")}: {o.name}
        </p>
      )}
      <p className="mt-2 text-xs leading-relaxed text-slate-600">
        {o.role === "seller" ? t("sellerNote") : t("collectNote", { days: PICKUP_HOLD_DAYS })}
      </p>
    </section>
  );
}
