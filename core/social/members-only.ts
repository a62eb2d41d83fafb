import type { SessionUser } from "../identity/sessions.ts";
import { AppError } from "../shared/errors.ts";

const MEMBERS_ONLY = {
  ja: "この機能は会員のみご利用いただけます",
  en: "Only members can do this",
};

/**
 * Following, liking, commenting and blocking are between members: business buyers and staff have
 * no public profile, so a follow or comment by them would point at a page that does not exist.
 */
export function assertMember(actor: SessionUser): void {
  if (actor.role !== "member") throw new AppError("FORBIDDEN", { message: MEMBERS_ONLY });
}
