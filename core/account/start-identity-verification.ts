import { and, eq } from "drizzle-orm";
import { identityChecks } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { type Message, msg } from "../shared/i18n/translate.ts";
import type { Locale } from "../shared/locale.ts";
import { consumeRateLimits } from "../shared/rate-limit.ts";
import { recordCreation } from "../state/change-state.ts";
import { IMAGE_MESSAGES } from "../storage/image-limits.ts";
import { deleteImage, forImageField, type ImageRendition, storeImage } from "../storage/images.ts";
import { formatAddress } from "./address-format.ts";
import { getAddress } from "./get-address.ts";
import { IDENTITY_CHECK_MACHINE } from "./identity-check-states.ts";
import type { IdentityDocument } from "./identity-provider.ts";
import { isIdentityVerified } from "./is-identity-verified.ts";

/** Large enough for a reviewer to read an ID card's small print. */
const IDENTITY_DOCUMENT_RENDITIONS: ImageRendition[] = [{ name: "large", maxSize: 2048 }];
const IDENTITY_CHECKS_PER_MEMBER_PER_DAY = 10;

const ALREADY_VERIFIED: Message = msg("account.errors.alreadyVerified");

export type IdentityUploads = { idFront: Uint8Array | null; selfie: Uint8Array | null };

/**
 * Starts an online identity check (eKYC): stores the photo ID and the selfie privately, hands them
 * to the provider and answers where to send the member, the provider's hosted page.
 */
export async function startIdentityVerification(
  ctx: CoreContext,
  o: { actor: SessionUser; files: IdentityUploads; locale: Locale },
): Promise<{ reference: string; redirectUrl: string; expiresAt: Date }> {
  // A provider that photographs the document itself takes nothing from us.
  const uploads = ctx.identity.capturesDocuments ? ([] as const) : (["idFront", "selfie"] as const);
  const missing = Object.fromEntries(
    uploads.filter((f) => !o.files[f]?.byteLength).map((f) => [f, IMAGE_MESSAGES.missing]),
  );
  if (Object.keys(missing).length > 0) throw new AppError("VALIDATION", { fields: missing });
  if (await isIdentityVerified(ctx, o.actor.id))
    throw new AppError("CONFLICT", { message: ALREADY_VERIFIED });
  // A check the office is reviewing is decided there first; a second one would race it.
  const [inReview] = await ctx.db
    .select({ id: identityChecks.id })
    .from(identityChecks)
    .where(and(eq(identityChecks.userId, o.actor.id), eq(identityChecks.status, "review")))
    .limit(1);
  if (inReview) throw new AppError("CONFLICT", { message: msg("account.errors.identityInReview") });
  await consumeRateLimits(ctx, [
    { key: `ekyc:user:${o.actor.id}`, max: IDENTITY_CHECKS_PER_MEMBER_PER_DAY, windowSeconds: 24 * 3600 },
  ]);

  const prefix = `private/identity/${o.actor.id}`;
  const stored: string[] = [];
  try {
    const documents: IdentityDocument[] = [];
    for (const [field, kind] of ctx.identity.capturesDocuments
      ? []
      : ([
          ["idFront", "id_front"],
          ["selfie", "selfie"],
        ] as const)) {
      const image = await forImageField(field, () =>
        storeImage(ctx, { prefix, bytes: o.files[field]!, renditions: IDENTITY_DOCUMENT_RENDITIONS }),
      );
      stored.push(image.key);
      documents.push({ kind, key: `${image.key}-large.webp` });
    }
    const address = await getAddress(ctx, o.actor.id);
    const applicant = address
      ? {
          name: `${address.familyName} ${address.givenName}`,
          address: formatAddress(address),
        }
      : {};
    const base = `${ctx.publicUrl}/${o.locale}/ekyc/${ctx.identity.name}`;
    const started = await ctx.identity.startCheck({
      documents,
      applicant,
      returnUrls: { success: `${base}/success/`, error: `${base}/error/` },
      locale: o.locale,
    });
    await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(identityChecks)
        .values({
          userId: o.actor.id,
          provider: ctx.identity.name,
          method: ctx.identity.method,
          status: "pending",
          providerReference: started.reference,
          documentKeys: documents.map((d) => d.key),
          createdAt: ctx.clock.now(),
          expiresAt: started.expiresAt,
        })
        .returning({ id: identityChecks.id });
      await recordCreation(
        { db: tx, clock: ctx.clock },
        {
          machine: IDENTITY_CHECK_MACHINE,
          id: row!.id,
          state: "pending",
          actor: { role: "member", id: o.actor.id },
        },
      );
    });
    return started;
  } catch (error) {
    await Promise.allSettled(stored.map((key) => deleteImage(ctx, key, IDENTITY_DOCUMENT_RENDITIONS)));
    throw error;
  }
}
