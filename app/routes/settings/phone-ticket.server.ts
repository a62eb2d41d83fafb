import { serializeCookie } from "#server/cookies.ts";

/** Carries an unfinished phone verification from the number page to the code page. */
export const PHONE_TICKET_COOKIE = "tsugu_phone_ticket";

export function phoneTicketCookie(ticket: string, secure: boolean): string {
  return serializeCookie(PHONE_TICKET_COOKIE, ticket, { secure, maxAge: 60 * 60 });
}
