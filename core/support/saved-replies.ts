import type { savedReplies } from "#db/schema/index.ts";
import { msg } from "../shared/i18n/translate.ts";

export type SavedReply = typeof savedReplies.$inferSelect;

export const NOT_FOUND = msg("support.errors.savedReplyNotFound");

const EDITABLE = ["titleJa", "titleEn", "bodyJa", "bodyEn"] as const;

export function editable(row: Pick<SavedReply, (typeof EDITABLE)[number]>) {
  return Object.fromEntries(EDITABLE.map((k) => [k, row[k]]));
}
