// The top-ups' codes (spec §3).
import type { KeyedCodeEntry } from "../../shared/codes.ts";
import { msg } from "../../shared/i18n/translate.ts";

export const CONVENIENCE_STORES = [
  { code: "10001", key: "LAWSON", label: msg("codes.convenienceStore.10001") },
  { code: "10002", key: "FAMILYMART", label: msg("codes.convenienceStore.10002") },
  { code: "10005", key: "MINISTOP", label: msg("codes.convenienceStore.10005") },
  { code: "10008", key: "SEICOMART", label: msg("codes.convenienceStore.10008") },
] as const satisfies readonly KeyedCodeEntry[];
