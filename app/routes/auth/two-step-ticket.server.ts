import { serializeCookie } from "#server/cookies.ts";

/** Carries a log-in's second step from the password page to the code page (10 minutes, as the ticket). */
export const TWO_STEP_TICKET_COOKIE = "tsugu_two_step";

export function twoStepTicketCookie(ticket: string, secure: boolean): string {
  return serializeCookie(TWO_STEP_TICKET_COOKIE, ticket, { secure, maxAge: 10 * 60 });
}
