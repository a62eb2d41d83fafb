import type { Locale } from "#core/shared/locale.ts";

// The voucher top-up pages' addresses (`/balance/order-points/{cvs|payeasy}/`, `application/`,
// `accepted/?id=`), for the loaders and the components alike.

type Method = "cvs" | "payeasy";

export const orderPointsPath = (lang: Locale, method: Method, rest = "") =>
  `/${lang}/balance/order-points/${method}/${rest}`;

export const acceptedPath = (lang: Locale, method: Method, id: number) =>
  orderPointsPath(lang, method, `accepted/?id=${id}`);

/** The form's fields as typed: the store, a quick pick (`preset`, or "other") and the amount typed. */
export type TopUpValues = { store: string; preset: string; amount: string };
export const TOP_UP_FIELDS = ["store", "preset", "amount"] as const;

/** The values as a query string, to carry them between the steps. */
export function topUpQuery(v: Partial<TopUpValues>): string {
  const q = new URLSearchParams();
  for (const name of TOP_UP_FIELDS) if (v[name]) q.set(name, v[name]);
  const s = q.toString();
  return s ? `?${s}` : "";
}
