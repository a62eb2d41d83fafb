import { tokyoNow } from "../shared/validation/tokyo-clock.ts";

// What the ledger page shows and the CSV export writes alike, with nothing of the export's server
// code (the CSV writer, streams), so the page's browser code stays free of it.

/**
 * The columns of the dealer ledger, in the order of the official form (古物営業法施行規則
 * 別記様式第15号): 取引年月日, 区分, 品目, 数量, 特徴, the other party's 住所・氏名・職業・年齢 (one
 * column each, in the form's order) and 確認方法; then what we paid and our own ids.
 */
export const DEALER_LEDGER_COLUMNS = [
  "tradedOn",
  "kind",
  "itemName",
  "quantity",
  "features",
  "sellerAddress",
  "sellerName",
  "sellerOccupation",
  "sellerAge",
  "verificationMethod",
  "amount",
  "id",
  "buybackItemId",
  "userId",
  "identityCheckId",
] as const;

/** The Tokyo day of an instant, `YYYY-MM-DD`. */
export const tradedOn = (at: Date) => tokyoNow(at).date;
