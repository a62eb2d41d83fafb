import type { exports } from "#db/schema/index.ts";
import type { ExportKind } from "./export-rows.ts";

type ExportRow = typeof exports.$inferSelect;

/** An export as the back office lists it. */
export type ExportView = {
  id: number;
  kind: ExportKind;
  dateFrom: string;
  dateTo: string;
  encoding: "utf8" | "sjis";
  state: "QUEUED" | "RUNNING" | "DONE" | "FAILED";
  rowCount: number | null;
  byteCount: number | null;
  /** Why the last try failed (FAILED, or RUNNING again after a failure). */
  error: string | null;
  requestedBy: number;
  requesterName: string | null;
  createdAt: Date;
  finishedAt: Date | null;
  /** What the download is called: `tsugu-transactions-20261101-20261130.csv`. */
  filename: string;
};

export function exportFilename(row: Pick<ExportRow, "kind" | "dateFrom" | "dateTo">): string {
  const day = (d: string) => d.replaceAll("-", "");
  return `tsugu-${row.kind}-${day(row.dateFrom)}-${day(row.dateTo)}.csv`;
}

/**
 * Where the file is kept: under `private/`, which the public `/media/` route and the bucket's
 * public address never serve. A members export written with full personal data says so in its
 * key, so a download can ask for `pii:read` again.
 */
export function exportBlobKey(id: number, withPersonalData: boolean): string {
  return `private/exports/${id}/${withPersonalData ? "with-personal-data" : "data"}.csv`;
}

export function holdsPersonalData(blobKey: string): boolean {
  return blobKey.endsWith("/with-personal-data.csv");
}

export function toExportView(row: ExportRow, requesterName: string | null = null): ExportView {
  return {
    id: row.id,
    kind: row.kind,
    dateFrom: row.dateFrom,
    dateTo: row.dateTo,
    encoding: row.encoding,
    state: row.state,
    rowCount: row.rowCount,
    byteCount: row.byteCount,
    error: row.error,
    requestedBy: row.requestedBy,
    requesterName,
    createdAt: row.createdAt,
    finishedAt: row.finishedAt,
    filename: exportFilename(row),
  };
}
