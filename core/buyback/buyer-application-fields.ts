import { z } from "zod";
import { codeField } from "../account/fields.ts";
import { CATEGORIES } from "../catalog/codes.ts";
import { ZEmail } from "../identity/fields.ts";
import { codesOf, PREFECTURES } from "../shared/codes.ts";
import { type Message, msg } from "../shared/i18n/translate.ts";
import { toHalfWidthDigits } from "../shared/validation/characters.ts";
import { maxLength, phone, printSafeText, required, text } from "../shared/validation/index.ts";

// The rules of a company's application to become a business buyer, in a module the browser can
// load: the sign-up page checks each field as it is filled in with the rules the core checks with.

/** Expected devices a month, as ranges: what the application asks, not a commitment. */
export const MONTHLY_VOLUMES = ["under10", "10to49", "50to199", "200plus"] as const;

/** The categories a buyer may say it buys: the buyback's (the catalogue's categories). */
export const APPLICATION_CATEGORIES = codesOf(CATEGORIES);

export const APPLICATION_LABELS: Record<string, Message> = {
  companyName: msg("buyerApplication.fields.companyName"),
  licenceNumber: msg("buyerApplication.fields.licenceNumber"),
  licenceCommission: msg("buyerApplication.fields.licenceCommission"),
  address: msg("buyerApplication.fields.address"),
  contactName: msg("buyerApplication.fields.contactName"),
  email: msg("buyerApplication.fields.email"),
  phone: msg("buyerApplication.fields.phone"),
  monthlyVolume: msg("buyerApplication.fields.monthlyVolume"),
  categories: msg("buyerApplication.fields.categories"),
};

/**
 * A secondhand dealer licence number (古物商許可番号) is 12 digits. Typed as the licence shows it
 * (第301010000001号), with full-width digits, spaces or hyphens, it is kept as the digits alone.
 */
const ZLicenceNumber = z
  .string()
  .nullish()
  .transform((v) =>
    toHalfWidthDigits((v ?? "").normalize("NFKC"))
      .replace(/[第号\s-]/g, "")
      .trim(),
  )
  .pipe(
    z
      .string()
      .check(required())
      .refine((v) => v === "" || /^\d{12}$/.test(v), {
        params: { message: msg("buyerApplication.errors.licenceNumber") },
      }),
  );

/** At least one category, each a buyback category; one checkbox sends a string, several a list. */
const ZCategories = z
  .union([z.string(), z.array(z.string())])
  .nullish()
  .transform((v) =>
    (v == null ? [] : Array.isArray(v) ? v : v.split(",")).map((c) => c.trim()).filter(Boolean),
  )
  .pipe(
    z
      .array(z.string())
      .refine((list) => list.length > 0, { params: { message: msg("buyerApplication.errors.categories") } })
      .refine((list) => list.every((c) => (APPLICATION_CATEGORIES as readonly string[]).includes(c)), {
        params: { message: msg("buyerApplication.errors.categories") },
      })
      .transform((list) => APPLICATION_CATEGORIES.filter((c) => list.includes(c))),
  );

/** What a company sends to apply. */
export const ZBuyerApplication = z.object({
  companyName: text(required(), maxLength(100), printSafeText()),
  licenceNumber: ZLicenceNumber,
  licenceCommission: codeField(codesOf(PREFECTURES)),
  address: text(required(), maxLength(200), printSafeText()),
  contactName: text(required(), maxLength(40), printSafeText()),
  email: ZEmail,
  phone: text(required(), phone()).transform((v) => v.replace(/-/g, "")),
  monthlyVolume: codeField(MONTHLY_VOLUMES),
  categories: ZCategories,
});

/** The operator's reason for declining, mailed to the company as written. */
export const ZDeclineApplication = z.object({ reason: text(required(), maxLength(1000)) });
export const DECLINE_LABELS: Record<string, Message> = {
  reason: msg("buyerApplication.fields.declineReason"),
};
