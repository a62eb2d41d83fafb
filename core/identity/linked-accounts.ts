import { and, asc, eq, ne, sql } from "drizzle-orm";
import { externalIdentities, passkeys, users } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { IDENTITY_PROVIDERS, type IdentityProvider } from "./identity-providers.ts";

export type LinkedAccount = {
  provider: IdentityProvider;
  /** The address the provider gave when linked, if any. */
  email: string | null;
  linkedAt: Date;
  lastUsedAt: Date | null;
};

/** The member's accounts at LINE, Google and Apple, and the providers that can be linked now. */
export async function listLinkedAccounts(
  ctx: CoreContext,
  o: { actor: { id: number } },
): Promise<{ linked: LinkedAccount[]; available: IdentityProvider[] }> {
  const rows = await ctx.db
    .select({
      provider: externalIdentities.provider,
      email: externalIdentities.email,
      linkedAt: externalIdentities.createdAt,
      lastUsedAt: externalIdentities.lastUsedAt,
    })
    .from(externalIdentities)
    .where(eq(externalIdentities.userId, o.actor.id))
    .orderBy(asc(externalIdentities.createdAt), asc(externalIdentities.id));
  const linked = new Set(rows.map((r) => r.provider));
  return { linked: rows, available: ctx.identityProviders.enabled().filter((p) => !linked.has(p)) };
}

/**
 * Unlinks a provider's account, unless it is the member's last way in: no password, no passkey and
 * no other provider would leave an account nobody can sign in to.
 */
export async function unlinkAccount(
  ctx: CoreContext,
  o: { actor: { id: number }; provider: string },
): Promise<void> {
  const provider = IDENTITY_PROVIDERS.find((p) => p === o.provider);
  if (!provider) throw new AppError("NOT_FOUND", { message: msg("providers.errors.notLinked") });
  await ctx.db.transaction(async (tx) => {
    // One unlink at a time per member, so two at once cannot both find "another way in".
    const [user] = await tx
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, o.actor.id))
      .for("update");
    const [row] = await tx
      .select({ id: externalIdentities.id })
      .from(externalIdentities)
      .where(and(eq(externalIdentities.userId, o.actor.id), eq(externalIdentities.provider, provider)));
    if (!user || !row) throw new AppError("NOT_FOUND", { message: msg("providers.errors.notLinked") });
    const [others] = await tx
      .select({
        providers: sql<number>`(select count(*)::int from ${externalIdentities} where ${and(
          eq(externalIdentities.userId, o.actor.id),
          ne(externalIdentities.id, row.id),
        )})`,
        passkeys: sql<number>`(select count(*)::int from ${passkeys} where ${eq(passkeys.userId, o.actor.id)})`,
      })
      .from(sql`(select 1) as one`);
    if (!user.passwordHash && !others?.providers && !others?.passkeys) {
      throw new AppError("CONFLICT", { message: msg("providers.errors.lastWayIn") });
    }
    await tx.delete(externalIdentities).where(eq(externalIdentities.id, row.id));
  });
}
