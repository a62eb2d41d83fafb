import { and, eq, gt, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { deviceChecks } from "#db/schema/index.ts";

/**
 * Whether the listing `itemId` names holds a self-check report in date at `now` (動作チェック済み,
 * decision 051): one probe of the reports' unique index on their listing, since a listing holds one
 * report at most.
 */
export function holdsReportInDate(itemId: SQLWrapper, now: Date): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${deviceChecks} where ${and(eq(deviceChecks.itemId, itemId), gt(deviceChecks.expiresAt, now))})`;
}
