import { z } from "zod";
import { toHalfWidthDigits } from "./characters.ts";
import type { Rule } from "./issues.ts";

/**
 * A field of digits people type with hyphens and spaces (「123-4567」「〒１００－０００１」「０９０－１２３４－５６７８」):
 * full-width digits and dashes become ASCII and separators are dropped before the rules run, so the
 * output is digits only, the form every other part of the product compares and stores.
 */
export function digitsField(...rules: Rule<string>[]) {
  return z
    .string()
    .nullish()
    .transform((value) =>
      toHalfWidthDigits((value ?? "").trim())
        .replace(/^〒/, "")
        .replace(/[-\s\u3000]/g, ""),
    )
    .pipe(z.string().check(...rules));
}
