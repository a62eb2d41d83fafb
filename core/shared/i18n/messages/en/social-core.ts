import type { Messages } from "../../messages.ts";

/** The core's words about follows, likes, comments and blocks (`social.*`, decision 020). */
export const enSocialCore: Pick<Messages, "social"> = {
  social: {
    fields: {
      body: "Comment",
      cursor: "Cursor",
      limit: "Limit",
    },
    membersOnly: "Only members can do this",
    blocked: "You cannot comment on, like, buy or follow this member's items or profile",
    blockSelf: "You cannot block yourself",
    followSelf: "You cannot follow yourself",
    followBlocked: "You have blocked this member. Unblock them before following",
    likeOwnItem: "You cannot like your own listing",
    commentsClosed: "Comments are closed for this item",
    badCursor: "The page cursor is not valid",
  },
};
