import type { Messages } from "../../messages.ts";

/** The back office's reset of a member's two-step verification: the form, its errors and the member's mail. */
export const enTwoStepReset: Pick<Messages, "twoStepReset"> = {
  twoStepReset: {
    title: "Reset two-step verification",
    lead: "Removes the authenticator app, SMS codes and backup codes, and signs the member out on every device. Do this only once you have confirmed it is really the member. They are told by email.",
    status: "Now: {state}",
    on: "On ({methods})",
    off: "Off",
    totp: "authenticator app",
    sms: "SMS",
    recoveryCodes: "{count, plural, one {# backup code} other {# backup codes}}",
    reason: "Reason",
    reasonHint:
      "How the member's identity was confirmed and the inquiry number, so the case can be followed later.",
    submit: "Reset two-step verification",
    done: "Two-step verification was reset and the member was signed out on every device",
    errors: {
      self: "You cannot reset your own two-step verification. Please ask another staff member",
      staffByAdmin: "Only an admin can reset the two-step verification of a staff account",
      notOn: "This member does not use two-step verification, so there is nothing to reset",
    },
    mail: {
      subject: "[Tsugu] Your two-step verification was reset",
      body: "At your request, Tsugu support reset the two-step verification of your account. The authenticator app, SMS codes and backup codes were removed, and you were signed out on every device.\n\nYou can now log in with your email address and password. For your safety, please set up two-step verification again after logging in.\n{url}\n\nIf you did not ask for this, change your password at once and contact us through the inquiry form.",
    },
  },
};
