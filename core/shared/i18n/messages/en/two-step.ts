/** Two-step verification: the settings page, the sign-in's second step, their errors and the SMS. */
import type { Messages } from "../../messages.ts";

export const enTwoStep: Pick<Messages, "twoStep"> = {
  twoStep: {
    errors: {
      invalidCode:
        "That code is not right. Enter the latest code from your authenticator app, or a backup code",
      ticketExpired: "The verification expired or too many codes were tried. Please log in again",
      alreadyOn:
        "An authenticator app is already set up. To set it up again, turn two-step verification off first",
      noEnrolment:
        "No authenticator app is being set up. Please start again with “Set up an authenticator app”",
      noPhone: "To receive codes by SMS, verify your phone number first",
      notOn: "Two-step verification is off, so there are no backup codes to issue",
      smsNotOn: "This account does not receive sign-in codes by SMS",
    },
    sms: {
      code: "[Tsugu] Your sign-in code: {code}\nIt expires in 10 minutes. Never share this code with anyone.",
    },
    login: {
      title: "Two-step verification",
      lead: "Enter the 6-digit code shown in your authenticator app.",
      leadSmsOnly: "Get a code by SMS and enter it.",
      code: "Code",
      submit: "Verify and log in",
      sendSms: "Send me a code by SMS",
      smsSent: "We texted a code to {phone}. It expires in 10 minutes.",
      useRecovery: "Use a backup code",
      recoveryCode: "Backup code",
      recoveryHint:
        "Cannot use your authenticator app? Enter one of the backup codes (10 characters) you saved when you set up two-step verification.",
      back: "Back to log in",
    },
    settings: {
      title: "Two-step verification",
      lead: "When you log in, a code from an authenticator app or by SMS is asked for besides your password, so that nobody else can take over your account.",
      operatorRequired: "Staff accounts must set up two-step verification before using the back office.",
      status: "Status",
      on: "On",
      off: "Off",
      totp: "Authenticator app",
      totpOn: "Set up",
      totpOff: "Not set up",
      sms: "SMS",
      smsOn: "Codes sent to {phone}",
      smsOff: "Not used",
      smsNeedsPhone: "To receive codes by SMS, first <link>verify your phone number</link>.",
      recoveryLeft: "Unused backup codes: {count, number}",
      startTotp: "Set up an authenticator app",
      enrolTitle: "Set up an authenticator app",
      enrolStep1:
        "Scan this QR code with an authenticator app such as Google Authenticator or Microsoft Authenticator.",
      enrolLink: "Open in an authenticator app on this phone",
      enrolManual: "If you cannot scan the QR code, enter this key in your authenticator app (time-based).",
      secretLabel: "Setup key",
      enrolStep2: "Enter the 6-digit code your authenticator app shows.",
      code: "Code",
      continue: "Continue",
      confirm: "Verify and finish",
      qrAlt: "QR code for your authenticator app",
      enableSms: "Also receive codes by SMS",
      totpDone: "Your authenticator app is set up. Two-step verification is on",
      smsDone: "You will receive codes by SMS. Two-step verification is on",
      codesTitle: "Backup codes",
      codesLead:
        "Use these instead of a code if you cannot use your authenticator app or phone. Each code works once. They are shown only now: print them or keep them somewhere safe.",
      print: "Print",
      codesSaved: "I have saved them",
      regenerate: "Make new backup codes",
      regenerateHint: "Your earlier backup codes stop working.",
      regenerated: "New backup codes were issued",
      turnOffTitle: "Turn off two-step verification",
      turnOffLead:
        "Logging in will need only your password. Your authenticator app setup and backup codes are deleted.",
      currentPassword: "Current password",
      turnOff: "Turn off",
      turnedOff: "Two-step verification is off",
    },
  },
};
