import type { VerifiedFacts } from "./identity-provider.ts";

/**
 * Reason codes the office gives when it rejects a check it reviewed (the provider's own codes are
 * `IDENTITY_REJECTION_REASONS`). The member reads them on the identification page.
 */
export const IDENTITY_OFFICE_REJECTION_REASONS = ["name_mismatch"] as const;
export type IdentityOfficeRejectionReason = (typeof IDENTITY_OFFICE_REJECTION_REASONS)[number];

/** The office's note on its decision, kept in the audit log: 1–500 characters. */
export const IDENTITY_REVIEW_NOTE_MAX = 500;

/** The name a member registered: the family and given names of their default address. */
export type RegisteredName = { familyName: string; givenName: string };

/**
 * A name as compared: NFKC (full-width letters and half-width kana become one form) with every
 * space removed, full-width spaces included, so "山田 花子", "山田　花子" and "山田花子" are one name.
 */
export function comparableName(name: string): string {
  return name.normalize("NFKC").replace(/\s+/gu, "");
}

/** Do the provider's verified name and the name the member registered say the same? */
export function sameName(verified: string, registered: RegisteredName): boolean {
  return comparableName(verified) === comparableName(`${registered.familyName}${registered.givenName}`);
}

/**
 * The rule that sends a check the provider passed to the office instead of verifying the member:
 * the member registered a name (on their default address) and the document's name is another.
 * A member with no address yet has nothing to compare, and is verified as the provider says.
 */
export function needsOfficeReview(facts: VerifiedFacts | null, registered: RegisteredName | null): boolean {
  if (!facts || !registered) return false;
  return !sameName(facts.name, registered);
}
