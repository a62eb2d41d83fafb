import { and, eq, inArray } from "drizzle-orm";
import { buybackBids, deviceModels } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { type Message, msg } from "../shared/i18n/translate.ts";
import { parseInput } from "../shared/parse-input.ts";
import { diffFields, recordAudit } from "../staff/audit.ts";
import type { RequestMeta } from "../staff/authorize.ts";
import { authorizeBuyer } from "./authorize-buyer.ts";
import {
  BID_FIELD_LABELS,
  BID_LIMITS,
  expiresAtOf,
  expiresOnOf,
  type TSaveBids,
  tokyoDatePlus,
  ZSaveBids,
} from "./bid-input.ts";

export type SetBidsResult = { created: number; updated: number; unchanged: number };

type BidRow = typeof buybackBids.$inferSelect;

/** What the audit log and the comparison look at: the parts of a bid the buyer sets. */
function settable(b: Pick<BidRow, "price" | "enabled" | "quantityCap" | "expiresAt">) {
  return { price: b.price, enabled: b.enabled, quantityCap: b.quantityCap, expiresAt: b.expiresAt };
}

/**
 * Saves the buyer's bid price list (「確定」): every row is checked first (a checked cell needs a
 * price, §5; prices are whole yen 1–9,999,999; a cap is a whole number no lower than the devices
 * already held on the bid; an expiry 1–30 days ahead, or the one the row already has), and on any
 * failure nothing changes. Then, in one transaction, the company's own bids are created or
 * updated: a cell left empty and unchecked with no bid stays without one. A price that changed
 * gets a new `priceSetAt` (an unchanged one keeps its place in the queue of equal prices). Each
 * bid that changed is written to the audit log with its before and after, the buyer as the actor.
 * A cell naming a bid that is not the company's own is refused as not found.
 */
export async function setBids(
  ctx: Pick<CoreContext, "db" | "clock">,
  o: { userId: number; input: TSaveBids; meta?: RequestMeta },
): Promise<SetBidsResult> {
  const buyer = await authorizeBuyer(ctx, { id: o.userId });
  const { rows } = parseInput(ZSaveBids, o.input, BID_FIELD_LABELS);
  const now = ctx.clock.now();
  const fields: Record<string, Message> = {};

  const modelIds = [...new Set(rows.map((r) => r.modelId))];
  const known = await ctx.db
    .select({ id: deviceModels.id })
    .from(deviceModels)
    .where(inArray(deviceModels.id, modelIds));
  const knownIds = new Set(known.map((m) => m.id));
  rows.forEach((row, i) => {
    if (!knownIds.has(row.modelId)) fields[`rows.${i}.modelId`] = msg("buybackBids.errors.unknownModel");
  });
  if (Object.keys(fields).length) throw new AppError("VALIDATION", { fields });

  return ctx.db.transaction(async (tx) => {
    const existing = await tx
      .select()
      .from(buybackBids)
      .where(and(eq(buybackBids.companyId, buyer.companyId), inArray(buybackBids.modelId, modelIds)))
      .orderBy(buybackBids.id)
      .for("update");
    const cellOf = (modelId: number, ng: string, grade: string) =>
      existing.find((b) => b.modelId === modelId && b.ngCondition === ng && b.grade === grade);

    // A bid id names a bid: it must be this company's, and the very cell it stands in.
    for (const row of rows) {
      for (const cell of row.cells) {
        if (cell.bidId == null) continue;
        const own = cellOf(row.modelId, row.ngCondition, cell.grade);
        if (own?.id !== cell.bidId) {
          throw new AppError("NOT_FOUND", { message: msg("buybackBids.errors.notYourBid") });
        }
      }
    }

    const earliest = tokyoDatePlus(now, BID_LIMITS.expiryMinDays);
    const latest = tokyoDatePlus(now, BID_LIMITS.expiryMaxDays);
    rows.forEach((row, i) => {
      const mine = existing.filter((b) => b.modelId === row.modelId && b.ngCondition === row.ngCondition);
      const stored = mine.find((b) => b.expiresAt !== null)?.expiresAt;
      const unchanged = stored ? expiresOnOf(stored) === row.expiresOn : false;
      if (row.expiresOn !== null && !unchanged && (row.expiresOn < earliest || row.expiresOn > latest)) {
        fields[`rows.${i}.expiresOn`] = msg("buybackBids.errors.expiresOn", {
          max: BID_LIMITS.expiryMaxDays,
        });
      }
      if (row.quantityCap !== null) {
        const held = Math.max(
          0,
          ...row.cells.map((c) => cellOf(row.modelId, row.ngCondition, c.grade)?.reserved ?? 0),
        );
        if (row.quantityCap < held) {
          fields[`rows.${i}.quantityCap`] = msg("buybackBids.errors.capBelowReserved", { count: held });
        }
      }
    });
    if (Object.keys(fields).length) throw new AppError("VALIDATION", { fields });

    const result: SetBidsResult = { created: 0, updated: 0, unchanged: 0 };
    const audit = { db: tx, clock: ctx.clock };
    const operator = { id: buyer.userId, roles: [] };
    for (const row of rows) {
      for (const cell of row.cells) {
        const bid = cellOf(row.modelId, row.ngCondition, cell.grade);
        const after = {
          price: cell.price,
          enabled: cell.enabled,
          quantityCap: row.quantityCap,
          expiresAt: row.expiresOn === null ? null : expiresAtOf(row.expiresOn),
        };
        if (!bid) {
          if (cell.price === null && !cell.enabled) continue;
          const [created] = await tx
            .insert(buybackBids)
            .values({
              companyId: buyer.companyId,
              modelId: row.modelId,
              grade: cell.grade,
              ngCondition: row.ngCondition,
              ...after,
              priceSetAt: now,
              updatedBy: buyer.userId,
              createdAt: now,
              updatedAt: now,
            })
            .onConflictDoNothing()
            .returning({ id: buybackBids.id });
          // Another save of the same company's list won the race for this cell: this one changes nothing.
          if (!created)
            throw new AppError("CONFLICT", { message: msg("buybackBids.errors.changedMeanwhile") });
          await recordAudit(audit, {
            operator,
            action: "buyback_bids:save",
            target: { type: "buyback_bid", id: created.id },
            changes: {
              ...diffFields(null, { modelId: row.modelId, grade: cell.grade, ngCondition: row.ngCondition }),
              ...diffFields(null, after),
            },
            meta: o.meta,
          });
          result.created += 1;
          continue;
        }
        const changes = diffFields(settable(bid), after);
        if (Object.keys(changes).length === 0) {
          result.unchanged += 1;
          continue;
        }
        await tx
          .update(buybackBids)
          .set({
            ...after,
            ...(bid.price !== cell.price ? { priceSetAt: now } : {}),
            updatedBy: buyer.userId,
            updatedAt: now,
          })
          .where(and(eq(buybackBids.id, bid.id), eq(buybackBids.companyId, buyer.companyId)));
        await recordAudit(audit, {
          operator,
          action: "buyback_bids:save",
          target: { type: "buyback_bid", id: bid.id },
          changes,
          meta: o.meta,
        });
        result.updated += 1;
      }
    }
    return result;
  });
}
