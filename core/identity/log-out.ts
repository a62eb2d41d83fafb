import type { CoreContext } from "../shared/context.ts";
import { endSession } from "./sessions.ts";

/** Ends the session on the server, so a copied cookie or token stops working too. */
export async function logOut(ctx: CoreContext, o: { token: string | null }): Promise<void> {
  if (o.token) await endSession(ctx, o.token);
}
