import { z } from "zod";
import { FIELD_LABELS as IDENTITY_LABELS, ZCode, ZEmail } from "../identity/fields.ts";
import { type Message, msg } from "../shared/i18n/translate.ts";
import { toHalfWidthDigits } from "../shared/validation/characters.ts";
import { maxLength, phone, printSafeText, required, text } from "../shared/validation/index.ts";

// The rules of the buyer accounts' forms: the pages show the limits, the core and the API check them.

/** Field labels for validation messages, by field name. */
export const BUYER_LABELS: Record<string, Message> = {
  email: IDENTITY_LABELS.email!,
  code: IDENTITY_LABELS.code!,
  name: msg("buybackBuyer.fields.name"),
  companyName: msg("buybackBuyer.fields.companyName"),
};

export const COMPANY_LABELS: Record<string, Message> = {
  name: msg("buybackOffice.companies.fields.name"),
  invoiceNumber: msg("buybackOffice.companies.fields.invoiceNumber"),
  address: msg("buybackOffice.companies.fields.address"),
  phone: msg("buybackOffice.companies.fields.phone"),
  dealerLicence: msg("buybackOffice.companies.fields.dealerLicence"),
  email: IDENTITY_LABELS.email!,
};

/** The person's name as the portal shows it (the account's user name). */
const ZBuyerName = text(required(), maxLength(40), printSafeText());
const ZCompanyName = text(required(), maxLength(100), printSafeText());

export const ZBuyerLoginCode = z.object({ email: ZEmail });
export const ZBuyerLogIn = z.object({ email: ZEmail, code: ZCode });
export const ZBuyerSignupName = z.object({ name: ZBuyerName });
export const ZBuyerSignupCode = z.object({ code: ZCode });
export const ZBuyerAccount = z.object({ companyName: ZCompanyName, name: ZBuyerName, email: ZEmail });
export const ZInviteBuyer = z.object({ email: ZEmail });

/** Full-width digits and letters as half-width, hyphens and spaces dropped: 0３-1234-5678 → 0312345678. */
function compact(value: string | null | undefined): string {
  return toHalfWidthDigits((value ?? "").normalize("NFKC"))
    .replace(/[-\s]/g, "")
    .toUpperCase();
}

/**
 * A qualified invoice issuer's registration number (適格請求書発行事業者登録番号): T and 13 digits.
 * Optional: a buyer that is not a registered issuer has none.
 */
const ZInvoiceNumber = z
  .string()
  .nullish()
  .transform(compact)
  .pipe(
    z.string().refine((v) => v === "" || /^T\d{13}$/.test(v), {
      params: { message: msg("buybackOffice.companies.errors.invoiceNumber") },
    }),
  );

const ZCompanyPhone = z.string().nullish().transform(compact).pipe(z.string().check(required(), phone()));

/** A buyer company as operators keep it. */
export const ZBuyerCompany = z.object({
  name: ZCompanyName,
  invoiceNumber: ZInvoiceNumber,
  address: text(required(), maxLength(200), printSafeText()),
  phone: ZCompanyPhone,
  /** The secondhand dealer licence: the issuing public safety commission and its number. */
  dealerLicence: text(required(), maxLength(100), printSafeText()),
});
