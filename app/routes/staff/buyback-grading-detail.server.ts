import { DIAGNOSTIC_FIELDS } from "#core/buyback/diagnostic-fields.ts";
import { BUYBACK_RULES } from "#core/buyback/rules.ts";
import { MAX_IMAGE_BYTES } from "#core/storage/image-limits.ts";

/** Every photo a device may have at once, and the rest of the form around them. */
export const MAX_FORM_BYTES = BUYBACK_RULES.maxPhotos * MAX_IMAGE_BYTES + 256 * 1024;

/** The grading form's fields as typed, kept to show again when something is wrong. */
export function gradingValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {
    intent: "grade",
    grade: String(form.get("grade") ?? ""),
    ng: form
      .getAll("ng")
      .map((v) => String(v))
      .join(","),
    reason: String(form.get("reason") ?? ""),
  };
  for (const { key } of DIAGNOSTIC_FIELDS) {
    values[`d.${key}`] = String(form.get(`d.${key}`) ?? "");
    values[`na.${key}`] = form.get(`na.${key}`) === "on" ? "on" : "";
    values[`r.${key}`] = String(form.get(`r.${key}`) ?? "");
  }
  return values;
}

export function gradingInput(values: Record<string, string>) {
  return {
    grade: values.grade,
    ngConditions: values.ng ? values.ng.split(",") : [],
    reason: values.reason,
    diagnostics: Object.fromEntries(
      DIAGNOSTIC_FIELDS.map(({ key }) => [
        key,
        { value: values[`d.${key}`], na: values[`na.${key}`] === "on", reason: values[`r.${key}`] },
      ]),
    ),
  };
}
