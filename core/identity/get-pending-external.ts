import type { CoreContext } from "../shared/context.ts";
import { openPending, type PendingPayload } from "./external-trip.ts";
import type { IdentityProvider } from "./identity-providers.ts";

export type PendingExternal = {
  provider: IdentityProvider;
  /** The address to prove or to sign up with; null while the provider gave none we can use. */
  email: string | null;
  /** An account has this address: its member proves it (password or a mailed code) before linking. */
  accountExists: boolean;
  /** The address is proven and no account has it: a nickname is all that is left. */
  proven: boolean;
  codeSent: boolean;
  name: string | null;
  redirect: string;
};

/** What a new provider account still needs on our side, or null when its ticket is over. */
export async function pendingExternal(
  ctx: CoreContext,
  ticket: string | null | undefined,
): Promise<PendingExternal | null> {
  const row = await openPending(ctx, ticket);
  if (!row) return null;
  const p = row.payload as PendingPayload;
  return {
    provider: p.provider,
    email: row.destination || null,
    accountExists: row.userId !== null,
    proven: Boolean(row.verifiedAt) && row.userId === null,
    codeSent: row.codeHash !== null,
    name: p.name,
    redirect: p.redirect,
  };
}
