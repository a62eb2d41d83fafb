import { sql } from "drizzle-orm";
import { expect } from "vitest";
import type { Db } from "#db/client.ts";

/**
 * The ledger's invariants (quality.md): every journal entry balances, no member account is below
 * zero, all accounts together sum to zero, and each account's balance equals the sum of its lines.
 * Call it after any test that moves money.
 */
export async function expectLedgerInvariants(db: Db): Promise<void> {
  const unbalanced = await db.execute(sql`
    select e.id, coalesce(sum(l.amount), 0)::bigint as total, count(l.id)::int as lines
    from journal_entries e left join journal_lines l on l.entry_id = e.id
    group by e.id having coalesce(sum(l.amount), 0) <> 0 or count(l.id) < 2`);
  expect(rowsOf(unbalanced), "journal entries that do not balance").toEqual([]);
  const negative = await db.execute(
    sql`select id, user_id, kind, balance from ledger_accounts where user_id is not null and balance < 0`,
  );
  expect(rowsOf(negative), "member accounts below zero").toEqual([]);
  const total = rowsOf(
    await db.execute(sql`select coalesce(sum(balance), 0)::bigint as total from ledger_accounts`),
  );
  expect(Number(total[0]!.total), "sum of all accounts").toBe(0);
  const drift = await db.execute(sql`
    select a.id, a.balance, coalesce(sum(l.amount), 0)::bigint as lines
    from ledger_accounts a left join journal_lines l on l.account_id = a.id
    group by a.id having a.balance <> coalesce(sum(l.amount), 0)`);
  expect(rowsOf(drift), "accounts whose balance is not the sum of their lines").toEqual([]);
}

function rowsOf(result: unknown): Record<string, unknown>[] {
  return Array.isArray(result) ? result : ((result as { rows: Record<string, unknown>[] }).rows ?? []);
}
