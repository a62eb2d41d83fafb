import { z } from "zod";
import type { Message } from "../../shared/i18n/translate.ts";
import { msg } from "../../shared/i18n/translate.ts";
import { toHalfWidthDigits } from "../../shared/validation/characters.ts";
import { maxValue, minValue, numeric, required } from "../../shared/validation/rules.ts";

/** Field names in the balance's forms, as messages say them. */
export const BALANCE_FIELD_LABELS: Record<string, Message> = {
  amount: msg("balance.fields.amount"),
  store: msg("balance.fields.store"),
  method: msg("balance.fields.method"),
  cardId: msg("balance.fields.card"),
  accountId: msg("balance.fields.kyashAccount"),
  reason: msg("balance.fields.reason"),
  expiresInDays: msg("balance.fields.expiresInDays"),
};

/**
 * An amount of yen as people type it (「3,000」「３０００円」「¥3000」) as plain digits: full-width
 * digits become ASCII and separators and currency marks are dropped. The one reading of a typed
 * amount: the forms' rules and the pages' running totals both start from it.
 */
function yenDigits(typed: string): string {
  return toHalfWidthDigits(typed.trim()).replace(/[,，\s\u3000¥￥円]/g, "");
}

/** A typed amount as whole yen for a running total while it is typed; null if it is not one. */
export function typedYen(typed: string): number | null {
  const digits = yenDigits(typed);
  return /^\d{1,9}$/.test(digits) ? Number(digits) : null;
}

/** A form's amount of yen: read as people type it (`yenDigits`), checked, answered as a number. */
export function yenField(min: number, max: number) {
  return z
    .union([z.string(), z.number()])
    .nullish()
    .transform((value) => (typeof value === "number" ? String(value) : yenDigits(value ?? "")))
    .pipe(z.string().check(required(), numeric(), minValue(min), maxValue(max)))
    .transform(Number);
}

/** Proceeds turned into points: any whole yen up to the proceeds (the core checks those). */
export const ZTransferPoints = z.object({ amount: yenField(1, 9_999_999) });
