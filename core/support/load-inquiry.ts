import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { supportInquiries } from "#db/schema/index.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";

export type InquiryRow = typeof supportInquiries.$inferSelect;

export const INQUIRY_NOT_FOUND = msg("support.errors.notFound");

/** The inquiry, locked for the rest of the caller's database transaction when `lock` is set. */
export async function loadInquiry(db: Db, id: number, lock = false): Promise<InquiryRow> {
  const query = db.select().from(supportInquiries).where(eq(supportInquiries.id, id)).limit(1);
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw new AppError("NOT_FOUND", { message: INQUIRY_NOT_FOUND });
  return row;
}

/** The member's own inquiry; anyone else's is NOT_FOUND, so its existence is not told. */
export async function loadOwnInquiry(
  db: Db,
  actor: { id: number },
  id: number,
  lock = false,
): Promise<InquiryRow> {
  const row = await loadInquiry(db, id, lock);
  if (row.userId !== actor.id) throw new AppError("NOT_FOUND", { message: INQUIRY_NOT_FOUND });
  return row;
}
