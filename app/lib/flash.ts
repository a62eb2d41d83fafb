/** Messages a redirect may leave for the snackbar; the cookie carries only one of these keys. */
export const FLASH_KEYS = [
  "login.loggedIn",
  "logout.done",
  "signup.completed",
  "signup.expired",
  "resetPassword.done",
  "settingsEmail.done",
  "changePassword.done",
  "profile.saved",
  "catalog.commentPosted",
  "catalog.commentDeleted",
  "catalog.published",
  "catalog.draftSaved",
  "catalog.saved",
  "catalog.madePrivate",
  "catalog.stopped",
  "catalog.deleted",
  "catalog.searchSaved",
  "catalog.savedSearchDeleted",
  "address.saved",
  "bank.saved",
  "sms.verified",
  "people.followed",
  "people.unfollowed",
  "people.blocked",
  "people.unblocked",
  "buying.purchased",
  "buying.shipped",
  "buying.rated",
  "buying.messageSent",
  "buying.cancelRequested",
  "buying.cancelAgreed",
  "buying.cancelRefused",
  "buying.cardAdded",
  "buying.cardRemoved",
] as const;
export type FlashKey = (typeof FLASH_KEYS)[number];

export function isFlashKey(value: unknown): value is FlashKey {
  return typeof value === "string" && (FLASH_KEYS as readonly string[]).includes(value);
}
