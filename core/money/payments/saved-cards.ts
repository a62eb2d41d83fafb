import { and, eq } from "drizzle-orm";
import { paymentCustomers, users } from "#db/schema/index.ts";
import type { CoreContext } from "../../shared/context.ts";
import { AppError } from "../../shared/errors.ts";
import { msg } from "../../shared/i18n/translate.ts";
import type { SavedCard } from "./gateway.ts";

/** The member's customer id at the configured provider, or null before their first saved card. */
export async function findCustomerId(
  ctx: Pick<CoreContext, "db" | "payments">,
  userId: number,
): Promise<string | null> {
  const [row] = await ctx.db
    .select({ id: paymentCustomers.customerId })
    .from(paymentCustomers)
    .where(and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.provider, ctx.payments.name)));
  return row?.id ?? null;
}

/** Cards the member saved with the provider (brand, last four digits, expiry). */
export async function listSavedCards(ctx: CoreContext, o: { userId: number }): Promise<SavedCard[]> {
  const customerId = await findCustomerId(ctx, o.userId);
  return customerId ? ctx.payments.listCards(customerId) : [];
}

/** Saves the card behind a browser-made token; the first card creates the member's customer record. */
export async function addSavedCard(
  ctx: CoreContext,
  o: { userId: number; token: string },
): Promise<SavedCard> {
  if (!/^tok_[A-Za-z0-9]{1,64}$/.test(o.token)) {
    throw new AppError("VALIDATION", {
      fields: { card: msg("payments.errors.invalidCard") },
    });
  }
  let customerId = await findCustomerId(ctx, o.userId);
  if (!customerId) {
    const [user] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, o.userId));
    const created = await ctx.payments.createCustomer({ userId: o.userId, email: user!.email });
    await ctx.db
      .insert(paymentCustomers)
      .values({
        userId: o.userId,
        provider: ctx.payments.name,
        customerId: created,
        createdAt: ctx.clock.now(),
      })
      .onConflictDoNothing();
    customerId = (await findCustomerId(ctx, o.userId))!;
  }
  return ctx.payments.addCard(customerId, o.token);
}

export async function removeSavedCard(
  ctx: CoreContext,
  o: { userId: number; cardId: string },
): Promise<void> {
  const customerId = await findCustomerId(ctx, o.userId);
  const cards = customerId ? await ctx.payments.listCards(customerId) : [];
  if (!customerId || !cards.some((c) => c.id === o.cardId)) throw new AppError("NOT_FOUND");
  await ctx.payments.deleteCard(customerId, o.cardId);
}
