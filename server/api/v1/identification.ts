import { z } from "zod";
import { getIdentification } from "#core/account/get-identification.ts";
import { startIdentityVerification } from "#core/account/start-identity-verification.ts";
import { MAX_IMAGE_BYTES } from "#core/storage/image-limits.ts";
import { defineRoute } from "../define.ts";

const ZStatus = z.enum(["pending", "verified", "rejected", "expired"]);
const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/heic"] as const;

export const identificationRoutes = [
  defineRoute({
    method: "get",
    path: "/me/identification",
    summary:
      "Identity verification (eKYC) status: when and how the member was verified, and the latest check",
    tag: "settings",
    auth: "user",
    responses: {
      200: {
        description: "The status",
        schema: z.object({
          status: z.enum(["none", "pending", "verified", "rejected", "expired"]),
          verifiedAt: z.iso.datetime().nullable(),
          method: z.string().nullable().describe('The legal method, e.g. "ekyc-photo-id-selfie"'),
          uploadsDocuments: z
            .boolean()
            .describe(
              "Whether starting a check takes id_front and selfie uploads; false when the provider photographs them on its own page",
            ),
          latest: z
            .object({
              reference: z.string(),
              status: ZStatus,
              reason: z.string().nullable(),
              createdAt: z.iso.datetime(),
              completedAt: z.iso.datetime().nullable(),
            })
            .nullable(),
        }),
      },
    },
    async handler({ ctx, actor }) {
      const { verifiedAt, method, latest, uploadsDocuments } = await getIdentification(ctx, actor!.id);
      return {
        status: 200,
        headers: { "Cache-Control": "no-store" },
        body: {
          status: verifiedAt ? "verified" : (latest?.status ?? "none"),
          verifiedAt: verifiedAt?.toISOString() ?? null,
          method,
          uploadsDocuments,
          latest: latest && {
            reference: latest.reference,
            status: latest.status,
            reason: latest.reason,
            createdAt: latest.createdAt.toISOString(),
            completedAt: latest.completedAt?.toISOString() ?? null,
          },
        },
      };
    },
  }),
  defineRoute({
    method: "post",
    path: "/me/identification",
    summary:
      "Start an identity check with a photo ID and a selfie (none with a provider that photographs them on its own page: GET /me/identification says which); send the member to redirect_url, then read GET /me/identification",
    tag: "settings",
    auth: "user",
    multipart: {
      maxBytes: 2 * MAX_IMAGE_BYTES + 64 * 1024,
      files: {
        id_front: { description: "The front of a photo ID document", contentTypes: IMAGE_TYPES },
        selfie: { description: "A picture of the member's face", contentTypes: IMAGE_TYPES },
      },
    },
    responses: {
      201: {
        description: "Check started",
        schema: z.object({ reference: z.string(), redirectUrl: z.url(), expiresAt: z.iso.datetime() }),
      },
      409: { description: "Already verified" },
      413: { description: "A picture or the whole body is too large" },
      415: { description: "Not a JPEG, PNG, WebP or HEIC picture" },
      429: { description: "Too many checks today" },
    },
    async handler({ ctx, actor, files, locale }) {
      const r = await startIdentityVerification(ctx, {
        actor: actor!,
        files: { idFront: files.id_front ?? null, selfie: files.selfie ?? null },
        locale,
      });
      return {
        status: 201,
        body: { reference: r.reference, redirectUrl: r.redirectUrl, expiresAt: r.expiresAt.toISOString() },
      };
    },
  }),
];
