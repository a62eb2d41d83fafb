import { z } from "zod";
import { EXPORT_ENCODINGS, EXPORT_KINDS, exports } from "#db/schema/index.ts";

/** The kinds of export and the file encodings an operator may ask for. */
export { EXPORT_ENCODINGS, EXPORT_KINDS };

import type { SessionUser } from "../identity/sessions.ts";
import { enqueueJob } from "../jobs/enqueue-job.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { type Message, msg } from "../shared/i18n/translate.ts";
import { parseInput } from "../shared/parse-input.ts";
import { isCalendarDate } from "../shared/validation/tokyo-clock.ts";
import { recordAudit } from "../staff/audit.ts";
import { authorize, type RequestMeta } from "../staff/authorize.ts";
import { hasPermission } from "../staff/permissions.ts";
import { recordCreation } from "../state/change-state.ts";
import { writeExportJob } from "./export-job-defs.ts";
import { EXPORT_MACHINE } from "./export-states.ts";
import { type ExportView, toExportView } from "./export-view.ts";

/** The longest period one export covers, in days, both ends included: a leap year fits. */
export const MAX_EXPORT_DAYS = 366;
const DAY_MS = 24 * 3600 * 1000;

const LABELS = {
  kind: msg("exports.fields.kind"),
  dateFrom: msg("exports.fields.dateFrom"),
  dateTo: msg("exports.fields.dateTo"),
  encoding: msg("exports.fields.encoding"),
};

const trimmed = z
  .string()
  .nullish()
  .transform((v) => (v ?? "").trim());

/** One of `values`, or the message when nothing (or anything else) was chosen. */
const choice = <const T extends readonly string[]>(values: T, message: Message) =>
  trimmed.pipe(
    z
      .string()
      .refine((v) => values.includes(v), { params: { message } })
      .transform((v) => v as T[number]),
  );

/** A day `YYYY-MM-DD` (what `<input type="date">` sends); the range is required, both ends. */
const day = trimmed.pipe(
  z.string().check((payload) => {
    const message =
      payload.value === ""
        ? msg("exports.errors.rangeRequired")
        : isCalendarDate(payload.value)
          ? null
          : msg("exports.errors.badDate");
    if (message) payload.issues.push({ code: "custom", input: payload.value, params: { message } });
  }),
);

const daysOf = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;

export const ZExportRequest = z
  .object({
    kind: choice(EXPORT_KINDS, msg("exports.errors.chooseKind")).describe(
      "transactions | sales | members | audit (the audit log needs audit:read)",
    ),
    dateFrom: day.describe("First day, YYYY-MM-DD (Asia/Tokyo); required"),
    dateTo: day.describe("Last day, YYYY-MM-DD (Asia/Tokyo), included; required, at most 366 days in all"),
    encoding: choice(EXPORT_ENCODINGS, msg("exports.errors.chooseEncoding")).describe(
      "sjis (Shift_JIS, for Excel) | utf8 (UTF-8 with a BOM)",
    ),
  })
  .check((payload) => {
    const { dateFrom, dateTo } = payload.value;
    const fail = (message: Message) =>
      payload.issues.push({ code: "custom", input: dateTo, path: ["dateTo"], params: { message } });
    if (dateFrom > dateTo) fail(msg("exports.errors.fromAfterTo"));
    else if (daysOf(dateFrom, dateTo) > MAX_EXPORT_DAYS)
      fail(msg("exports.errors.rangeTooLong", { max: MAX_EXPORT_DAYS }));
  });
export type ExportRequest = z.input<typeof ZExportRequest>;

/**
 * An operator asks for a CSV: kind, a period of Tokyo days (required, at most a year) and the
 * encoding. The audit log needs `audit:read` besides `exports:create`. The export is recorded
 * QUEUED, audited and its job queued in one database transaction; the job writes the file.
 */
export async function requestExport(
  ctx: CoreContext,
  o: { actor: SessionUser | null; input: ExportRequest; meta?: RequestMeta },
): Promise<ExportView> {
  const operator = await authorize(ctx, o.actor, "exports:create");
  const input = parseInput(ZExportRequest, o.input, LABELS);
  if (input.kind === "audit" && !hasPermission(operator.roles, "audit:read")) {
    throw new AppError("FORBIDDEN", { message: msg("exports.errors.auditOnly") });
  }
  return ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    const now = ctx.clock.now();
    const [row] = await tx
      .insert(exports)
      .values({
        kind: input.kind,
        dateFrom: input.dateFrom,
        dateTo: input.dateTo,
        encoding: input.encoding,
        state: "QUEUED",
        requestedBy: operator.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await recordCreation(txCtx, {
      machine: EXPORT_MACHINE,
      id: row!.id,
      state: "QUEUED",
      actor: { role: "operator", id: operator.id },
    });
    await recordAudit(txCtx, {
      operator,
      action: "exports:create",
      target: { type: "export", id: row!.id },
      changes: {
        kind: [null, input.kind],
        dateFrom: [null, input.dateFrom],
        dateTo: [null, input.dateTo],
        encoding: [null, input.encoding],
      },
      meta: o.meta,
    });
    await enqueueJob(txCtx, writeExportJob, { id: row!.id }, { uniqueKey: `exports.write:${row!.id}` });
    return toExportView(row!, o.actor!.nickname);
  });
}
