import { data } from "react-router";
import type { PayoutMethod } from "#core/money/balance/fees.ts";

const METHOD_IN_PATH = /\/balance\/transfer-(bank|seven|kyash)\//;

/** Which payout a page is about, from its path (`/ja/balance/transfer-seven/…`). */
export function payoutMethodOf(request: Request): PayoutMethod {
  const method = METHOD_IN_PATH.exec(new URL(request.url).pathname)?.[1];
  if (!method) throw data("Page not found", { status: 404 });
  return method as PayoutMethod;
}

/** The first step of a payout by `method`, under the page's language. */
export const payoutPath = (lang: string, method: PayoutMethod, step: "" | "application/" | "finish/" = "") =>
  `/${lang}/balance/transfer-${method}/${step}`;

/** A request key as the first step makes them (a UUID); anything else is not one of ours. */
export const isRequestKey = (key: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(key);
