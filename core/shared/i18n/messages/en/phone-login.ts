import type { Messages } from "../../messages.ts";

/** Signing in with a code texted to a verified mobile number: the pages, the SMS and its errors. */
export const enPhoneLogin: Pick<Messages, "phoneLogin"> = {
  phoneLogin: {
    title: "Log in with your phone number",
    lead: "We text a sign-in code to the mobile number you verified on your account.",
    link: "Log in with your phone number",
    phoneNumber: "Mobile number",
    phoneHint: "e.g. 090-1234-5678",
    send: "Send me a code",
    codeTitle: "Enter your code",
    codeSent: "If {phone} is registered, we texted a 6-digit code to it. It expires in 10 minutes.",
    code: "Code",
    remember: "Keep me logged in",
    submit: "Log in",
    changeNumber: "Change the number or send a new code",
    emailLogin: "Log in with email and password",
    sms: {
      code: "[Tsugu] Your sign-in code: {code}\nIt expires in 10 minutes. Never share this code with anyone.",
    },
    errors: {
      operatorUsesPassword: "Staff accounts log in with their email address, password and authenticator app",
    },
  },
};
