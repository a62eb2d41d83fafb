import { Link } from "react-router";
import { formatPlace, formatPostalCode } from "#core/account/address-format.ts";
import { PickupSpotCard } from "../../components/buying/pickup-spot-card.tsx";
import { PageCard } from "../../components/form.tsx";
import { useTranslations } from "../../i18n/use-translations.ts";
import { langOf } from "../../lib/lang.ts";
import { titleMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/transaction-address";
import { loadTransactionPage } from "./transaction.server.ts";

export const meta = titleMeta("buying.addressTitle");
export const handle = { back: "history", tab: "mypage" };

/** Where the parcel goes: the address the buyer had when buying, for the seller to write on it. */
export async function loader(args: Route.LoaderArgs) {
  const side = new URL(args.request.url).pathname.includes("/transactions/seller") ? "seller" : "buyer";
  const { view } = await loadTransactionPage(args, side, "address/");
  return { address: view.shippingAddress, spot: view.pickupSpot, itemId: view.itemId, role: view.role };
}

export default function TransactionAddress({ loaderData, params }: Route.ComponentProps) {
  const t = useTranslations("buying");
  const lang = langOf(params);
  const a = loaderData.address;
  // The address as the buyer had it when buying (a snapshot kept with the transaction).
  const place = {
    postalCode: a.postalCode ?? "",
    prefectureCode: a.prefectureCode ?? "",
    city: a.city ?? "",
    street: a.street ?? "",
    building: a.building,
  };
  if (loaderData.spot) {
    // Kept at a pickup spot: that is where the parcel goes, collected by the buyer in person.
    return (
      <PageCard title={t("addressTitle")}>
        <PickupSpotCard spot={loaderData.spot} role={loaderData.role} name={a.name} />
        <BackToTransaction lang={lang} itemId={loaderData.itemId} role={loaderData.role} />
      </PageCard>
    );
  }
  return (
    <PageCard title={t("addressTitle")}>
      <h2 className="text-sm text-slate-600">{t("shipTo")}</h2>
      <address className="mt-2 not-italic leading-relaxed" data-testid="ship-to">
        {formatPostalCode(place.postalCode)}
        <br />
        {formatPlace(place)}
        <br />
        {a.name}
        <br />
        {a.phone}
      </address>
      <BackToTransaction lang={lang} itemId={loaderData.itemId} role={loaderData.role} />
    </PageCard>
  );
}

function BackToTransaction(o: { lang: string; itemId: number; role: string }) {
  const t = useTranslations("buying");
  return (
    <Link
      to={`/${o.lang}/items/${o.itemId}/transactions/${o.role === "seller" ? "seller" : "buyer"}/`}
      className="mt-4 inline-block text-brand-700 underline"
    >
      {t("transactionTitle")}
    </Link>
  );
}
