import type { Locale } from "../shared/locale.ts";

export type IdentityCheckStatus = "pending" | "verified" | "rejected" | "expired";

/** Reason codes a provider reports for a rejected or expired check; others read as "could not verify". */
export const IDENTITY_REJECTION_REASONS = [
  "document_unreadable",
  "face_mismatch",
  "document_expired",
] as const;

/** What the provider confirmed about the person (Secondhand Articles Dealer Act: name, address, age, occupation). */
export type VerifiedFacts = {
  name: string;
  address: string;
  /** YYYY-MM-DD */
  birthDate: string;
  occupation: string;
};

/** A submitted image, kept in our private blob store; the provider reads it from there. */
export type IdentityDocument = { kind: "id_front" | "selfie"; key: string };

export type StartCheckInput = {
  documents: IdentityDocument[];
  /** What the member declared, which the provider's reviewer compares with the document. */
  applicant: { name?: string; address?: string };
  /** The provider sends the person back to one of these with `?reference=…` appended. */
  returnUrls: { success: string; error: string };
  locale: Locale;
};

export type CheckResult = {
  status: IdentityCheckStatus;
  facts: VerifiedFacts | null;
  /** A provider's reason code when rejected or expired, e.g. "document_unreadable". */
  reason: string | null;
  completedAt: Date | null;
};

/**
 * A hosted identity-verification (eKYC) service: we hand it the documents, send the person to its
 * page, and afterwards ask it for the result by reference. A redirect back from its page proves
 * nothing by itself; only `getResult` does.
 */
export type IdentityProvider = {
  readonly name: string;
  readonly kind: "sandbox" | "live";
  /** The legal method the provider performs (Act enforcement rule art. 15, item 1 (ho)). */
  readonly method: "ekyc-photo-id-selfie";
  startCheck(input: StartCheckInput): Promise<{ reference: string; redirectUrl: string; expiresAt: Date }>;
  getResult(reference: string): Promise<CheckResult | null>;
  /**
   * A live provider's result callback: the check's reference when the signature is the provider's,
   * else null. The callback only says "look again"; the result is always read with `getResult`.
   */
  verifyCallback?(headers: Record<string, string>, body: string): string | null;
  /** The provider sends members back without the reference: their newest check is meant. */
  readonly backWithoutReference?: boolean;
  /**
   * The provider photographs the document and the face on its own page: nothing is uploaded to us
   * first, and we keep no copy of either (the provider holds what the dealer ledger needs).
   */
  readonly capturesDocuments?: boolean;
};
