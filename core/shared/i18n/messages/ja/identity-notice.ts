/**
 * What a member is told of the review of their identity, on their notifications page. The rest of
 * `identityReview` is the back office's (`identity-review.ts`), loaded in the browser by its pages only.
 */
export const jaIdentityNotice = {
  identityReview: {
    notice: {
      verified: "本人確認が完了しました",
      rejected: "本人確認ができませんでした。本人確認の画面で理由をご確認ください",
    },
  },
} as const;
