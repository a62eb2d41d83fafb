/** The identity context's words: sign-up, log-in and password field labels, their errors, and the account mails. */
import type { Messages } from "../../messages.ts";

export const enIdentity: Pick<Messages, "identity"> = {
  identity: {
    fields: {
      email: "Email address",
      password: "Password",
      passwordConfirmation: "Password confirmation",
      currentPassword: "Current password",
      code: "Code",
      nickname: "Nickname",
    },
    errors: {
      currentPasswordWrong: "The current password is not correct",
      invalidCode: "The code is not correct",
      resendTooSoon: "You can resend the code in {seconds, number} seconds",
      expiredCode: "The code has expired or was entered wrongly too many times. Please start again",
      invalidLink: "This link has expired or has already been used. Please start again",
      sameEmail: "This is already your email address",
      signupNotVerified:
        "Your email address is not confirmed yet, or the confirmation has expired. Please sign up again",
      emailTaken: "This email address is already registered",
      loginFailed: "The email address or password is not correct",
      botCheckMissing:
        "We could not confirm that you are not a robot. Please turn on JavaScript and send the form again",
      botCheckFailed: "This looked like an automated request, so it was not accepted. Please try again later",
      botCheckUnavailable: "We could not check that you are not a robot just now. Please try again shortly",
    },
    freshSignIn: {
      required: "For your safety, enter your current password (not needed within 10 minutes of signing in)",
      wrong: "The password is not correct",
      signInAgain: "For your safety, sign out and sign in again, then make this change",
    },
    mail: {
      signature:
        "--\nTsugu\nThis address does not receive replies. If you did not expect this message, you can ignore it.",
      signupCode: {
        subject: "[Tsugu] Your code is {code}",
        body: "Thank you for signing up to Tsugu.\n\nYour code: {code}\n\nEnter it on the sign-up page, or open this link to continue:\n{link}\n\nThe code and the link expire in 10 minutes.",
      },
      signupExistingAccount: {
        subject: "[Tsugu] You already have an account",
        body: "Someone tried to sign up with this address, but it already has an account.\n\nLog in: {loginUrl}\nForgot your password? {resetUrl}",
      },
      passwordReset: {
        subject: "[Tsugu] Reset your password",
        body: "We received a request to reset your password.\nOpen this link to choose a new one:\n{link}\n\nThe link expires in 30 minutes.",
      },
      emailChangeCode: {
        subject: "[Tsugu] Your code is {code}",
        body: "Here is the code to confirm your new email address.\n\nYour code: {code}\n\nIt expires in 10 minutes.",
      },
      emailChanged: {
        subject: "[Tsugu] Your email address was changed",
        body: "The email address of your account was changed to {newEmail}.\nIf this was not you, please contact us at once.",
      },
      payoutDestinationChanged: {
        subject: "[Tsugu] Where your proceeds are paid was changed",
        body: "Where your proceeds are paid ({what}) was changed. To protect you from fraud, payouts to the new destination are not accepted for 24 hours after the change (until {until}).\nIf this was not you, reset your password at once and contact us.\n\n{link}",
      },
      passwordChanged: {
        subject: "[Tsugu] Your password was changed",
        body: "The password of your account was changed.\nIf this was not you, reset your password at once.",
      },
    },
  },
};
