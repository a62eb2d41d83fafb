import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import { transactionMessages, users } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { parseInput } from "../shared/parse-input.ts";
import { maxLength, printSafeText, required, text } from "../shared/validation/index.ts";
import { loadTransaction, roleOf } from "./load-transaction.ts";
import { tradeNotice } from "./trade-notice.ts";

export const ZMessage = z.object({ body: text(required(), maxLength(1000), printSafeText()) });
const FINISHED = ["COMPLETED", "CANCELED", "INVALID"];

export type TransactionMessage = {
  id: number;
  senderId: number;
  senderNickname: string;
  body: string;
  createdAt: Date;
};

/** A message on the transaction's thread, between buyer and seller while the sale is open. */
export async function postTransactionMessage(
  ctx: CoreContext,
  o: { actor: SessionUser; transactionId: number; input: unknown },
): Promise<TransactionMessage> {
  const { body } = parseInput(ZMessage, o.input, { body: msg("trading.fields.message") });
  const t = await loadTransaction(ctx.db, o.transactionId);
  const role = roleOf(t, o.actor);
  if (role !== "buyer" && role !== "seller") throw new AppError("FORBIDDEN");
  if (FINISHED.includes(t.state)) {
    throw new AppError("CONFLICT", {
      message: msg("trading.errors.messagesClosed"),
    });
  }
  const [row] = await ctx.db
    .insert(transactionMessages)
    .values({ transactionId: t.id, senderId: o.actor.id, body, createdAt: ctx.clock.now() })
    .returning();
  await tradeNotice(ctx, {
    userId: role === "buyer" ? t.sellerId : t.buyerId,
    kind: "message",
    transaction: t,
    event: "message",
  });
  return {
    id: row!.id,
    senderId: o.actor.id,
    senderNickname: o.actor.nickname,
    body,
    createdAt: row!.createdAt,
  };
}

export async function listTransactionMessages(
  ctx: Pick<CoreContext, "db">,
  transactionId: number,
): Promise<TransactionMessage[]> {
  return ctx.db
    .select({
      id: transactionMessages.id,
      senderId: transactionMessages.senderId,
      senderNickname: users.nickname,
      body: transactionMessages.body,
      createdAt: transactionMessages.createdAt,
    })
    .from(transactionMessages)
    .innerJoin(users, eq(users.id, transactionMessages.senderId))
    .where(eq(transactionMessages.transactionId, transactionId))
    .orderBy(asc(transactionMessages.id));
}
