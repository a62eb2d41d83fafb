import type { z } from "zod";
import { AppError } from "./errors.ts";
import { type FieldLabelMessages, localizeIssues } from "./validation/index.ts";

/**
 * Validates a use case's input with its shared schema. Failure is an AppError("VALIDATION") whose
 * field messages are catalogue messages, so any door can answer in the language it speaks.
 */
export function parseInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
  labels: FieldLabelMessages,
): z.output<S> {
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return result.data;
  throw new AppError("VALIDATION", { fields: localizeIssues(result.error, labels) });
}
