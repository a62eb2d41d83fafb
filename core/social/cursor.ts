import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";

/**
 * Lists ordered by a time (when a follow or a like was made) page with the time and a tie-breaking
 * id: many rows may share a millisecond, and a cursor of the time alone would skip them.
 */
export type TimeCursor = { at: Date; id: number };

export function timeCursor(at: Date, id: number): string {
  return `${at.getTime()}-${id}`;
}

const BAD_CURSOR = msg("social.badCursor");

/** Reads a cursor made by `timeCursor`; anything else is a 400, never a database error. */
export function parseTimeCursor(cursor: string | undefined | null): TimeCursor | null {
  if (cursor === undefined || cursor === null || cursor === "") return null;
  const m = /^(\d{1,15})-(\d{1,15})$/.exec(cursor);
  const at = m ? new Date(Number(m[1])) : null;
  const id = m ? Number(m[2]) : Number.NaN;
  if (!at || Number.isNaN(at.getTime()) || !Number.isSafeInteger(id)) {
    throw new AppError("BAD_REQUEST", { message: BAD_CURSOR });
  }
  return { at, id };
}

/** Reads an id cursor ("the last id seen"); anything else is a 400. */
export function parseIdCursor(cursor: string | undefined | null): number | undefined {
  if (cursor === undefined || cursor === null || cursor === "") return undefined;
  const id = Number(cursor);
  if (!/^\d{1,15}$/.test(cursor) || !Number.isSafeInteger(id) || id <= 0) {
    throw new AppError("BAD_REQUEST", { message: BAD_CURSOR });
  }
  return id;
}
