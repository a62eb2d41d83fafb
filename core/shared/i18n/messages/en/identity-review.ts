import type { OfficeMessages } from "../../messages.ts";

/**
 * The back office's identity-verification review: the queue of checks whose verified name is not
 * the registered one, one check beside the registered address, and the office's decision. The
 * notice the member gets is the site's (`identity-notice.ts`).
 */
export const enIdentityReview: Pick<OfficeMessages, "identityReview"> = {
  identityReview: {
    fields: {
      note: "Reason for the decision",
      reasonCode: "Reason for rejecting",
    },
    errors: {
      notInReview:
        "This identity check is not waiting for review. Another operator may have dealt with it already",
      unknownReason: "Choose a reason for rejecting",
    },
    flash: {
      approved: "The identity check was approved",
      rejected: "The identity check was rejected",
      claimed: "You are now handling this identity check",
      released: "You are no longer handling it",
    },
    reasons: {
      name_mismatch: "Name mismatch (the name on the ID document is not the registered name)",
    },
    statuses: {
      pending: "With the provider",
      review: "Waiting for review",
      verified: "Approved",
      rejected: "Rejected",
      expired: "Expired",
    },
    queue: {
      title: "Identity reviews",
      lead: "Identity checks the provider passed, but where the name on the ID document does not match the name on the member's registered address. Work from the oldest, approving or rejecting each (target: within {hours, number} hours).",
      total: "{count, number} waiting",
      empty: "No identity checks are waiting for review",
      number: "No.",
      member: "Member",
      provider: "Provider",
      submitted: "Submitted",
      age: "Waiting",
      overdue: "Past target",
      claim: "Handled by",
      claimAction: "Take it",
      unclaimed: "Unassigned",
    },
    detail: {
      back: "Back to the review queue",
      title: "Identity check {id}",
      overview: "Overview",
      member: "Member",
      memberId: "member ID {id}",
      verifiedMember: "Verified ({date})",
      provider: "Provider",
      method: "Method",
      reference: "Provider's reference",
      submitted: "Submitted",
      completed: "Decided",
      status: "Status",
      reason: "Reason",
      waiting: "Waiting for {age}",
      claimedBy: "Handled by {name}",
      release: "Let go of it",
      comparison: "Name and address compared",
      comparisonLead:
        "What the provider read from the ID document, beside the name and address the member registered.",
      verifiedColumn: "ID document (the provider's result)",
      registeredColumn: "Registered address",
      item: "Field",
      name: "Name",
      nameKana: "Name in kana",
      address: "Address",
      birthDate: "Date of birth",
      occupation: "Occupation",
      none: "Not registered",
      noFacts: "No result from the provider",
      result: "Comparison",
      wholeName: "Whole name",
      familyName: "Family name",
      givenName: "Given name",
      match: "Match",
      mismatch: "Mismatch",
      masked:
        "Personal data is masked (you do not hold pii:read). The comparison was made on the full values.",
      shownInFull: "Personal data is shown in full. This view has been recorded in the audit log.",
      decide: "Decision",
      approveTitle: "Approve",
      approveHint:
        "When the name on the document is confirmed to be the member's own (a new family name after marriage, for example). The member becomes verified.",
      approve: "Approve",
      rejectTitle: "Reject",
      rejectHint: "The member sees the reason and can verify again after correcting their details.",
      reject: "Reject",
      noteHint: "Up to 500 characters. Kept in the audit log (not shown to the member).",
      closed: "This identity check is not waiting for review, so it cannot be decided.",
      decision: "Outcome of the review",
      decidedBy: "Decided by {name} on {date}",
      decisionNote: "Reason for the decision",
      actions: {
        "identity:approve": "Approved",
        "identity:reject": "Rejected",
      },
    },
  },
};
