/** Signing in with LINE, Google and Apple: the buttons, the pages that finish a new account, the linked accounts and their errors. */
import type { Messages } from "../../messages.ts";

export const enProviders: Pick<Messages, "providers"> = {
  providers: {
    buttons: {
      or: "or",
      line: "Log in with LINE",
      google: "Log in with Google",
      apple: "Log in with Apple",
    },
    errors: {
      notEnabled: "Logging in with this service is not available at the moment",
      unreachable: "We could not reach {provider}. Please try again in a little while",
      expired:
        "We could not confirm the log-in: it expired or was started in another window. Please start again",
      refused: "We could not confirm {provider}'s answer. Please start again",
      cancelled: "Logging in with {provider} was cancelled",
      linkedElsewhere: "This {provider} account is already linked to another Tsugu account",
      alreadyLinked: "Another {provider} account is already linked. Unlink it first to switch",
      pendingExpired: "This step has expired. Please log in again",
      wrongPassword: "The password is not correct",
      notLinked: "This service is not linked",
      lastWayIn:
        "This is your only way to log in, so it cannot be unlinked. Set a password or link another service first",
    },
    mail: {
      code: {
        subject: "[Tsugu] Your code {code}",
        body: "Here is the code to log in with your {provider} account.\n\nCode: {code}\n\nIt is valid for 10 minutes. If you did not ask for it, you can ignore this mail.",
      },
    },
    continue: {
      title: "Log in with {provider}",
      emailLead:
        "{provider} did not give us an e-mail address. Enter the address to use on Tsugu and we will send you a code.",
      email: "E-mail address",
      sendCode: "Send a code",
      codeLead: "We sent a code to {email}. Enter the 6 digits from the mail.",
      code: "Code",
      verify: "Confirm",
      resend: "Send the code again",
      existsTitle: "You already have an account",
      existsLead:
        "{email} is already registered on Tsugu. Once you confirm it is you, your {provider} account is linked and you are logged in.",
      password: "Your Tsugu password",
      byPassword: "Confirm with the password",
      byCode: "Don't know the password? Confirm with a code sent to this address instead.",
      nicknameLead: "A new account will be made for {email}. Choose the nickname other members see.",
      nickname: "Nickname",
      create: "Sign up and start",
      codeSent: "We sent the code. It is valid for 10 minutes.",
      back: "Back to log in",
    },
    linked: {
      title: "Linked accounts",
      menu: "Linked accounts",
      lead: "You can log in to Tsugu with the accounts of the services you link.",
      linkedAt: "Linked on {date}",
      linkWith: "Link {provider}",
      unlink: "Unlink",
      none: "No services are linked.",
      linkedDone: "The account is now linked",
      unlinkedDone: "The account is no longer linked",
      notLinked: "Not linked",
    },
  },
};
