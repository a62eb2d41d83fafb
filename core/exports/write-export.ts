import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { StringDecoder } from "node:string_decoder";
import { stringify } from "csv-stringify";
import { eq } from "drizzle-orm";
import iconv from "iconv-lite";
import { exports } from "#db/schema/index.ts";
import { handleJob } from "../jobs/define-job.ts";
import type { CoreContext } from "../shared/context.ts";
import { rolesOf } from "../staff/authorize.ts";
import { hasPermission } from "../staff/permissions.ts";
import { changeState } from "../state/change-state.ts";
import { writeExportJob } from "./export-job-defs.ts";
import { EXPORT_SOURCES, type ExportKind, exportHeader } from "./export-rows.ts";
import { EXPORT_MACHINE } from "./export-states.ts";
import { exportBlobKey } from "./export-view.ts";

type ExportEncoding = "utf8" | "sjis";

export const EXPORT_CONTENT_TYPES: Record<ExportEncoding, string> = {
  sjis: "text/csv; charset=Shift_JIS",
  utf8: "text/csv; charset=utf-8",
};

/**
 * Characters that Unicode holds twice and Shift_JIS (as Excel reads it: Windows-31J) only once,
 * or that have a usual stand-in there: a wave dash typed on a Mac is Windows' full-width tilde, a
 * minus sign its full-width hyphen-minus, and so on. The masks' bullet becomes the middle dot.
 * Anything else Shift_JIS cannot hold (emoji, most non-Japanese letters) is written as `?`.
 */
const SHIFT_JIS_STAND_INS: Record<string, string> = {
  "\u301c": "\uff5e", // 〜 → ～
  "\u2212": "\uff0d", // − → －
  "\u2013": "\uff0d", // – → －
  "\u2014": "\u2015", // — → ―
  "\u2016": "\u2225", // ‖ → ∥
  "\u00a2": "\uffe0", // ¢ → ￠
  "\u00a3": "\uffe1", // £ → ￡
  "\u00ac": "\uffe2", // ¬ → ￢
  "\u00a0": " ", // no-break space → space
  "\u2022": "\u30fb", // • → ・
};
const STAND_IN = new RegExp(`[${Object.keys(SHIFT_JIS_STAND_INS).join("")}]`, "g");

export function toShiftJisText(text: string): string {
  return text.replace(STAND_IN, (c) => SHIFT_JIS_STAND_INS[c]!);
}

/**
 * csv-stringify's UTF-8 output re-encoded as Shift_JIS with iconv-lite's streaming encoder (the
 * one behind its `encodeStream`): a character is never cut in two between chunks.
 */
export async function* toShiftJis(source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  const decoder = new StringDecoder("utf8");
  const encoder = iconv.getEncoder("Shift_JIS");
  for await (const chunk of source) {
    const text = decoder.write(chunk);
    if (text) yield encoder.write(toShiftJisText(text));
  }
  const rest = encoder.write(toShiftJisText(decoder.end()));
  const tail = encoder.end();
  if (rest.byteLength) yield rest;
  if (tail?.byteLength) yield tail;
}

/**
 * Streams one export into the blob store: rows read from the database in keyset batches, a
 * Japanese header, CSV written by csv-stringify (CRLF line ends), then encoded (UTF-8 with a BOM,
 * or Shift_JIS through iconv-lite) and stored as it comes. Nothing holds more than a batch of rows
 * and a few stream buffers, whatever the number of rows.
 */
async function writeCsv(
  ctx: Pick<CoreContext, "db" | "blobs">,
  o: {
    kind: ExportKind;
    from: string;
    to: string;
    encoding: ExportEncoding;
    key: string;
    showPersonalData: boolean;
  },
): Promise<{ rows: number; bytes: number }> {
  const source = EXPORT_SOURCES[o.kind];
  let rows = 0;
  async function* records() {
    yield exportHeader(o.kind);
    for await (const row of source.rows({
      db: ctx.db,
      from: o.from,
      to: o.to,
      showPersonalData: o.showPersonalData,
    })) {
      rows += 1;
      yield row;
    }
  }
  let bytes = 0;
  const store = async (csv: AsyncIterable<Uint8Array>) => {
    bytes = (await ctx.blobs.putStream(o.key, csv, EXPORT_CONTENT_TYPES[o.encoding])).bytes;
  };
  const csv = stringify({ bom: o.encoding === "utf8", record_delimiter: "windows" });
  if (o.encoding === "sjis") {
    await pipeline(Readable.from(records()), csv, toShiftJis, store);
  } else {
    await pipeline(Readable.from(records()), csv, store);
  }
  return { rows, bytes };
}

const SYSTEM = { role: "system" } as const;

/**
 * The export job: QUEUED (or FAILED, when the queue tries again) → RUNNING, the file written, then
 * DONE with its key, rows and bytes, or FAILED with the error, which is thrown on so the queue
 * retries it. Safe to run twice: a DONE export is left alone, a RUNNING one (its server died) is
 * written again over the same key.
 */
export const writeExportHandler = handleJob(writeExportJob, async (ctx, { id }) => {
  const [row] = await ctx.db.select().from(exports).where(eq(exports.id, id));
  if (!row || row.state === "DONE") return;
  const move = (
    action: "start" | "retry" | "finish" | "fail",
    from: typeof row.state,
    set: Record<string, unknown>,
  ) => changeState(ctx, { machine: EXPORT_MACHINE, table: exports, id, action, actor: SYSTEM, from, set });
  if (row.state !== "RUNNING") await move(row.state === "QUEUED" ? "start" : "retry", row.state, {});
  // Whether members' email addresses are written in full follows the requester's permission now.
  const showPersonalData =
    row.kind === "members" && hasPermission(await rolesOf(ctx.db, row.requestedBy), "pii:read");
  const key = exportBlobKey(row.id, showPersonalData);
  let written: { rows: number; bytes: number };
  try {
    written = await writeCsv(ctx, {
      kind: row.kind,
      from: row.dateFrom,
      to: row.dateTo,
      encoding: row.encoding,
      key,
      showPersonalData,
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    // The queue retries on the error thrown here; recording the failure must not hide it.
    await move("fail", "RUNNING", { error: reason.slice(0, 500), finishedAt: ctx.clock.now() }).catch(
      () => {},
    );
    throw error;
  }
  await move("finish", "RUNNING", {
    blobKey: key,
    rowCount: written.rows,
    byteCount: written.bytes,
    error: null,
    finishedAt: ctx.clock.now(),
  });
});
