import { pipeline, Readable } from "node:stream";
import { stringify } from "csv-stringify";
import { and, asc, sql } from "drizzle-orm";
import { dealerLedger } from "#db/schema/index.ts";
import { cellText } from "../exports/export-rows.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { msg, renderMessage } from "../shared/i18n/translate.ts";
import { recordAudit } from "../staff/audit.ts";
import { authorize, type RequestMeta } from "../staff/authorize.ts";
import {
  type DealerLedgerRow,
  type LedgerRange,
  ledgerRowsWhere,
  parseLedgerRange,
} from "./dealer-ledger.ts";
import { DEALER_LEDGER_COLUMNS, tradedOn } from "./dealer-ledger-columns.ts";

type DealerLedgerColumn = (typeof DEALER_LEDGER_COLUMNS)[number];

/** Rows are read this many at a time, in trading order (keyset), so memory stays flat. */
const BATCH_ROWS = 1000;

/** The ledger's header in Japanese, as the police and Excel in Japan read it. */
export function dealerLedgerHeader(): string[] {
  return DEALER_LEDGER_COLUMNS.map((c) => renderMessage(msg(`buybackOffice.ledger.columns.${c}`), "ja"));
}

/** One ledger row as CSV cells, in `DEALER_LEDGER_COLUMNS` order; text is kept from being read as a formula. */
function dealerLedgerCells(r: DealerLedgerRow): (string | number)[] {
  const cells: Record<DealerLedgerColumn, string | number> = {
    tradedOn: tradedOn(r.tradedAt),
    kind: cellText(r.kind),
    itemName: cellText(r.itemName),
    quantity: r.quantity,
    features: cellText(r.features),
    sellerAddress: cellText(r.sellerAddress),
    sellerName: cellText(r.sellerName),
    sellerOccupation: cellText(r.sellerOccupation),
    sellerAge: r.sellerAge ?? "",
    verificationMethod: cellText(r.verificationMethod),
    amount: r.amount,
    id: r.id,
    buybackItemId: r.buybackItemId,
    userId: r.userId,
    identityCheckId: r.identityCheckId ?? "",
  };
  return DEALER_LEDGER_COLUMNS.map((c) => cells[c]);
}

function dealerLedgerFilename(range: LedgerRange): string {
  const day = (d: string) => d.replaceAll("-", "");
  return `tsugu-dealer-ledger-${day(range.from)}-${day(range.to)}.csv`;
}

export type DealerLedgerCsv = {
  filename: string;
  contentType: string;
  body: ReadableStream<Uint8Array>;
};

/**
 * The dealer ledger of a period as CSV, for `buyback:ledger`: the official form's columns with a
 * Japanese header, UTF-8 with a BOM (Excel in Japan opens it as it is), CRLF line ends, written as
 * the rows are read. Every export is audited (who, which period) before the first byte leaves.
 */
export async function exportDealerLedger(
  ctx: Pick<CoreContext, "db" | "clock">,
  o: { actor: SessionUser | null; range: { from?: unknown; to?: unknown }; meta?: RequestMeta },
): Promise<DealerLedgerCsv> {
  const operator = await authorize(ctx, o.actor, "buyback:ledger");
  const range = parseLedgerRange(o.range);
  await recordAudit(ctx, {
    operator,
    action: "buyback:ledger-export",
    target: { type: "dealer_ledger", id: `${range.from}..${range.to}` },
    changes: { from: [null, range.from], to: [null, range.to] },
    meta: o.meta,
  });
  const where = ledgerRowsWhere(range);
  async function* records() {
    yield dealerLedgerHeader();
    let after: { at: Date; id: number } | null = null;
    for (;;) {
      const batch: DealerLedgerRow[] = await ctx.db
        .select()
        .from(dealerLedger)
        .where(
          and(
            where,
            after
              ? sql`(${dealerLedger.tradedAt}, ${dealerLedger.id}) > (${after.at.toISOString()}::timestamptz, ${after.id})`
              : undefined,
          ),
        )
        .orderBy(asc(dealerLedger.tradedAt), asc(dealerLedger.id))
        .limit(BATCH_ROWS);
      for (const row of batch) yield dealerLedgerCells(row);
      if (batch.length < BATCH_ROWS) return;
      const last = batch[batch.length - 1]!;
      after = { at: last.tradedAt, id: last.id };
    }
  }
  const csv = stringify({ bom: true, record_delimiter: "windows" });
  // A read that fails midway ends the download with an error rather than a short file.
  pipeline(Readable.from(records()), csv, () => {});
  return {
    filename: dealerLedgerFilename(range),
    contentType: "text/csv; charset=utf-8",
    body: Readable.toWeb(csv) as ReadableStream<Uint8Array>,
  };
}
