import { z } from "zod";
import { getExportDownload } from "#core/exports/export-download.ts";
import { getExport, listExports } from "#core/exports/list-exports.ts";
import { requestExport, ZExportRequest } from "#core/exports/request-export.ts";
import { EXPORT_ENCODINGS, EXPORT_KINDS, EXPORT_STATES } from "#db/schema/index.ts";
import { defineRoute } from "../define.ts";
import { idParam } from "./params.ts";

/** CSV exports for the back office (exports:create): ask for one, follow it, download the file. */

const ZExport = z.object({
  id: z.number().int(),
  kind: z.enum(EXPORT_KINDS),
  dateFrom: z.string().describe("First day, YYYY-MM-DD (Asia/Tokyo)"),
  dateTo: z.string().describe("Last day, YYYY-MM-DD (Asia/Tokyo), included"),
  encoding: z.enum(EXPORT_ENCODINGS),
  state: z.enum(EXPORT_STATES),
  rowCount: z.number().int().nullable(),
  byteCount: z.number().int().nullable(),
  error: z.string().nullable().describe("Why the last try failed; the job queue retries"),
  requestedBy: z.number().int(),
  requesterName: z.string().nullable(),
  createdAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
  filename: z.string().describe("e.g. tsugu-transactions-20261101-20261130.csv"),
});
const ZListQuery = z.object({
  before: z.coerce
    .number()
    .int()
    .positive()
    .max(Number.MAX_SAFE_INTEGER)
    .optional()
    .describe("The `next_before` of the previous page"),
});

export const exportRoutes = [
  defineRoute({
    method: "post",
    path: "/staff/exports",
    permission: "exports:create",
    summary:
      "Operators (exports:create): ask for a CSV of transactions, sales, members or (with audit:read) the audit log",
    tag: "staff",
    auth: "user",
    body: ZExportRequest,
    responses: { 202: { description: "Queued; a background job writes the file", schema: ZExport } },
    async handler({ ctx, actor, body, requestId, ip }) {
      const created = await requestExport(ctx, { actor, input: body, meta: { requestId, ip } });
      return { status: 202, body: created, headers: { Location: `/api/v1/staff/exports/${created.id}` } };
    },
  }),
  defineRoute({
    method: "get",
    path: "/staff/exports",
    permission: "exports:create",
    summary: "Operators (exports:create): the caller's exports (an admin's: everyone's), newest first",
    tag: "staff",
    auth: "user",
    query: ZListQuery,
    responses: {
      200: {
        description: "A page of exports",
        schema: z.object({ exports: z.array(ZExport), nextBefore: z.number().int().nullable() }),
      },
    },
    async handler({ ctx, actor, query }) {
      const page = await listExports(ctx, { actor, before: query.before ?? null });
      return {
        status: 200,
        body: { exports: page.exports, nextBefore: page.nextBefore },
        headers: { "Cache-Control": "no-store" },
      };
    },
  }),
  defineRoute({
    method: "get",
    path: "/staff/exports/{id}",
    permission: "exports:create",
    summary: "Operators (exports:create): one export and its state",
    tag: "staff",
    auth: "user",
    responses: {
      200: { description: "The export", schema: ZExport },
      404: { description: "No such export of yours" },
    },
    async handler({ ctx, actor, params }) {
      const found = await getExport(ctx, { actor, id: idParam(params.id) });
      return { status: 200, body: found, headers: { "Cache-Control": "no-store" } };
    },
  }),
  defineRoute({
    method: "get",
    path: "/staff/exports/{id}/download",
    permission: "exports:create",
    summary: "Operators (exports:create): the finished CSV file, streamed (the download is audited)",
    tag: "staff",
    auth: "user",
    responses: {
      200: {
        description: "text/csv; charset=Shift_JIS or text/csv; charset=utf-8 (with a BOM)",
        contentType: "text/csv",
      },
      404: { description: "No such export of yours" },
      409: { description: "Not finished yet" },
    },
    async handler({ ctx, actor, params, requestId, ip }) {
      const file = await getExportDownload(ctx, { actor, id: idParam(params.id), meta: { requestId, ip } });
      return {
        status: 200,
        stream: file.body,
        headers: {
          "Content-Type": file.contentType,
          "Content-Disposition": contentDisposition(file.filename),
          "Cache-Control": "private, no-store",
          ...(file.size === null ? {} : { "Content-Length": String(file.size) }),
        },
      };
    },
  }),
];

/** `attachment` with the name both plain (ASCII) and as RFC 5987 `filename*`. */
function contentDisposition(filename: string): string {
  const plain = filename.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `attachment; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
