import { eq } from "drizzle-orm";
import { items } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import type { TItemInput } from "./item-fields.ts";
import { copyItemPhotos } from "./item-photos.ts";
import { isCopyableState } from "./item-states.ts";
import { assertMaySell } from "./may-sell.ts";
import { saveItem } from "./save-item.ts";

const NOT_COPYABLE = msg("listing.copy.notCopyable");

/**
 * 「同じ内容で出品」: a new draft of the seller's own sold or stopped listing, with its title,
 * description, category, brand and model, condition, device facts, defects, shipping and price,
 * and copies of its photos, for the seller to review and publish. The IMEI names one device and is
 * not copied. Only the seller may; the draft is checked like any other (`saveItem`).
 */
export async function copyItem(
  ctx: CoreContext,
  o: { actor: SessionUser; itemId: number },
): Promise<{ id: number }> {
  await assertMaySell(ctx, o.actor, { publishing: false });
  const [item] = await ctx.db.select().from(items).where(eq(items.id, o.itemId)).limit(1);
  if (!item) throw new AppError("NOT_FOUND");
  if (item.sellerId !== o.actor.id) throw new AppError("FORBIDDEN");
  if (!isCopyableState(item.state)) throw new AppError("CONFLICT", { message: NOT_COPYABLE });
  const input: TItemInput = {
    title: item.title,
    description: item.description,
    price: item.price ?? undefined,
    categoryCode: item.categoryCode ?? undefined,
    brandCode: item.brandCode ?? undefined,
    modelId: item.modelId ?? undefined,
    condition: item.condition ?? undefined,
    postage: item.postage ?? undefined,
    shippingMethod: item.shippingMethod ?? undefined,
    leadTime: item.leadTime ?? undefined,
    storageGb: item.storageGb ?? undefined,
    color: item.color ?? undefined,
    carrier: item.carrier ?? undefined,
    networkRestriction: item.networkRestriction ?? undefined,
    activationLock: item.activationLock ?? undefined,
    batteryHealth: item.batteryHealth ?? undefined,
    defects: item.defects,
  } as TItemInput;
  const { id } = await saveItem(ctx, { actor: o.actor, input, publish: false });
  try {
    await copyItemPhotos(ctx, { actor: o.actor, fromItemId: item.id, toItemId: id });
  } catch (error) {
    // A copy whose photos could not be written is not left behind half-made.
    await ctx.db.delete(items).where(eq(items.id, id));
    throw error;
  }
  return { id };
}
