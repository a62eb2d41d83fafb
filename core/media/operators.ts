import type { SessionUser } from "../identity/sessions.ts";
import { AppError } from "../shared/errors.ts";

/** Only operators (staff) write and publish the media. */
export function requireOperator(actor: Pick<SessionUser, "role"> | null): void {
  if (!actor) throw new AppError("UNAUTHORIZED");
  if (actor.role !== "operator") throw new AppError("FORBIDDEN");
}
