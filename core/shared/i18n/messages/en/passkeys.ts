import type { Messages } from "../../messages.ts";

/** Passkeys: the settings page, signing in with one, and their errors. */
export const enPasskeys: Pick<Messages, "passkeys"> = {
  passkeys: {
    title: "Passkeys",
    menu: "Passkeys",
    lead: "With a passkey you sign in without a password, with your fingerprint, face or screen lock. Passkeys are kept on your device or in your password manager and work only on Tsugu, so they also protect you from phishing.",
    add: "Create a passkey",
    adding: "Creating the passkey…",
    none: "You have no passkeys yet.",
    created: "Created",
    lastUsed: "Last used",
    neverUsed: "Not used yet",
    synced: "Synced",
    syncedHint: "Works on your other devices with the same account",
    deviceOnly: "This device only",
    remove: "Remove",
    added: "Passkey created. Next time you can sign in with it",
    removed: "The passkey was removed",
    unsupported: "This browser does not support passkeys. Try another browser or device",
    cancelled: "Creating the passkey was cancelled",
    failed: "The passkey could not be created. Please try again",
    recentOnly: "Passkeys can be removed only within 10 minutes of signing in.",
    signInAgain: "Sign in again",
    confirmRemove: {
      title: "Remove this passkey?",
      body: "You will no longer be able to sign in with “{name}”. Remove it from your device or password manager as well.",
      confirm: "Remove",
    },
    login: {
      button: "Sign in with a passkey",
      failed: "Signing in with the passkey did not work. Please try again",
      cancelled: "Signing in with a passkey was cancelled",
    },
    mail: {
      added: {
        subject: "[Tsugu] A passkey was added to your account",
        body: "A new passkey, “{name}”, was added to your account. You can now also sign in with it.\n\nIf this was you, there is nothing to do.\nIf it was not, remove the passkey on the page below and change your password at once.\n{link}",
      },
      removed: {
        subject: "[Tsugu] A passkey was removed from your account",
        body: "The passkey “{name}” was removed from your account. It no longer signs you in.\n\nIf this was you, there is nothing to do.\nIf it was not, change your password at once and check the devices signed in to your account.\n{link}",
      },
    },
    errors: {
      notVerified: "The passkey could not be verified. Please try again",
      expired: "The passkey check has expired or was already used. Please try again",
      notFound: "This passkey was not found. It may have been removed already",
      unknown: "This passkey is not registered with Tsugu. Sign in with your email address and password",
      malformed: "The passkey's answer is not in the expected form",
      tooMany: "You can have up to {max, number} passkeys. Remove one you no longer use first",
      alreadyRegistered: "This passkey is already registered",
      lastWayIn:
        "You have no password, so your last passkey cannot be removed. Set a password or create another passkey first",
      signInAgain:
        "For your safety, passkeys can be removed only within 10 minutes of signing in. Please sign in again",
    },
  },
};
