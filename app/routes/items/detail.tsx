import { useEffect } from "react";
import { data, Form, Link, useFetcher } from "react-router";
import { needsSellerSetup } from "#core/account/seller-setup.ts";
import { changeItemState, type SellerItemAction } from "#core/catalog/change-item-state.ts";
import {
  BRANDS,
  CATEGORIES,
  ITEM_CONDITIONS,
  POSTAGES,
  SHIPPING_LEAD_TIMES,
  SHIPPING_METHODS,
} from "#core/catalog/codes.ts";
import { copyItem } from "#core/catalog/copy-item.ts";
import { deleteItem } from "#core/catalog/delete-item.ts";
import {
  ACTIVATION_LOCKS,
  CARRIERS,
  COLORS,
  DEFECTS,
  NETWORK_RESTRICTIONS,
} from "#core/catalog/device-facts.ts";
import { getItem, relatedItems } from "#core/catalog/get-item.ts";
import type { ItemCard } from "#core/catalog/item-card.ts";
import { isCopyableState } from "#core/catalog/item-states.ts";
import { marketPrice } from "#core/catalog/market-prices.ts";
import { requestPublishAfterSetup } from "#core/catalog/publish-after-setup.ts";
import { deviceCheckOfItem } from "#core/checks/get-device-check.ts";
import { MODERATION_RULES } from "#core/moderation/codes.ts";
import { getHiddenNotice } from "#core/moderation/hidden-notice.ts";
import { type ItemOfferStatus, itemOfferStatus } from "#core/offers/list-offers.ts";
import { makeOffer } from "#core/offers/make-offer.ts";
import { likeItem, unlikeItem } from "#core/social/likes.ts";
import { listComments } from "#core/social/list-comments.ts";
import { postComment } from "#core/social/post-comment.ts";
import { listUserItems } from "#core/social/profiles.ts";
import { reviewCounts } from "#core/trading/list-reviews.ts";
import { ReviewCounts } from "../../components/buying/review-counts.tsx";
import { ReportBadge, reportForPage } from "../../components/checks/report-view.tsx";
import { CommentForm } from "../../components/comment-form.tsx";
import { FormError } from "../../components/form.tsx";
import { ItemGallery } from "../../components/item-gallery.tsx";
import { ItemGrid, ItemTile } from "../../components/item-grid.tsx";
import { MarketPriceCard } from "../../components/market-price.tsx";
import { OfferButton, OfferStatus, RefusedOffer } from "../../components/offers/offer-sheet.tsx";
import { ShareButton } from "../../components/share-button.tsx";
import { formatDate, formatYen, translator } from "../../i18n/index.ts";
import { useTranslations } from "../../i18n/use-translations.ts";
import type { FlashKey } from "../../lib/flash.ts";
import type { FormState } from "../../lib/form-state.ts";
import { itemJsonLd } from "../../lib/item-jsonld.ts";
import { label } from "../../lib/labels.ts";
import { langOf } from "../../lib/lang.ts";
import { rememberViewedCookie } from "../../lib/recent.ts";
import {
  core,
  formFailure,
  orNotFound,
  pageUrlOf,
  pathIdOf,
  readForm,
  redirectWithFlash,
  requestInfo,
  requireUser,
  services,
} from "../../lib/request.server.ts";
import { localeOf, seo } from "../../lib/seo.ts";
import { stepUrl } from "../setup/setup.server.ts";
import type { Route } from "./+types/detail";

export const handle = { back: "history", tab: "home", actionBar: true };

/** How many of the seller's other listings the page shows; the rest are on their profile. */
const SELLER_ITEMS = 6;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const itemId = pathIdOf(params);
  const viewer = requestInfo(context).user;
  const ctx = core(context);
  const item = await orNotFound(() => getItem(ctx, { itemId, viewerId: viewer?.id ?? null }));
  const [comments, { related, sellerReviews, market, sellerItems, deviceCheck }, hiddenNotice] =
    await Promise.all([
      listComments(ctx, { itemId, limit: 3 }),
      // What every viewer sees alike around the listing: kept briefly between requests (decision 030).
      services(context).reads.read(`item ${itemId}`, async () => {
        const [related, sellerReviews, market, sellerItems, deviceCheck] = await Promise.all([
          relatedItems(ctx, item),
          reviewCounts(ctx, { userId: item.seller.id }),
          item.modelId && item.condition
            ? marketPrice(ctx, { modelId: item.modelId, condition: item.condition })
            : null,
          listUserItems(ctx, {
            userId: item.seller.id,
            states: ["SALE"],
            limit: SELLER_ITEMS,
            except: itemId,
          }),
          // The seller's self-check of the device, signed for this listing.
          deviceCheckOfItem(ctx, { itemId }),
        ]);
        return {
          related,
          sellerReviews,
          market,
          sellerItems: sellerItems.items,
          deviceCheck: deviceCheck ? reportForPage(deviceCheck) : null,
        };
      }),
      // Why trust and safety hid it: for the seller's eyes only.
      item.state === "HIDDEN" ? getHiddenNotice(ctx, { itemId, viewerId: viewer?.id ?? null }) : null,
    ]);
  // Offers: a reservation for someone else, the viewer's own offer, the lowest price allowed.
  const offer =
    item.state === "SALE" ? await itemOfferStatus(ctx, { item, viewerId: viewer?.id ?? null }) : null;
  return {
    item,
    comments: comments.items,
    related,
    sellerReviews,
    sellerItems,
    loggedIn: viewer !== null,
    /** Members may report what others wrote or listed. */
    viewerId: viewer?.role === "member" ? viewer.id : null,
    hiddenNotice,
    market,
    offer,
    deviceCheck,
    canonicalUrl: `${services(context).config.publicUrl}${pageUrlOf(request).split("?")[0]}`,
    origin: services(context).config.publicUrl,
  };
}

export function meta(args: Route.MetaArgs) {
  const t = translator(localeOf(args.location.pathname));
  const d = args.loaderData;
  if (!d) return seo(args, { title: t("errors.notFoundTitle"), noindex: true });
  const { item } = d;
  const photo = item.photos[0];
  return seo(args, {
    title: item.title,
    description: `${item.price !== null ? `${formatYen(item.price, localeOf(args.location.pathname))} ` : ""}${item.description.slice(0, 110)}`,
    ...(photo ? { image: new URL(photo.largeUrl, d.origin).toString() } : {}),
    noindex: item.state === "DRAFT" || item.state === "PRIVATE",
    jsonLd: [itemJsonLd(item, d.canonicalUrl, d.origin)],
  });
}

/** The seller's state changes, in the order the page offers them, and their button labels. */
const SELLER_BUTTONS = [
  "publish",
  "start_negotiation",
  "end_negotiation",
  "make_private",
  "stop_selling",
] as const satisfies readonly SellerItemAction[];
const SELLER_BUTTON_LABELS = {
  start_negotiation: "startNegotiation",
  end_negotiation: "endNegotiation",
  make_private: "makePrivate",
  stop_selling: "stopSelling",
} as const;

const STATE_FLASH = {
  publish: "catalog.published",
  make_private: "catalog.madePrivate",
  stop_selling: "catalog.stopped",
  start_negotiation: "catalog.negotiating",
  end_negotiation: "catalog.backOnSale",
} as const satisfies Record<SellerItemAction, FlashKey>;

export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = langOf(params);
  const itemId = pathIdOf(params);
  const actor = requireUser(context, request, lang);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const ctx = core(context);
  const here = `/${lang}/items/${itemId}/`;
  try {
    switch (intent) {
      case "like":
        return await likeItem(ctx, { actor, itemId });
      case "unlike":
        return await unlikeItem(ctx, { actor, itemId });
      case "offer":
        await makeOffer(ctx, { actor, itemId, input: { amount: String(form.get("amount") ?? "") } });
        return redirectWithFlash(context, here, "offers.sent");
      case "comment":
        await postComment(ctx, { actor, itemId, input: { body: String(form.get("body") ?? "") } });
        return redirectWithFlash(context, `${here}comments/`, "catalog.commentPosted");
      case "publish":
      case "make_private":
      case "stop_selling":
      case "start_negotiation":
      case "end_negotiation": {
        // A draft written before the seller setup: the setup first, and the draft published at its end.
        if (intent === "publish" && (await needsSellerSetup(ctx, actor.id))) {
          await requestPublishAfterSetup(ctx, { actor, itemId });
          return redirectWithFlash(
            context,
            stepUrl(lang, "address", here, itemId),
            "catalog.setupBeforePublish",
          );
        }
        await changeItemState(ctx, { actor, itemId, action: intent });
        return redirectWithFlash(context, here, STATE_FLASH[intent]);
      }
      case "copy": {
        // 「同じ内容で出品」: a new draft, opened in the edit form to be checked and published.
        const { id } = await copyItem(ctx, { actor, itemId });
        return redirectWithFlash(context, `/${lang}/items/${id}/edit/`, "catalog.copied");
      }
      case "delete":
        await deleteItem(ctx, { actor, itemId });
        return redirectWithFlash(context, `/${lang}/mypage/listing-items/`, "catalog.deleted");
      default:
        throw data("Bad request", { status: 400 });
    }
  } catch (error) {
    const kept: Record<string, string> =
      intent === "offer"
        ? { amount: String(form.get("amount") ?? "") }
        : { body: String(form.get("body") ?? "") };
    return formFailure(error, lang, kept);
  }
}

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  if (children === null || children === undefined || children === "") return null;
  return (
    <div className="flex gap-4 border-b border-slate-100 py-2.5 text-sm last:border-0">
      <dt className="w-40 shrink-0 text-slate-500">{term}</dt>
      <dd className="min-w-0 flex-1 break-words text-slate-900">{children}</dd>
    </div>
  );
}

type Item = Awaited<ReturnType<typeof getItem>>;

/** The seller, their listings and reviews: beside the buy button, where a buyer decides. */
function SellerCard({
  item,
  reviews,
  lang,
}: {
  item: Item;
  reviews: Parameters<typeof ReviewCounts>[0]["counts"];
  lang: "ja" | "en";
}) {
  const t = useTranslations("catalog");
  return (
    <section aria-labelledby="seller-title" className="order-1 lg:order-none">
      <h2 id="seller-title" className="mb-2 text-base font-bold">
        {t("seller")}
      </h2>
      <Link
        to={`/${lang}/users/${item.seller.id}/`}
        className="flex items-center gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 hover:ring-brand-600"
        data-testid="seller-card"
      >
        {item.seller.avatarUrl ? (
          <img src={item.seller.avatarUrl} alt="" className="size-12 rounded-full object-cover" />
        ) : (
          <span
            aria-hidden="true"
            className="flex size-12 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-700"
          >
            {item.seller.nickname.slice(0, 1)}
          </span>
        )}
        <span className="min-w-0 flex-1">
          <span className="block truncate font-semibold">{item.seller.nickname}</span>
          <span className="block text-xs text-slate-500">
            {t("sellerListings", { count: item.seller.listingCount })}
            {item.seller.identityVerified && `${t("separator")}${t("identityVerified")}`}
          </span>
          <span className="block text-xs text-slate-500">
            <ReviewCounts counts={reviews} />
          </span>
        </span>
      </Link>
    </section>
  );
}

/**
 * What a buyer of a used or broken device checks first, next to the price on a desk: condition,
 * network restriction, activation lock, battery and defects. Phones see them in the full table below.
 */
function KeyFacts({ item, lang }: { item: Item; lang: "ja" | "en" }) {
  const t = useTranslations("catalog");
  return (
    <dl
      className="hidden rounded-2xl bg-white px-4 py-1 shadow-sm ring-1 ring-slate-200 lg:block"
      data-testid="key-facts"
    >
      <Fact term={t("condition")}>{label(ITEM_CONDITIONS, item.condition, lang)}</Fact>
      <Fact term={t("networkRestriction")}>{label(NETWORK_RESTRICTIONS, item.networkRestriction, lang)}</Fact>
      <Fact term={t("activationLock")}>{label(ACTIVATION_LOCKS, item.activationLock, lang)}</Fact>
      <Fact term={t("batteryHealth")}>{item.batteryHealth !== null ? `${item.batteryHealth}%` : null}</Fact>
      <Fact term={t("defects")}>
        {item.defects.length === 0
          ? t("noDefects")
          : item.defects.map((d) => label(DEFECTS, d, lang)).join(t("listSeparator"))}
      </Fact>
    </dl>
  );
}

/** The price as the bar at the bottom of a phone repeats it, beside the button. */
function BarPrice({ item, lang }: { item: Item; lang: "ja" | "en" }) {
  const t = useTranslations("catalog");
  return (
    <p className="flex min-w-0 flex-col leading-tight lg:hidden" data-testid="action-bar-price">
      <span className="text-xl font-bold">{item.price !== null ? formatYen(item.price, lang) : "—"}</span>
      <span className="text-xs text-slate-500">
        {item.postage === "ARRIVAL" ? t("shippingArrival") : t("feeIncluded")}
      </span>
    </p>
  );
}

const BAR =
  "fixed inset-x-0 bottom-0 z-40 flex items-center gap-4 border-t border-slate-200 bg-white px-4 pt-2 pb-[calc(0.5rem+env(safe-area-inset-bottom))] shadow-[0_-2px_8px_rgb(0_0_0/0.06)]";
const BAR_BUTTON = "flex h-12 flex-1 items-center justify-center rounded-full text-base font-bold";

/**
 * What the viewer can do with the listing, with its price: on a phone a bar fixed at the bottom of
 * the screen while the page scrolls (the route's handle leaves the tabs out for it, and the footer
 * leaves it room); on a desk the buy button stands in the side column and the bar is not there.
 * One element either way, so the button is never on the page twice.
 */
function ActionBar({
  item,
  lang,
  offer,
  loggedIn,
  state,
}: {
  item: Item;
  lang: "ja" | "en";
  offer: ItemOfferStatus | null;
  loggedIn: boolean;
  state: FormState | undefined;
}) {
  const t = useTranslations("catalog");
  const buying = useTranslations("buying");
  const offers = useTranslations("offers");
  const { isSeller, blockedBySeller, canEdit } = item.viewer;
  if (item.state === "SALE" && !isSeller && !blockedBySeller && !offer?.reservedForOther) {
    // An offer can be made while none of the viewer's waits and the price can still come down.
    const canOffer = offer !== null && offer.lowest !== null && offer.mine === null && item.price !== null;
    const offerClass = `${BAR_BUTTON} max-w-36 border border-brand-600 bg-white px-3 text-sm text-brand-700 lg:max-w-none`;
    return (
      <div
        className={`${BAR} gap-2 lg:static lg:z-auto lg:border-0 lg:bg-transparent lg:p-0 lg:shadow-none`}
        data-testid="action-bar"
      >
        <BarPrice item={item} lang={lang} />
        {canOffer &&
          (loggedIn ? (
            <OfferButton
              listing={{ id: item.id, price: item.price!, shippingMethod: item.shippingMethod }}
              lowest={offer.lowest!}
              lang={lang}
              state={state}
              className={offerClass}
            />
          ) : (
            <Link
              to={`/${lang}/login/?redirect=${encodeURIComponent(`/${lang}/items/${item.id}/`)}`}
              className={offerClass}
              data-testid="offer-button"
            >
              {offers("button")}
            </Link>
          ))}
        <Link
          to={`/${lang}/items/${item.id}/buy/`}
          className={`${BAR_BUTTON} bg-danger-600 text-white`}
          data-testid="buy-button"
        >
          {buying("buyButton")}
        </Link>
      </div>
    );
  }
  // Why there is nothing to buy (the seller of a listing still editable edits it instead).
  const unavailable =
    item.state === "SOLD"
      ? t("soldOutShort")
      : blockedBySeller
        ? t("blockedShort")
        : offer?.reservedForOther
          ? offers("reservedForOther")
          : item.state === "ASK"
            ? t("negotiatingShort")
            : t("notForSaleShort");
  return (
    <div className={`${BAR} lg:hidden`} data-testid="action-bar">
      <BarPrice item={item} lang={lang} />
      {isSeller && canEdit ? (
        <Link to={`/${lang}/items/${item.id}/edit/`} className={`${BAR_BUTTON} bg-brand-600 text-white`}>
          {t("editShort")}
        </Link>
      ) : (
        <button type="button" disabled className={`${BAR_BUTTON} bg-slate-200 text-slate-600`}>
          {unavailable}
        </button>
      )}
    </div>
  );
}

/**
 * The seller's other listings on sale: a row that scrolls sideways on a phone, one row of the grid
 * on a desk; the rest are on their profile.
 */
function SellerItems({ item, items, lang }: { item: Item; items: ItemCard[]; lang: "ja" | "en" }) {
  const t = useTranslations("catalog");
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="seller-items-title">
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h2 id="seller-items-title" className="text-base font-bold">
          {t("sellerItems")}
        </h2>
        <Link to={`/${lang}/users/${item.seller.id}/#listings`} className="text-sm text-brand-700 underline">
          {t("sellerItemsMore")}
        </Link>
      </div>
      <ul
        aria-label={t("sellerItems")}
        className="-mx-4 flex snap-x scroll-px-4 gap-2 overflow-x-auto px-4 pb-2 lg:mx-0 lg:grid lg:grid-cols-6 lg:overflow-visible lg:p-0"
        data-testid="seller-items"
      >
        {items.map((card) => (
          <li key={card.id} className="w-28 shrink-0 snap-start sm:w-36 lg:w-auto">
            <ItemTile item={card} lang={lang} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function LikeButton({ liked, count, disabled }: { liked: boolean; count: number; disabled: boolean }) {
  const t = useTranslations("catalog");
  const fetcher = useFetcher<{ likeCount?: number; liked?: boolean; formError?: string }>();
  const pending = fetcher.formData?.get("intent");
  const nowLiked = pending ? pending === "like" : (fetcher.data?.liked ?? liked);
  const nowCount = fetcher.data?.likeCount ?? count;
  return (
    <fetcher.Form method="post" action={`./`}>
      <input type="hidden" name="intent" value={nowLiked ? "unlike" : "like"} />
      <button
        type="submit"
        disabled={disabled}
        aria-pressed={nowLiked}
        className={`flex h-10 items-center gap-1.5 rounded-full border px-4 text-sm font-semibold disabled:opacity-50 ${
          nowLiked
            ? "border-danger-600 bg-red-50 text-danger-600"
            : "border-slate-300 bg-white text-slate-700"
        }`}
        data-testid="like-button"
      >
        <span aria-hidden="true">{nowLiked ? "♥" : "♡"}</span>
        {nowLiked ? t("liked") : t("like")}
        <span className="text-xs font-normal" data-testid="like-count">
          {nowCount}
        </span>
      </button>
      {fetcher.data?.formError && <p className="mt-1 text-xs text-danger-600">{fetcher.data.formError}</p>}
    </fetcher.Form>
  );
}

export default function ItemDetailPage({ loaderData, actionData: raw, params }: Route.ComponentProps) {
  const t = useTranslations("catalog");
  const buying = useTranslations("buying");
  const moderation = useTranslations("moderation");
  const actionData = raw && "likeCount" in raw ? undefined : (raw as FormState | undefined);
  const lang = langOf(params);
  const { item, comments, related, sellerItems, loggedIn, viewerId, hiddenNotice, market, offer } =
    loaderData;
  const reportHref = (type: "item" | "comment", id: number) => `/${lang}/report/?type=${type}&id=${id}`;
  const isSeller = item.viewer.isSeller;
  const draft = item.state === "DRAFT";
  const editLink = item.viewer.canEdit && (
    <Link
      to={`/${lang}/items/${item.id}/edit/`}
      className={`rounded-full px-5 py-2.5 text-sm font-semibold ${
        // A listing's own page on a phone has 編集する in the bar at the bottom.
        draft
          ? "border border-slate-300"
          : "hidden bg-brand-600 text-white hover:bg-brand-700 lg:inline-block"
      }`}
    >
      {t("edit")}
    </Link>
  );
  const blocked = item.viewer.blockedBySeller;
  useEffect(() => {
    // biome-ignore lint/suspicious/noDocumentCookie: the recently viewed list is a plain, readable cookie by design.
    document.cookie = rememberViewedCookie(document.cookie, item.id, location.protocol === "https:");
  }, [item.id]);
  return (
    <article className="mx-auto flex max-w-3xl flex-col gap-6 lg:max-w-none" aria-labelledby="item-title">
      {item.state === "DRAFT" && (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">{t("draftNotice")}</p>
      )}
      {item.state === "PRIVATE" && (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">{t("privateNotice")}</p>
      )}
      {hiddenNotice && <HiddenNotice notice={hiddenNotice} lang={lang} />}
      <div className="flex flex-col gap-6 lg:grid lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start lg:gap-x-10 lg:gap-y-8">
        <div className="lg:col-start-1 lg:row-start-1">
          <ItemGallery photos={item.photos} sold={item.state === "SOLD"} />
        </div>
        {/* Beside the photos on a desk, under them on a phone: what it is, what it costs, how to buy. */}
        <div className="contents lg:sticky lg:flex lg:flex-col lg:gap-6 lg:top-20 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <section className="flex flex-col gap-3">
            <h1 id="item-title" className="text-xl leading-snug font-bold">
              {item.title}
            </h1>
            <p className="flex items-baseline gap-2">
              <span className="text-3xl font-bold" data-testid="item-price">
                {item.price !== null ? formatYen(item.price, lang) : "—"}
              </span>
              <span className="text-sm text-slate-500">
                {item.postage === "ARRIVAL" ? t("shippingArrival") : t("feeIncluded")}
              </span>
            </p>
            {item.state === "SOLD" && <p className="font-bold text-danger-600">{t("soldOut")}</p>}
            {item.state === "DISABLED" && <p className="font-semibold text-slate-600">{t("notForSale")}</p>}
            {item.state === "ASK" && !isSeller && (
              <p className="font-semibold text-slate-600">{t("negotiatingNotice")}</p>
            )}
            {offer && <OfferStatus status={offer} itemId={item.id} lang={lang} />}
            {offer?.lowest && item.price !== null && (
              <RefusedOffer
                listing={{ id: item.id, price: item.price, shippingMethod: item.shippingMethod }}
                lowest={offer.lowest}
                lang={lang}
                state={actionData}
              />
            )}
            <ActionBar item={item} lang={lang} offer={offer} loggedIn={loggedIn} state={actionData} />
            {/* Only the buyer and the seller have anything to do with the trade. */}
            {item.state === "SOLD" && item.viewer.inTrade && (
              <Link
                to={`/${lang}/items/${item.id}/transactions/`}
                className="text-sm text-brand-700 underline"
              >
                {buying("transactionTitle")}
              </Link>
            )}
            <div className="flex flex-wrap items-center gap-3">
              <LikeButton
                liked={item.viewer.liked}
                count={item.likeCount}
                disabled={isSeller || blocked || !loggedIn}
              />
              <ShareButton
                url={loaderData.canonicalUrl}
                title={item.title}
                text={
                  item.price !== null ? t("shareText", { price: formatYen(item.price, lang) }) : item.title
                }
              />
              <a href="#comments" className="text-sm text-slate-600 underline">
                {t("commentCount", { count: item.commentCount })}
              </a>
            </div>
            {viewerId !== null && !isSeller && (
              <Link
                to={reportHref("item", item.id)}
                className="self-end text-xs text-slate-500 underline"
                data-testid="report-item"
              >
                {moderation("reportLink")}
              </Link>
            )}
            {blocked && (
              <p className="rounded-lg bg-red-50 p-3 text-sm text-danger-600">{t("blockedNotice")}</p>
            )}
            <FormError message={actionData?.formError} />
          </section>

          {isSeller && (
            <section
              className="flex flex-wrap gap-2 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
              aria-label={t("edit")}
            >
              {/* A draft's one step forward is 出品する: the filled button, first; editing it is outlined. */}
              {!draft && editLink}
              <Form method="post" className="contents">
                {SELLER_BUTTONS.filter((action) => item.viewer.actions.includes(action)).map((action) => (
                  <button
                    key={action}
                    type="submit"
                    name="intent"
                    value={action}
                    className={`rounded-full px-4 py-2.5 text-sm font-semibold ${
                      draft && action === "publish"
                        ? "bg-brand-600 px-6 text-white hover:bg-brand-700"
                        : "border border-slate-300"
                    }`}
                  >
                    {action === "publish"
                      ? t(item.state === "DRAFT" ? "publish" : "resume")
                      : t(SELLER_BUTTON_LABELS[action])}
                  </button>
                ))}
                {isCopyableState(item.state) && (
                  <button
                    type="submit"
                    name="intent"
                    value="copy"
                    className="rounded-full border border-brand-600 px-4 py-2.5 text-sm font-semibold text-brand-700 hover:bg-brand-50"
                    data-testid="copy-listing"
                  >
                    {t("copyListing")}
                  </button>
                )}
              </Form>
              {draft && editLink}
              {item.viewer.canEdit && (
                <details className="w-full text-sm">
                  <summary className="cursor-pointer text-danger-600">{t("delete")}</summary>
                  <Form method="post" className="mt-2 flex items-center gap-3">
                    <p className="text-slate-600">{t("deleteConfirm")}</p>
                    <button
                      type="submit"
                      name="intent"
                      value="delete"
                      className="rounded-full bg-danger-600 px-4 py-2 font-semibold text-white"
                    >
                      {t("delete")}
                    </button>
                  </Form>
                </details>
              )}
            </section>
          )}

          <KeyFacts item={item} lang={lang} />
          {loaderData.deviceCheck && <ReportBadge report={loaderData.deviceCheck} lang={lang} />}
          <SellerCard item={item} reviews={loaderData.sellerReviews} lang={lang} />
        </div>
        <div className="contents lg:col-start-1 lg:flex lg:flex-col lg:gap-6 lg:row-start-2">
          <section aria-labelledby="description-title">
            <h2 id="description-title" className="mb-2 text-base font-bold">
              {t("description")}
            </h2>
            <p className="text-sm leading-relaxed whitespace-pre-wrap text-slate-800">{item.description}</p>
          </section>

          <section
            aria-labelledby="facts-title"
            className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
          >
            <h2 id="facts-title" className="mb-1 text-base font-bold">
              {t("details")}
            </h2>
            <dl data-testid="item-facts">
              <Fact term={t("category")}>{label(CATEGORIES, item.categoryCode, lang)}</Fact>
              <Fact term={t("brand")}>
                {item.brandCode && (
                  <Link to={`/${lang}/items/brand/${item.brandCode}/`} className="text-brand-700 underline">
                    {label(BRANDS, item.brandCode, lang)}
                  </Link>
                )}
              </Fact>
              <Fact term={t("model")}>{item.modelName}</Fact>
              <Fact term={t("condition")}>{label(ITEM_CONDITIONS, item.condition, lang)}</Fact>
              <Fact term={t("storage")}>
                {item.storageGb
                  ? item.storageGb >= 1024
                    ? `${item.storageGb / 1024}TB`
                    : `${item.storageGb}GB`
                  : null}
              </Fact>
              <Fact term={t("color")}>{label(COLORS, item.color, lang)}</Fact>
              <Fact term={t("carrier")}>{label(CARRIERS, item.carrier, lang)}</Fact>
              <Fact term={t("networkRestriction")}>
                {label(NETWORK_RESTRICTIONS, item.networkRestriction, lang)}
              </Fact>
              <Fact term={t("activationLock")}>{label(ACTIVATION_LOCKS, item.activationLock, lang)}</Fact>
              <Fact term={t("batteryHealth")}>
                {item.batteryHealth !== null ? `${item.batteryHealth}%` : null}
              </Fact>
              <Fact term={t("imei")}>{item.imei}</Fact>
              <Fact term={t("defects")}>
                {item.defects.length === 0 ? (
                  t("noDefects")
                ) : (
                  <ul className="flex flex-wrap gap-1.5" data-testid="item-defects">
                    {item.defects.map((d) => (
                      <li
                        key={d}
                        className="rounded-full bg-red-50 px-2.5 py-0.5 text-xs font-medium text-danger-600"
                      >
                        {label(DEFECTS, d, lang)}
                      </li>
                    ))}
                  </ul>
                )}
              </Fact>
            </dl>
          </section>

          {market && <MarketPriceCard market={market} lang={lang} />}

          <section
            aria-labelledby="shipping-title"
            className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
          >
            <h2 id="shipping-title" className="mb-1 text-base font-bold">
              {t("shipping")}
            </h2>
            <dl>
              <Fact term={t("postage")}>{label(POSTAGES, item.postage, lang)}</Fact>
              <Fact term={t("shippingMethod")}>{label(SHIPPING_METHODS, item.shippingMethod, lang)}</Fact>
              <Fact term={t("leadTime")}>{label(SHIPPING_LEAD_TIMES, item.leadTime, lang)}</Fact>
            </dl>
          </section>

          <section
            id="comments"
            aria-labelledby="comments-title"
            className="order-2 scroll-mt-20 lg:order-none"
          >
            <h2 id="comments-title" className="mb-2 text-base font-bold">
              {t("comments")} ({item.commentCount})
            </h2>
            {comments.length === 0 ? (
              <p className="text-sm text-slate-500">{t("noComments")}</p>
            ) : (
              <ul className="flex flex-col gap-3">
                {comments.map((c) => (
                  <li key={c.id} className="rounded-xl bg-white p-3 text-sm shadow-sm ring-1 ring-slate-200">
                    <p className="text-xs text-slate-500">
                      <Link to={`/${lang}/users/${c.authorId}/`} className="font-semibold text-slate-700">
                        {c.authorNickname}
                      </Link>{" "}
                      {t("separator")}
                      {formatDate(c.createdAt, lang, true)}
                    </p>
                    <p className="mt-1 whitespace-pre-wrap">{c.body}</p>
                    {viewerId !== null && viewerId !== c.authorId && (
                      <Link
                        to={reportHref("comment", c.id)}
                        className="mt-1 inline-block text-xs text-slate-500 underline"
                      >
                        {moderation("reportLink")}
                      </Link>
                    )}
                  </li>
                ))}
              </ul>
            )}
            {item.commentCount > comments.length && (
              <Link
                to={`/${lang}/items/${item.id}/comments/`}
                className="mt-2 inline-block text-sm text-brand-700 underline"
              >
                {t("seeComments")}
              </Link>
            )}
            {item.commentable &&
              (loggedIn ? (
                !blocked && (
                  <CommentForm
                    intent="comment"
                    className="mt-4"
                    defaultValue={actionData?.values?.body}
                    error={actionData?.errors?.body}
                  />
                )
              ) : (
                <Link
                  to={`/${lang}/login/?redirect=${encodeURIComponent(`/${lang}/items/${item.id}/`)}`}
                  className="mt-3 inline-block text-sm text-brand-700 underline"
                >
                  {t("loginToComment")}
                </Link>
              ))}
          </section>
        </div>
      </div>

      <SellerItems item={item} items={sellerItems} lang={lang} />

      {related.length > 0 && (
        <section aria-labelledby="related-title">
          <h2 id="related-title" className="mb-2 text-base font-bold">
            {t("related")}
          </h2>
          <ItemGrid items={related} lang={lang} label={t("related")} />
        </section>
      )}
    </article>
  );
}

/** What the seller sees on a listing trust and safety hid: the rule, the note, the case number and where to appeal. */
function HiddenNotice({
  notice,
  lang,
}: {
  notice: { caseNumber: number; reasonCode: string; note: string; appealPath: string };
  lang: "ja" | "en";
}) {
  const t = useTranslations("moderation");
  const rule = MODERATION_RULES.find((r) => r.code === notice.reasonCode);
  return (
    <section
      aria-labelledby="hidden-title"
      className="rounded-lg border border-danger-600/30 bg-red-50 p-4 text-sm text-slate-800"
      data-testid="hidden-notice"
    >
      <h2 id="hidden-title" className="font-bold text-danger-700">
        {t("hiddenNotice.title")}
      </h2>
      <p className="mt-1">{t("hiddenNotice.body")}</p>
      <dl className="mt-3 grid grid-cols-[7rem_minmax(0,1fr)] gap-x-3 gap-y-1">
        {rule && (
          <>
            <dt className="text-slate-600">{t("hiddenNotice.rule")}</dt>
            <dd>
              {t(`rules.${rule.code}.label`)}
              {lang === "ja"
                ? `（${t(`rules.${rule.code}.article`)}）`
                : ` (${t(`rules.${rule.code}.article`)})`}
            </dd>
          </>
        )}
        <dt className="text-slate-600">{t("hiddenNotice.note")}</dt>
        <dd className="whitespace-pre-wrap break-words">{notice.note}</dd>
        <dt className="text-slate-600">{t("hiddenNotice.caseNumber")}</dt>
        <dd className="tabular-nums">{notice.caseNumber}</dd>
      </dl>
      <Link
        to={`/${lang}${notice.appealPath}`}
        className="mt-3 inline-block font-semibold text-brand-700 underline"
      >
        {t("hiddenNotice.appeal")}
      </Link>
    </section>
  );
}
