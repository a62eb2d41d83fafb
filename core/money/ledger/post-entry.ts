import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { journalEntries, journalLines, ledgerAccounts } from "#db/schema/index.ts";
import type { Clock } from "../../shared/clock.ts";
import { AppError, isDatabaseError } from "../../shared/errors.ts";
import { msg } from "../../shared/i18n/translate.ts";
import type { AccountRef, JournalLine } from "./accounts.ts";

const LEDGER_MESSAGES = {
  insufficient: msg("ledger.errors.insufficient"),
  keyReused: msg("ledger.errors.keyReused"),
};

export type PostedEntry = { entryId: number; created: boolean };

/** One account's key among an entry's lines: the member's id (or the platform) and the kind. */
function accountKey(a: AccountRef): string {
  return `${a.userId ?? "platform"}:${a.kind}`;
}

function sameLines(a: JournalLine[], b: JournalLine[]): boolean {
  const norm = (lines: JournalLine[]) =>
    lines
      .map((l) => `${accountKey(l.account)}=${l.amount}`)
      .sort()
      .join(",");
  return norm(a) === norm(b);
}

function checkBalanced(lines: JournalLine[]): void {
  if (lines.length < 2) throw new Error("A journal entry needs at least two lines");
  for (const l of lines) {
    if (!Number.isSafeInteger(l.amount) || l.amount === 0)
      throw new Error(`A journal line must be a non-zero whole number of yen, not ${l.amount}`);
  }
  const sum = lines.reduce((s, l) => s + l.amount, 0);
  if (sum !== 0) throw new Error(`A journal entry must balance; these lines sum to ${sum}`);
}

const accountWhere = (refs: AccountRef[]) =>
  or(
    ...refs.map((r) =>
      and(
        r.userId === null ? isNull(ledgerAccounts.userId) : eq(ledgerAccounts.userId, r.userId),
        eq(ledgerAccounts.kind, r.kind),
      ),
    ),
  );

/**
 * Posts one balanced movement of money. The same idempotency key posts once: a repeat with the same
 * lines answers the first entry, with other lines a CONFLICT. Accounts are locked in id order (no
 * deadlocks between entries touching the same accounts), and a member account that would go below
 * zero stops the whole entry (CHECK constraint), reported as CONFLICT "balance not enough".
 */
export async function postEntry(
  ctx: { db: Db; clock: Clock },
  o: { idempotencyKey: string; kind: string; refs?: Record<string, number | string>; lines: JournalLine[] },
): Promise<PostedEntry> {
  checkBalanced(o.lines);
  const now = ctx.clock.now();
  try {
    return await ctx.db.transaction(async (tx) => {
      const [entry] = await tx
        .insert(journalEntries)
        .values({ idempotencyKey: o.idempotencyKey, kind: o.kind, refs: o.refs ?? {}, createdAt: now })
        .onConflictDoNothing({ target: journalEntries.idempotencyKey })
        .returning({ id: journalEntries.id });
      if (!entry) {
        const existing = await entryByKey(tx, o.idempotencyKey);
        if (!existing || !sameLines(existing.lines, o.lines))
          throw new AppError("CONFLICT", { message: LEDGER_MESSAGES.keyReused });
        return { entryId: existing.id, created: false };
      }
      const refs = [...new Map(o.lines.map((l) => [accountKey(l.account), l.account])).values()];
      await tx
        .insert(ledgerAccounts)
        .values(refs.map((r) => ({ userId: r.userId, kind: r.kind, updatedAt: now })))
        .onConflictDoNothing();
      const accounts = await tx
        .select({ id: ledgerAccounts.id, userId: ledgerAccounts.userId, kind: ledgerAccounts.kind })
        .from(ledgerAccounts)
        .where(accountWhere(refs))
        .orderBy(ledgerAccounts.id)
        .for("update");
      const idOf = new Map(accounts.map((a) => [`${a.userId ?? "platform"}:${a.kind}`, a.id]));
      const deltas = new Map<number, number>();
      for (const l of o.lines) {
        const id = idOf.get(accountKey(l.account))!;
        deltas.set(id, (deltas.get(id) ?? 0) + l.amount);
      }
      for (const [id, delta] of [...deltas].sort((a, b) => a[0] - b[0])) {
        if (delta === 0) continue;
        await tx
          .update(ledgerAccounts)
          .set({ balance: sql`${ledgerAccounts.balance} + ${delta}`, updatedAt: now })
          .where(eq(ledgerAccounts.id, id));
      }
      await tx.insert(journalLines).values(
        o.lines.map((l) => ({
          entryId: entry.id,
          accountId: idOf.get(accountKey(l.account))!,
          amount: l.amount,
        })),
      );
      return { entryId: entry.id, created: true };
    });
  } catch (error) {
    if (isDatabaseError(error, "23514"))
      throw new AppError("CONFLICT", { message: LEDGER_MESSAGES.insufficient });
    throw error;
  }
}

async function entryByKey(db: Db, key: string): Promise<{ id: number; lines: JournalLine[] } | null> {
  const rows = await db
    .select({
      id: journalEntries.id,
      userId: ledgerAccounts.userId,
      kind: ledgerAccounts.kind,
      amount: journalLines.amount,
    })
    .from(journalEntries)
    .innerJoin(journalLines, eq(journalLines.entryId, journalEntries.id))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, journalLines.accountId))
    .where(eq(journalEntries.idempotencyKey, key));
  if (rows.length === 0) return null;
  return {
    id: rows[0]!.id,
    lines: rows.map((r) => ({ account: { userId: r.userId, kind: r.kind } as AccountRef, amount: r.amount })),
  };
}
