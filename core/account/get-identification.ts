import { and, desc, eq } from "drizzle-orm";
import { identityChecks, users } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { type IdentityCheckView, syncIdentityCheck, toCheckView } from "./refresh-identity-check.ts";

export type Identification = {
  /** When the member's identity was verified, or null. */
  verifiedAt: Date | null;
  /** The legal method of the check that verified them. */
  method: string | null;
  /** The most recent check, whatever its outcome, brought up to date with the provider. */
  latest: IdentityCheckView | null;
  /**
   * Whether starting a check takes the ID and selfie uploads: false with a provider that
   * photographs both on its own page.
   */
  uploadsDocuments: boolean;
};

/** The member's identity-verification status, as the settings page and the API show it. */
export async function getIdentification(ctx: CoreContext, userId: number): Promise<Identification> {
  const [latestRow] = await ctx.db
    .select()
    .from(identityChecks)
    .where(eq(identityChecks.userId, userId))
    .orderBy(desc(identityChecks.createdAt), desc(identityChecks.id))
    .limit(1);
  const latest = latestRow ? await syncIdentityCheck(ctx, latestRow) : null;
  const [user] = await ctx.db
    .select({ verifiedAt: users.identityVerifiedAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  const verifiedAt = user?.verifiedAt ?? null;
  let method: string | null = null;
  if (verifiedAt) {
    const [verified] = await ctx.db
      .select()
      .from(identityChecks)
      .where(and(eq(identityChecks.userId, userId), eq(identityChecks.status, "verified")))
      .orderBy(desc(identityChecks.completedAt))
      .limit(1);
    method = verified ? toCheckView(verified).method : null;
  }
  return { verifiedAt, method, latest, uploadsDocuments: ctx.identity.capturesDocuments !== true };
}
