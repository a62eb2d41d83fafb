import { asc, eq } from "drizzle-orm";
import { passkeys } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { asPasskey, PASSKEY_COLUMNS, type Passkey } from "./passkeys.ts";
import type { SessionUser } from "./sessions.ts";

/** The member's passkeys, oldest first. */
export async function listPasskeys(ctx: CoreContext, o: { actor: SessionUser }): Promise<Passkey[]> {
  const rows = await ctx.db
    .select(PASSKEY_COLUMNS)
    .from(passkeys)
    .where(eq(passkeys.userId, o.actor.id))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
  return rows.map(asPasskey);
}
