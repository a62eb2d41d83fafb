import { serializeCookie } from "#server/cookies.ts";

/** Carries a log-in's second step from the password page to the code page (10 minutes, as the ticket). */
export const TWO_STEP_TICKET_COOKIE = "tsugu_two_step";
/** Carries a log-in by texted code from the number page to the code page (10 minutes, as the code). */
export const PHONE_LOGIN_TICKET_COOKIE = "tsugu_phone_login";

/** A sign-in ticket's cookie, lasting as long as the ticket does. */
export function loginTicketCookie(name: string, ticket: string, secure: boolean): string {
  return serializeCookie(name, ticket, { secure, maxAge: 10 * 60 });
}

export function twoStepTicketCookie(ticket: string, secure: boolean): string {
  return loginTicketCookie(TWO_STEP_TICKET_COOKIE, ticket, secure);
}

/** Binds a mailed sign-in link to the browser that asked for it (10 minutes, as the link). */
export const EMAIL_LOGIN_TICKET_COOKIE = "tsugu_email_login";
