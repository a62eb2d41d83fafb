import type { SessionUser } from "../identity/sessions.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";

const MEMBERS_ONLY = msg("social.membersOnly");

/**
 * Following, liking, commenting and blocking are between members: business buyers and staff have
 * no public profile, so a follow or comment by them would point at a page that does not exist.
 */
export function assertMember(actor: SessionUser): void {
  if (actor.role !== "member") throw new AppError("FORBIDDEN", { message: MEMBERS_ONLY });
}
