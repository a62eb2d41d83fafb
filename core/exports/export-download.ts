import { eq } from "drizzle-orm";
import { exports } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { recordAudit } from "../staff/audit.ts";
import { authorize, type RequestMeta } from "../staff/authorize.ts";
import { hasPermission } from "../staff/permissions.ts";
import { exportFilename, holdsPersonalData } from "./export-view.ts";
import { seesAllExports } from "./list-exports.ts";
import { EXPORT_CONTENT_TYPES } from "./write-export.ts";

export type ExportDownload = {
  body: ReadableStream<Uint8Array>;
  filename: string;
  contentType: string;
  size: number | null;
};

/**
 * A finished export's file, as a stream, for its requester (or an admin). Downloading is audited.
 * The audit log's export needs `audit:read` and a members export written with full email
 * addresses `pii:read`, checked again now. NOT_FOUND for someone else's export, CONFLICT until DONE.
 */
export async function getExportDownload(
  ctx: CoreContext,
  o: { actor: SessionUser | null; id: number; meta?: RequestMeta },
): Promise<ExportDownload> {
  const operator = await authorize(ctx, o.actor, "exports:create");
  const [row] = await ctx.db.select().from(exports).where(eq(exports.id, o.id));
  if (!row || (row.requestedBy !== operator.id && !seesAllExports(operator))) throw new AppError("NOT_FOUND");
  if (row.state !== "DONE" || !row.blobKey) {
    throw new AppError("CONFLICT", { message: msg("exports.errors.notReady") });
  }
  if (row.kind === "audit" && !hasPermission(operator.roles, "audit:read")) {
    throw new AppError("FORBIDDEN", { message: msg("exports.errors.auditOnly") });
  }
  if (holdsPersonalData(row.blobKey) && !hasPermission(operator.roles, "pii:read")) {
    throw new AppError("FORBIDDEN", { message: msg("exports.errors.piiOnly") });
  }
  const blob = await ctx.blobs.getStream(row.blobKey);
  if (!blob) throw new AppError("NOT_FOUND");
  try {
    await recordAudit(ctx, {
      operator,
      action: "exports:download",
      target: { type: "export", id: row.id },
      changes: {},
      meta: o.meta,
    });
  } catch (error) {
    await blob.body.cancel();
    throw error;
  }
  const filename = exportFilename(row);
  return { body: blob.body, filename, contentType: EXPORT_CONTENT_TYPES[row.encoding], size: blob.size };
}
