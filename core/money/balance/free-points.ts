import { and, eq, gt, lte } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "#db/client.ts";
import { balanceLots } from "#db/schema/index.ts";
import type { SessionUser } from "../../identity/sessions.ts";
import type { CoreContext } from "../../shared/context.ts";
import { parseInput } from "../../shared/parse-input.ts";
import { maxLength, required, text } from "../../shared/validation/index.ts";
import { recordAudit } from "../../staff/audit.ts";
import { authorize, type RequestMeta } from "../../staff/authorize.ts";
import { memberAccount, platformAccount } from "../ledger/accounts.ts";
import { postEntry } from "../ledger/post-entry.ts";
import { balanceNotice } from "./balance-notice.ts";
import { BALANCE_FIELD_LABELS, yenField } from "./fields.ts";
import { BALANCE_LIMITS } from "./limits.ts";
import { openLot } from "./lots.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

const ZGrant = z.object({
  amount: yenField(1, 100_000),
  expiresInDays: yenField(1, BALANCE_LIMITS.freePointsDays),
  reason: text(required(), maxLength(200)),
});

/**
 * An operator grants a member free points (a promotion, an apology): they are spent before paid
 * points and expire after `expiresInDays`. The platform's promotions account pays for them.
 */
export async function grantFreePoints(
  ctx: CoreContext,
  actor: Pick<SessionUser, "id" | "role">,
  o: { userId: number; input: Record<string, unknown>; requestKey: string; meta?: RequestMeta },
): Promise<{ lotId: number | null }> {
  const operator = await authorize(ctx, actor, "points:grant");
  const v = parseInput(ZGrant, o.input, BALANCE_FIELD_LABELS);
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const posted = await postEntry(
      { db, clock: ctx.clock },
      {
        idempotencyKey: `free-points:${o.userId}:${o.requestKey.slice(0, 64)}`,
        kind: "free_points_granted",
        refs: { operatorId: operator.id },
        lines: [
          { account: platformAccount("promotions"), amount: -v.amount },
          { account: memberAccount(o.userId, "free_points"), amount: v.amount },
        ],
      },
    );
    if (!posted.created) return { lotId: null };
    const lotId = await openLot(db, {
      userId: o.userId,
      kind: "free_points",
      amount: v.amount,
      source: { entryId: posted.entryId },
      aroseAt: now,
      deadlineAt: new Date(now.getTime() + v.expiresInDays * DAY_MS),
      reason: v.reason,
      grantedBy: operator.id,
    });
    await recordAudit(
      { db, clock: ctx.clock },
      {
        operator,
        action: "points:grant",
        target: { type: "user", id: o.userId },
        changes: { freePoints: [null, v.amount], expiresInDays: [null, v.expiresInDays] },
        reason: v.reason,
        meta: o.meta,
      },
    );
    await balanceNotice(
      { db, clock: ctx.clock },
      {
        userId: o.userId,
        event: "free_points_granted",
        amount: v.amount,
        refs: { lotId },
        days: v.expiresInDays,
      },
    );
    return { lotId };
  });
}

/**
 * Free points past their day are gone: each lot's remainder goes back to the promotions account,
 * once (the entry's key is the lot's). Answers how many lots expired.
 */
export async function expireFreePoints(ctx: CoreContext): Promise<number> {
  const due = await ctx.db
    .select({ id: balanceLots.id, userId: balanceLots.userId })
    .from(balanceLots)
    .where(
      and(
        eq(balanceLots.kind, "free_points"),
        gt(balanceLots.remaining, 0),
        lte(balanceLots.deadlineAt, ctx.clock.now()),
      ),
    )
    .limit(500);
  let expired = 0;
  for (const lot of due) {
    await ctx.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      const [row] = await db.select().from(balanceLots).where(eq(balanceLots.id, lot.id)).for("update");
      if (!row || row.remaining === 0) return;
      await postEntry(
        { db, clock: ctx.clock },
        {
          idempotencyKey: `free-points:lot:${row.id}:expired`,
          kind: "free_points_expired",
          refs: { lotId: row.id },
          lines: [
            { account: memberAccount(row.userId, "free_points"), amount: -row.remaining },
            { account: platformAccount("promotions"), amount: row.remaining },
          ],
        },
      );
      await db.update(balanceLots).set({ remaining: 0 }).where(eq(balanceLots.id, row.id));
      await balanceNotice(
        { db, clock: ctx.clock },
        {
          userId: row.userId,
          event: "free_points_expired",
          amount: row.remaining,
          refs: { lotId: row.id },
        },
      );
      expired += 1;
    });
  }
  return expired;
}
