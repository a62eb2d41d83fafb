import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { authorize, type Operator } from "../staff/authorize.ts";

/** Operators who write the media (the editor role, or admins) write and publish it. */
export function requireOperator(ctx: Pick<CoreContext, "db">, actor: SessionUser | null): Promise<Operator> {
  return authorize(ctx, actor, "news:write");
}
