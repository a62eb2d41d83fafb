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
 * An amount of yen as people type it (「3,000」「３０００円」「¥3000」): full-width digits become
 * ASCII and separators and currency marks are dropped before the rules run; answers a number.
 */
export function yenField(min: number, max: number) {
  return z
    .union([z.string(), z.number()])
    .nullish()
    .transform((value) =>
      typeof value === "number"
        ? String(value)
        : toHalfWidthDigits((value ?? "").trim()).replace(/[,，\s\u3000¥￥円]/g, ""),
    )
    .pipe(z.string().check(required(), numeric(), minValue(min), maxValue(max)))
    .transform(Number);
}

/** Proceeds turned into points: any whole yen up to the proceeds (the core checks those). */
export const ZTransferPoints = z.object({ amount: yenField(1, 9_999_999) });
