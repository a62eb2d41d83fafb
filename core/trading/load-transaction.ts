import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { payments, transactions } from "#db/schema/index.ts";
import { AppError } from "../shared/errors.ts";
import { TRADE_MESSAGES } from "./messages.ts";
import type { TransactionRole } from "./transaction-states.ts";

export type TransactionRow = typeof transactions.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;

/** The transaction, locked for the rest of the caller's database transaction when `lock` is set. */
export async function loadTransaction(db: Db, id: number, lock = false): Promise<TransactionRow> {
  const query = db.select().from(transactions).where(eq(transactions.id, id)).limit(1);
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw new AppError("NOT_FOUND", { message: TRADE_MESSAGES.notFound });
  return row;
}

export async function paymentOf(db: Db, transactionId: number): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.transactionId, transactionId)).limit(1);
  return row ?? null;
}

/** The asker's side of the transaction; anyone else is told it does not exist. */
export function roleOf(t: TransactionRow, actor: { id: number; role: string }): TransactionRole {
  if (t.buyerId === actor.id) return "buyer";
  if (t.sellerId === actor.id) return "seller";
  if (actor.role === "operator") return "operator";
  throw new AppError("NOT_FOUND", { message: TRADE_MESSAGES.notFound });
}
