import type { SiteMessages } from "../../messages.ts";

/** What a member is told of the review of their identity (see `ja/identity-notice.ts`). */
export const enIdentityNotice: Pick<SiteMessages, "identityReview"> = {
  identityReview: {
    notice: {
      verified: "Your identity has been verified",
      rejected: "Your identity could not be verified. See the reason on the identity verification page",
    },
  },
};
