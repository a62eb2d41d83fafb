import { AppError } from "#core/shared/errors.ts";

/** A numeric id from the path; anything else names nothing (404, never a 500). */
export function idParam(value: string | undefined): number {
  if (!value || !/^[1-9]\d{0,14}$/.test(value)) throw new AppError("NOT_FOUND");
  return Number(value);
}
