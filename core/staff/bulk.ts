import { AppError, isAppError } from "../shared/errors.ts";
import { type Message, msg } from "../shared/i18n/translate.ts";

/** How many rows one bulk action takes at the most. */
const BULK_MAX = 100;

/** What became of one chosen row: done, or not, and why (the use case's own words). */
export type BulkOutcome = { id: number; ok: true } | { id: number; ok: false; reason: Message };

/** The rows an operator chose, as ids (a form's repeated field): at least one, at most 100, each once. */
export function chosenIds(ids: unknown): number[] {
  const given = (Array.isArray(ids) ? ids : ids === undefined || ids === null ? [] : [ids]).map(String);
  const unique = [...new Set(given.filter((s) => /^\d{1,15}$/.test(s)).map(Number))];
  if (unique.length === 0) {
    throw new AppError("VALIDATION", { fields: { ids: msg("backOffice.bulk.noneChosen") } });
  }
  if (unique.length > BULK_MAX) {
    throw new AppError("VALIDATION", { fields: { ids: msg("backOffice.bulk.tooMany", { max: BULK_MAX }) } });
  }
  return unique;
}

/**
 * One use case for each chosen row, one row after another: each row is the single action as it
 * always is (its own checks, its own transaction, its own audit entry), and a row the use case
 * refuses does not stop the others. Says which rows went through and why each other did not.
 */
export async function forEachChosen(
  ids: number[],
  run: (id: number) => Promise<unknown>,
): Promise<BulkOutcome[]> {
  const outcomes: BulkOutcome[] = [];
  for (const id of ids) {
    try {
      await run(id);
      outcomes.push({ id, ok: true });
    } catch (error) {
      if (!isAppError(error)) throw error;
      outcomes.push({ id, ok: false, reason: Object.values(error.fields)[0] ?? error.reason });
    }
  }
  return outcomes;
}
