import type { z } from "zod";
import type { CoreContext } from "../shared/context.ts";
import { parseInput } from "../shared/parse-input.ts";
import { findChallenge, openChallengeLink, verifyChallengeCode } from "./challenges.ts";
import { FIELD_LABELS, ZVerifySignup } from "./fields.ts";

/** Second step of sign-up, by typed code. */
export async function verifySignupCode(
  ctx: CoreContext,
  o: { ticket: string; input: z.input<typeof ZVerifySignup> },
): Promise<{ email: string }> {
  const { code } = parseInput(ZVerifySignup, o.input, FIELD_LABELS);
  const challenge = await verifyChallengeCode(ctx, { purpose: "signup", ticket: o.ticket, code });
  return { email: challenge.destination };
}

/** Second step of sign-up, by the emailed link: returns the ticket for the rest of the flow. */
export async function verifySignupLink(
  ctx: CoreContext,
  o: { linkToken: string },
): Promise<{ ticket: string; email: string }> {
  const { challenge, ticket } = await openChallengeLink(ctx, {
    purpose: "signup",
    linkToken: o.linkToken,
    markVerified: true,
  });
  return { ticket, email: challenge.destination };
}

/** The address a sign-up ticket is waiting on, for the "enter your code" step. */
export async function signupTicketEmail(
  ctx: CoreContext,
  ticket: string | null | undefined,
): Promise<string | null> {
  const challenge = await findChallenge(ctx, "signup", ticket);
  return challenge && !challenge.verifiedAt ? challenge.destination : null;
}
