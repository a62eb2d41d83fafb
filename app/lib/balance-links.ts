/**
 * Where a payout, a top-up or a points purchase from proceeds is shown (paths under the language
 * prefix), as the balance pages, their history and balance notifications link to them.
 */
export function payoutPath(method: string, payoutId: number): string {
  const page =
    method === "seven" ? "transfer-seven" : method === "kyash" ? "transfer-kyash" : "transfer-bank";
  return `/balance/${page}/finish/?id=${payoutId}`;
}

export function topUpPath(method: string, topUpId: number): string {
  if (method === "card") return `/balance/order-points/card/result/?id=${topUpId}`;
  return `/balance/order-points/${method === "payeasy" ? "payeasy" : "cvs"}/accepted/?id=${topUpId}`;
}

export function pointsPurchasePath(entryId: number): string {
  return `/balance/transfer-points/finish/?entry=${entryId}`;
}
