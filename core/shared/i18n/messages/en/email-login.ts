import type { Messages } from "../../messages.ts";

/** Signing in with a one-time link mailed to the member's address: the pages, the mail and its errors. */
export const enEmailLogin: Pick<Messages, "emailLogin"> = {
  emailLogin: {
    title: "Log in by email",
    lead: "We will email a sign-in link to your registered address. No password needed.",
    link: "Get a sign-in link by email",
    email: "Email address",
    remember: "Keep me logged in",
    send: "Send the sign-in link",
    sentTitle: "Check your email",
    sent: "If {email} is a registered address, we have sent it a sign-in link. The link lasts 10 minutes and works once.",
    sameBrowser:
      "Open the link in this browser. Opened on another device or in another browser, it does not sign you in.",
    notArrived: "If the mail does not arrive, check your spam folder, then send it again.",
    sendAgain: "Send the sign-in link again",
    openTitle: "Sign-in link",
    otherBrowserTitle: "Opened in another browser",
    startAgain: "Send a new sign-in link",
    passwordLogin: "Log in with email and password",
    mail: {
      subject: "[Tsugu] Your sign-in link",
      body: "We received a request to log in to Tsugu.\nOpen the link below to log in, in the browser where you asked for it (it lasts {minutes} minutes and works once).\n\n{link}\n\nOpened on another device or in another browser, it does not sign you in.\nIf you did not ask for this, ignore this mail: nobody is signed in unless the link is opened.",
    },
    errors: {
      otherBrowser:
        "This link works only in the browser where the sign-in link was asked for. To log in in this browser, send a new link.",
    },
  },
};
