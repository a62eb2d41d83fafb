import { lazy, Suspense, useEffect, useState } from "react";
import { Link } from "react-router";
import type { ItemOfferStatus } from "#core/offers/list-offers.ts";
import { formatDate, formatYen } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import type { FormState } from "../../lib/form-state.ts";
import { type OfferListing as Listing, OfferForm } from "./offer-form.tsx";

const loadOfferDialog = () => import("./offer-dialog.tsx");
const OfferDialog = lazy(loadOfferDialog);

/**
 * 「価格を交渉する」: a sheet with the amount, checked as it is typed against the lowest allowed
 * price. It opens again with the server's message and the typed amount when the offer was refused.
 */
export function OfferButton({
  listing,
  lowest,
  lang,
  state,
  className,
}: {
  listing: Listing;
  lowest: number;
  lang: "ja" | "en";
  state: FormState | undefined;
  className: string;
}) {
  const t = useTranslations("offers");
  const refused = state?.values?.amount !== undefined;
  const [open, setOpen] = useState(refused);
  return (
    <>
      <button
        type="button"
        className={className}
        onClick={() => setOpen(true)}
        // The sheet's code comes when it is likely to open, not with the page.
        onPointerEnter={loadOfferDialog}
        onFocus={loadOfferDialog}
        data-testid="offer-button"
      >
        {t("button")}
      </button>
      {open && (
        <Suspense fallback={null}>
          <OfferDialog
            listing={listing}
            lowest={lowest}
            lang={lang}
            state={state}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}

/**
 * A refused offer as the server sends it, for a page without script (the sheet needs it): the
 * message and the typed amount in place, to correct and send again. Gone once the page runs.
 */
export function RefusedOffer(props: {
  listing: Listing;
  lowest: number;
  lang: "ja" | "en";
  state: FormState | undefined;
}) {
  const t = useTranslations("offers");
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (hydrated || props.state?.values?.amount === undefined) return null;
  return (
    <section
      className="rounded-lg border border-slate-200 bg-white p-4"
      aria-label={t("sheetTitle")}
      data-testid="offer-refused"
    >
      <p className="text-sm font-semibold">{t("lowest", { min: formatYen(props.lowest, props.lang) })}</p>
      <OfferForm {...props} />
    </section>
  );
}

/** The viewer's own offer on the listing, or the reservation that keeps it from them. */
export function OfferStatus({
  status,
  itemId,
  lang,
}: {
  status: ItemOfferStatus;
  itemId: number;
  lang: "ja" | "en";
}) {
  const t = useTranslations("offers");
  const mine = status.mine;
  if (status.reservedForOther) {
    return (
      <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900" data-testid="reserved-notice">
        <span className="mr-2 rounded bg-amber-600 px-1.5 py-0.5 text-xs font-bold text-white">
          {t("reservedForOther")}
        </span>
        {t("reservedNotice")}
      </p>
    );
  }
  if (!mine) return null;
  const date = (d: Date | string) => formatDate(d, lang, true);
  return (
    <div className="rounded-lg bg-brand-50 p-3 text-sm text-slate-800" data-testid="my-offer">
      {mine.state === "ACCEPTED" && mine.agreedPrice !== null && mine.reservedUntil ? (
        <>
          <p className="font-semibold">
            {t("reservedForYou", {
              price: formatYen(mine.agreedPrice, lang),
              date: date(mine.reservedUntil),
            })}
          </p>
          <Link
            to={`/${lang}/items/${itemId}/buy/`}
            className="mt-2 inline-flex h-10 items-center rounded-full bg-danger-600 px-5 font-bold text-white"
          >
            {t("page.buy")}
          </Link>
        </>
      ) : (
        <>
          <p className="font-semibold">{t("yourOffer", { price: formatYen(mine.price, lang) })}</p>
          <p>
            {mine.state === "COUNTERED" && mine.counterPrice !== null
              ? t("counterOffered", { price: formatYen(mine.counterPrice, lang) })
              : t("yourOfferState", { state: t(`states.${mine.state}`) })}
          </p>
          <p className="text-slate-600">{t("answerBy", { date: date(mine.expiresAt) })}</p>
          <Link
            to={`/${lang}/mypage/offers/?side=sent`}
            className="mt-1 inline-block text-brand-700 underline"
          >
            {t("seeOffers")}
          </Link>
        </>
      )}
    </div>
  );
}
