import { SHIPPING_METHOD } from "../catalog/codes.ts";
import { type Message, msg } from "../shared/i18n/translate.ts";

/**
 * Whose number a seller types for a shipping method: 宅急便 is Yamato's, the post's methods (ゆうメール,
 * レターパック, 定形・定形外, ゆうパック, クリックポスト, ゆうパケット, ゆうゆうTsugu便) are Japan Post's, and
 * "undecided" may be any carrier. The courier integration (らくらくTsugu便) issues its own invoice.
 */
export type Carrier = "yamato" | "japan_post" | "any";

const JAPAN_POST_METHODS: readonly string[] = [
  SHIPPING_METHOD.TSUGU_DELIVERY,
  SHIPPING_METHOD.MAIL,
  SHIPPING_METHOD.LETTER_PACK,
  SHIPPING_METHOD.REGULAR_POST,
  SHIPPING_METHOD.POST_PARCEL,
  SHIPPING_METHOD.CLICK_POST,
  SHIPPING_METHOD.PACKET,
];

/**
 * The carriers a seller can name for a parcel they send themselves when the listing left the
 * method open ("undecided"): the tracking number is then checked, and linked, as that carrier's.
 */
export const SELLER_CARRIERS = ["yamato", "japan_post", "sagawa"] as const;
export type SellerCarrier = (typeof SELLER_CARRIERS)[number];

/** The carrier whose tracking number a shipping method takes; null when the courier integration issues one. */
export function carrierOf(shippingMethod: string): Carrier | null {
  if (shippingMethod === SHIPPING_METHOD.EASY_DELIVERY) return null;
  if (shippingMethod === SHIPPING_METHOD.PARCEL) return "yamato";
  if (JAPAN_POST_METHODS.includes(shippingMethod)) return "japan_post";
  return "any";
}

/** Spaces and every dash a keyboard or a copied receipt may put between the groups of a number. */
const SEPARATORS = /[\s\-‐‑‒–—―−ー－ｰ_.]/gu;

/**
 * A tracking number as people type it, made plain: full-width digits and letters to half width,
 * spaces and hyphens out, letters in capitals ("１２３４－５６７８ ９０１２" → "123456789012").
 */
export function normalizeTrackingNumber(raw: string): string {
  return raw.normalize("NFKC").replace(SEPARATORS, "").toUpperCase();
}

/**
 * The check digit of a 12-digit Yamato, Sagawa or Japan Post number (7DR): the first eleven digits,
 * read as one number, modulo 7.
 */
export function sevenCheckDigit(body: string): number {
  let rest = 0;
  for (const digit of body) rest = (rest * 10 + Number(digit)) % 7;
  return rest;
}

/** An international (UPU S10) item number, "EA123456789JP": 8 digits, a mod-11 check digit. */
const S10 = /^[A-Z]{2}(\d{8})(\d)[A-Z]{2}$/;
const S10_WEIGHTS = [8, 6, 4, 2, 3, 5, 9, 7];

function s10Valid(number: string): boolean {
  const m = S10.exec(number);
  if (!m) return false;
  const sum = [...m[1]!].reduce((total, d, i) => total + Number(d) * S10_WEIGHTS[i]!, 0);
  const check = 11 - (sum % 11);
  return (check === 10 ? 0 : check === 11 ? 5 : check) === Number(m[2]);
}

const sevenValid = (digits: string) => sevenCheckDigit(digits.slice(0, 11)) === Number(digits[11]);

const TRACKING_MESSAGES = {
  yamato: msg("trading.errors.tracking.yamato"),
  japan_post: msg("trading.errors.tracking.japanPost"),
  sagawa: msg("trading.errors.tracking.sagawa"),
  any: msg("trading.errors.tracking.any"),
  checkDigit: msg("trading.errors.tracking.checkDigit"),
} as const;

/** What the field's hint says each carrier's number looks like. */
export const TRACKING_HINTS: Record<Carrier | "sagawa", Message> = {
  yamato: msg("trading.trackingHints.yamato"),
  japan_post: msg("trading.trackingHints.japanPost"),
  sagawa: msg("trading.trackingHints.sagawa"),
  any: msg("trading.trackingHints.any"),
};

/**
 * Whose number the seller types: the shipping method's carrier, or for an undecided method the
 * carrier the seller named (any carrier while they have not).
 */
export function trackingCarrier(shippingMethod: string, named?: string | null): Carrier | "sagawa" {
  const carrier = carrierOf(shippingMethod) ?? "any";
  if (carrier !== "any") return carrier;
  return SELLER_CARRIERS.find((c) => c === named) ?? "any";
}

export type TrackingCheck = { ok: true; value: string } | { ok: false; message: Message };

/**
 * Checks a tracking number against the shape of the shipping method's carrier, on the server and as
 * the seller types. Empty is fine (the number is optional); otherwise the answer is the plain number
 * to keep, or what is wrong with it in the carrier's terms:
 * - Yamato (宅急便): 12 digits whose last is the 7DR check digit;
 * - Japan Post: 11 to 13 digits (12-digit ones carry the 7DR check digit), or an international
 *   number such as EA123456789JP with its S10 check digit;
 * - Sagawa (named by the seller of an undecided method): 12 digits with the 7DR check digit;
 * - any carrier (shipping undecided, no carrier named): 10 to 13 digits, or an international number.
 */
export function checkTrackingNumber(
  shippingMethod: string,
  raw: string,
  named?: string | null,
): TrackingCheck {
  const value = normalizeTrackingNumber(raw);
  if (value === "") return { ok: true, value };
  const carrier = trackingCarrier(shippingMethod, named);
  const digits = /^\d+$/.test(value);
  const shapeOk =
    carrier === "yamato" || carrier === "sagawa"
      ? digits && value.length === 12
      : carrier === "japan_post"
        ? (digits && value.length >= 11 && value.length <= 13) || S10.test(value)
        : (digits && value.length >= 10 && value.length <= 13) || S10.test(value);
  if (!shapeOk) return { ok: false, message: TRACKING_MESSAGES[carrier] };
  const checked =
    carrier === "any"
      ? !S10.test(value) || s10Valid(value)
      : digits
        ? value.length !== 12 || sevenValid(value)
        : s10Valid(value);
  if (!checked) return { ok: false, message: TRACKING_MESSAGES.checkDigit };
  return { ok: true, value };
}

/** A plain tracking number as printed on the slip: 12 digits in groups of four (1234-5678-9012). */
export function formatTrackingNumber(value: string): string {
  return /^\d{12}$/.test(value) ? value.replace(/^(\d{4})(\d{4})(\d{4})$/, "$1-$2-$3") : value;
}

/** A carrier's public tracking page for one number. */
export type TrackingLink = { carrier: "yamato" | "japan_post" | "sagawa"; url: string };

const TRACKING_PAGES: Record<TrackingLink["carrier"], (number: string) => string> = {
  yamato: (n) => `https://toi.kuronekoyamato.co.jp/cgi-bin/tneko?number00=1&number01=${n}`,
  japan_post: (n) =>
    `https://trackings.post.japanpost.jp/services/srv/search/direct?reqCodeNo1=${n}&locale=ja`,
  sagawa: (n) => `https://k2k.sagawa-exp.co.jp/p/web/okurijosearch.do?okurijoNo=${n}`,
};

/**
 * Where the buyer follows a parcel: the carrier's own tracking page, built from the number (never
 * scraped). The courier integration's invoices are Yamato's; an undecided method links to the
 * carrier the seller named, or, when they named none, to each carrier using numbers of that shape.
 */
export function trackingLinks(
  shippingMethod: string,
  number: string | null,
  named?: string | null,
): TrackingLink[] {
  const plain = number ? normalizeTrackingNumber(number) : "";
  if (!/^[0-9A-Z]{8,20}$/.test(plain)) return [];
  const carrier = carrierOf(shippingMethod) === null ? "yamato" : trackingCarrier(shippingMethod, named);
  const carriers: TrackingLink["carrier"][] =
    carrier === "any"
      ? /^\d{12}$/.test(plain)
        ? ["yamato", "japan_post", "sagawa"]
        : ["japan_post"]
      : [carrier];
  return carriers.map((c) => ({ carrier: c, url: TRACKING_PAGES[c](plain) }));
}
