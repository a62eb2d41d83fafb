import { and, eq, sql } from "drizzle-orm";
import { buybackApplications, buybackDeliveries, buybackItems, dealerLedger } from "#db/schema/index.ts";
import { formatAddress } from "../account/address-format.ts";
import { CATEGORIES } from "../catalog/codes.ts";
import { creditProceeds } from "../money/balance/proceeds.ts";
import { memberAccount, platformAccount } from "../money/ledger/accounts.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { renderMessage } from "../shared/i18n/translate.ts";
import { tokyoNow } from "../shared/validation/tokyo-clock.ts";
import { changeState, recordCreation } from "../state/change-state.ts";
import { nextState } from "../state/machine.ts";
import { type Acceptance, acceptanceOf, ERRORS, type ItemRow, lockOwnItem } from "./decide-offer.ts";
import { ageOn } from "./identity-rule.ts";
import { buybackNotice } from "./notice.ts";
import { diagnosticValue } from "./offer.ts";
import { BUYBACK_RULES } from "./rules.ts";
import { BUYBACK_DELIVERY_MACHINE, BUYBACK_ITEM_MACHINE } from "./states.ts";

const DAY_MS = 24 * 3600 * 1000;

/**
 * The dealer ledger row of an acquisition (古物台帳): date, kind, item, quantity, features (IMEI,
 * serial, colour, storage), the seller's name, address, occupation and age as the identity check
 * confirmed them (or, for a purchase the ¥10,000 exemption covers, as the member gave them), and how
 * identity was verified. Written once, never changed.
 */
async function writeLedgerRow(
  ctx: Pick<CoreContext, "db" | "clock">,
  item: ItemRow,
  a: Acceptance,
  amount: number,
): Promise<void> {
  const now = ctx.clock.now();
  const [application] = await ctx.db
    .select()
    .from(buybackApplications)
    .where(eq(buybackApplications.id, item.applicationId));
  const address = application?.address;
  const category = CATEGORIES.find((c) => c.code === a.model.categoryCode);
  const categoryName = category ? renderMessage(category.label, "ja") : "";
  const imei = diagnosticValue(item.diagnostics, "imei") ?? item.imei;
  const features = [
    imei ? `IMEI ${imei}` : null,
    diagnosticValue(item.diagnostics, "serialNumber")
      ? `S/N ${diagnosticValue(item.diagnostics, "serialNumber")}`
      : null,
    diagnosticValue(item.diagnostics, "color"),
    diagnosticValue(item.diagnostics, "memory") ?? (item.storageGb ? `${item.storageGb}GB` : null),
    item.grade ? `グレード${item.grade}` : null,
  ]
    .filter(Boolean)
    .join(" / ");
  const facts = a.identityNeeded || a.check ? (a.check?.verifiedFacts ?? null) : null;
  const today = tokyoNow(now).date;
  await ctx.db.insert(dealerLedger).values({
    tradedAt: now,
    kind: "買受",
    itemName: `${categoryName} ${a.model.name}`.trim(),
    quantity: 1,
    features,
    amount,
    sellerName: facts?.name ?? (address ? `${address.familyName} ${address.givenName}` : ""),
    sellerAddress: facts?.address ?? (address ? formatAddress(address) : ""),
    sellerOccupation: facts?.occupation ?? "",
    sellerAge: facts?.birthDate ? ageOn(facts.birthDate, today) : null,
    verificationMethod: facts && a.check ? a.check.method : "exempt-under-10000",
    identityCheckId: facts && a.check ? a.check.id : null,
    buybackItemId: item.id,
    userId: item.userId,
    createdAt: now,
  });
}

/**
 * Adds a bought device to its buyer's delivery that has not shipped (one per company, opened here
 * with a shipping date a few days on), and counts what the buyer owes for it.
 */
async function addToDelivery(
  ctx: Pick<CoreContext, "db" | "clock">,
  o: { itemId: number; companyId: number; amount: number; fee: number },
): Promise<number> {
  const now = ctx.clock.now();
  const ship = tokyoNow(new Date(now.getTime() + BUYBACK_RULES.deliveryLeadDays * DAY_MS)).date;
  const [opened] = await ctx.db
    .insert(buybackDeliveries)
    .values({ companyId: o.companyId, state: "10", scheduledShipDate: ship, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning({ id: buybackDeliveries.id });
  if (opened) {
    await recordCreation(ctx, {
      machine: BUYBACK_DELIVERY_MACHINE,
      id: opened.id,
      state: "10",
      actor: { role: "system" },
    });
  }
  const [delivery] = await ctx.db
    .update(buybackDeliveries)
    .set({
      productCount: sql`${buybackDeliveries.productCount} + 1`,
      paymentAmount: sql`${buybackDeliveries.paymentAmount} + ${o.amount + o.fee}`,
      updatedAt: now,
    })
    .where(and(eq(buybackDeliveries.companyId, o.companyId), eq(buybackDeliveries.state, "10")))
    .returning({ id: buybackDeliveries.id });
  if (!delivery) throw new Error(`no open delivery for company ${o.companyId}`);
  return delivery.id;
}

/**
 * The member accepts an offer (40 → 50), in one database transaction: within the week only;
 * with an identity check when the Act requires one (and never from a minor: by the verified
 * birth date, or the member's declaration when no check is needed); the dealer ledger row; the
 * amount to the member's proceeds (a ledger entry, opening its 180-day lot); the device to the
 * winning buyer's next delivery with our fee. A second accept finds the device bought (CONFLICT).
 */
/**
 * Whether the member may accept this offer now, changing nothing: the offer stands and has not
 * lapsed, the identity check the Act asks for is done, and the member is old enough (by the check,
 * or by their word where no check is needed). The acceptance's facts, or the reason why not.
 */
async function mayAccept(ctx: Pick<CoreContext, "db" | "clock">, item: ItemRow, adult: boolean) {
  const now = ctx.clock.now();
  if (item.state === "40" && item.offerExpiresAt && item.offerExpiresAt <= now) {
    throw new AppError("CONFLICT", { message: ERRORS.expired });
  }
  if (item.state !== "40" || item.offerAmount === null || item.offerCompanyId === null) {
    // The machine says why (already bought, ended, not offered yet).
    nextState(BUYBACK_ITEM_MACHINE, item.state, "accept", "member");
    throw new AppError("CONFLICT", { message: ERRORS.notNow });
  }
  const a = await acceptanceOf(ctx, item);
  if (a.identityNeeded && !a.identityVerified) throw new AppError("FORBIDDEN", { message: ERRORS.identity });
  const birthDate = a.check?.verifiedFacts?.birthDate;
  const age = birthDate ? ageOn(birthDate, tokyoNow(now).date) : null;
  if (age !== null && age < BUYBACK_RULES.minimumAge)
    throw new AppError("FORBIDDEN", { message: ERRORS.underAge });
  if (age === null && !adult) throw new AppError("VALIDATION", { fields: { adult: ERRORS.adult } });
  return a;
}

/**
 * Whether the member may accept the offer now, without accepting: what the offer page asks before
 * it asks the member to confirm. Throws as `acceptOffer` would.
 */
export async function checkAcceptOffer(
  ctx: CoreContext,
  o: { itemId: number; userId: number; adult: boolean },
): Promise<void> {
  const [item] = await ctx.db
    .select()
    .from(buybackItems)
    .where(and(eq(buybackItems.id, o.itemId), eq(buybackItems.userId, o.userId)));
  if (!item) throw new AppError("NOT_FOUND", { message: ERRORS.notFound });
  await mayAccept(ctx, item, o.adult);
}

export async function acceptOffer(
  ctx: CoreContext,
  o: { itemId: number; userId: number; adult: boolean },
): Promise<{ amount: number; deliveryId: number }> {
  return ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    const item = await lockOwnItem(c, o.itemId, o.userId);
    const now = ctx.clock.now();
    const a = await mayAccept(c, item, o.adult);
    const amount = item.offerAmount as number;
    const companyId = item.offerCompanyId as number;
    const fee = Math.floor((amount * BUYBACK_RULES.buyerFeePercent) / 100);
    const deliveryId = await addToDelivery(c, { itemId: item.id, companyId, amount, fee });
    await changeState(c, {
      machine: BUYBACK_ITEM_MACHINE,
      table: buybackItems,
      id: item.id,
      from: "40",
      action: "accept",
      actor: { role: "member", id: o.userId },
      set: { decidedAt: now, buyerFee: fee, deliveryId },
    });
    await writeLedgerRow(c, item, a, amount);
    if (amount > 0) {
      await creditProceeds(c, {
        idempotencyKey: `buyback:${item.id}:accepted`,
        kind: "buyback_accepted",
        refs: { buybackItemId: item.id },
        userId: o.userId,
        amount,
        lines: [
          { account: memberAccount(o.userId, "proceeds"), amount },
          { account: platformAccount("buyback_clearing"), amount: -amount },
        ],
      });
    }
    await buybackNotice(c, { itemId: item.id, event: "bought", amount });
    return { amount, deliveryId };
  });
}
