import type { Messages } from "../../messages.ts";

export const enBuybackBuyer: Pick<Messages, "buybackBuyer"> = {
  buybackBuyer: {
    layout: {
      navLabel: "Buyer menu",
      nav: {
        deliveries: "Deliveries",
        products: "Products",
        bids: "Bid prices",
        account: "Account settings",
      },
    },
    fields: {
      name: "User name",
      companyName: "Company name",
    },
    errors: {
      invitationClosed:
        "This invitation link can no longer be used. Ask your contact to send the invitation again",
      signupNotStarted: "The code has expired. Please enter your name again to get a new one",
    },
    flash: {
      loggedIn: "You are logged in",
      loggedOut: "You are logged out",
      saved: "Your account settings are saved",
      setupDone: "Your account is set up",
      emailChanged: "Your email address is changed",
      registered: "You are registered. Please check your account settings",
    },
    login: {
      title: "Business buyer login",
      lead: "The login for business buyers of the buyback service. You log in with a code sent to your registered email address.",
      email: "Email address",
      sendCode: "Send code",
      resendCode: "Send a new code",
      codeSent:
        "If {email} is a registered address, a 6-digit code has been sent to it. The code expires in 10 minutes.",
      code: "Code",
      codeHint: "The 6 digits in the email",
      keep: "Keep me logged in",
      submit: "Log in",
      agreement:
        "By logging in you agree to the <terms>Terms of service</terms> and the <privacy>Privacy policy</privacy>.",
      subsidy: "Use outside the manufacturing subsidy programme (monozukuri subsidy) is prohibited.",
      apply: "Apply to buy as a company",
      members: "Personal customers log in here",
    },
    signup: {
      title: "Business buyer registration",
      invited: "You are invited to join {companyName} as a buyer.",
      company: "Company",
      email: "Email address",
      nameHint: "The name the buyer portal shows (up to 40 characters)",
      sendCode: "Send code",
      codeTitle: "Enter your code",
      codeSent: "We sent a 6-digit code to {email}. It expires in 10 minutes.",
      code: "Code",
      verify: "Register",
      restart: "Back to your name",
      invalid: {
        title: "Invitation link not found",
        body: "The link is not correct, or the invitation was withdrawn. Open the link in the email again, or ask your contact.",
      },
      expired: {
        title: "This invitation link has expired",
        body: "Invitation links work for 7 days. Ask your contact to send the invitation again.",
      },
      used: {
        title: "This invitation link has been used",
        body: "The registration from this link is complete. Log in with the email address you registered.",
        login: "Go to login",
      },
    },
    account: {
      title: "Account settings",
      setupTitle: "Set up your account",
      setupLead: "First, check your company name, user name and email address, then save them.",
      email: "Email address",
      emailHint: "If you change it, we send a code to the new address.",
      save: "Save",
      codeTitle: "Confirm your new email address",
      codeSent: "We sent a 6-digit code to {email}. Enter it to change your email address.",
      code: "Code",
      verify: "Change",
      cancel: "Keep the current email address",
    },
    mail: {
      loginCode: {
        subject: "[Tsugu Buyback] Your login code is {code}",
        body: "Here is your code to log in to the business buyer portal.\n\nYour code: {code}\n\nIt expires in 10 minutes. Enter it on the login page.\nIf you did not ask for it, please ignore this email.",
      },
      signupCode: {
        subject: "[Tsugu Buyback] Your code is {code}",
        body: "Here is the code for your business buyer registration with {companyName}.\n\nYour code: {code}\n\nIt expires in 10 minutes. Enter it on the registration page.",
      },
      invitation: {
        subject: "[Tsugu Buyback] Invitation to join {companyName} as a business buyer",
        body: "You are invited to join {companyName} as a business buyer of the Tsugu buyback service.\nOpen this link to register:\n{link}\n\nThe link works once, until {expiresAt}.",
      },
    },
  },
};
