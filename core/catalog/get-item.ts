import { and, asc, count, desc, eq, inArray, ne } from "drizzle-orm";
import { blocks, deviceModels, itemPhotos, items, likes, users } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { isCommentable } from "../social/comments.ts";
import { cardColumns, type ItemCard, withThumbs } from "./item-card.ts";
import { availableItemActions, EDITABLE_STATES, PUBLIC_STATES, SEARCHABLE_STATES } from "./item-states.ts";
import { maskImei } from "./models.ts";

export type ItemDetail = Awaited<ReturnType<typeof getItem>>;

/**
 * A listing as its viewer may see it: drafts and private listings exist only for their seller; the
 * IMEI's serial part is hidden from everyone else.
 */
export async function getItem(
  ctx: Pick<CoreContext, "db" | "blobs">,
  o: { itemId: number; viewerId: number | null },
) {
  const [row] = await ctx.db
    .select({ item: items, modelName: deviceModels.name })
    .from(items)
    .leftJoin(deviceModels, eq(deviceModels.id, items.modelId))
    .where(eq(items.id, o.itemId))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND");
  const { item } = row;
  const isSeller = o.viewerId === item.sellerId;
  if (!isSeller && !PUBLIC_STATES.includes(item.state)) throw new AppError("NOT_FOUND");

  const [photos, [seller], [listingCount], liked, blockedBySeller] = await Promise.all([
    ctx.db.select().from(itemPhotos).where(eq(itemPhotos.itemId, item.id)).orderBy(asc(itemPhotos.position)),
    ctx.db
      .select({
        id: users.id,
        nickname: users.nickname,
        avatarKey: users.avatarKey,
        identityVerifiedAt: users.identityVerifiedAt,
      })
      .from(users)
      .where(eq(users.id, item.sellerId)),
    ctx.db
      .select({ n: count() })
      .from(items)
      .where(and(eq(items.sellerId, item.sellerId), inArray(items.state, [...SEARCHABLE_STATES]))),
    o.viewerId
      ? ctx.db
          .select({ itemId: likes.itemId })
          .from(likes)
          .where(and(eq(likes.userId, o.viewerId), eq(likes.itemId, item.id)))
      : Promise.resolve([]),
    o.viewerId && !isSeller
      ? ctx.db
          .select({ b: blocks.blockerId })
          .from(blocks)
          .where(and(eq(blocks.blockerId, item.sellerId), eq(blocks.blockedId, o.viewerId)))
      : Promise.resolve([]),
  ]);
  const { imei, ...rest } = item;
  return {
    ...rest,
    modelName: row.modelName,
    imei: imei ? (isSeller ? imei : maskImei(imei)) : null,
    photos: photos.map((p) => ({
      id: p.id,
      width: p.width,
      height: p.height,
      thumbUrl: ctx.blobs.url(`${p.key}-thumb.webp`),
      largeUrl: ctx.blobs.url(`${p.key}-large.webp`),
    })),
    seller: {
      id: seller!.id,
      nickname: seller!.nickname,
      avatarUrl: seller!.avatarKey ? ctx.blobs.url(`${seller!.avatarKey}-thumb.webp`) : null,
      identityVerified: seller!.identityVerifiedAt !== null,
      listingCount: listingCount?.n ?? 0,
    },
    /** Whether the listing takes new comments (from anyone the seller has not blocked). */
    commentable: isCommentable(item.state),
    viewer: {
      isSeller,
      liked: liked.length > 0,
      blockedBySeller: blockedBySeller.length > 0,
      /** For the seller: whether the listing can still be edited or deleted, and the state changes open now. */
      canEdit: isSeller && EDITABLE_STATES.includes(item.state),
      actions: isSeller ? availableItemActions(item.state, "seller") : [],
    },
  };
}

/** Other listings a buyer of this one may want: same model, else same brand or category. */
export async function relatedItems(
  ctx: Pick<CoreContext, "db" | "blobs">,
  item: { id: number; modelId: number | null; brandCode: string | null; categoryCode: string | null },
  limit = 6,
): Promise<ItemCard[]> {
  const by = item.modelId
    ? eq(items.modelId, item.modelId)
    : item.brandCode
      ? eq(items.brandCode, item.brandCode)
      : item.categoryCode
        ? eq(items.categoryCode, item.categoryCode)
        : undefined;
  if (!by) return [];
  const rows = await ctx.db
    .select(cardColumns)
    .from(items)
    .where(and(by, eq(items.state, "SALE"), ne(items.id, item.id)))
    .orderBy(desc(items.publishedAt))
    .limit(limit);
  return withThumbs(ctx, rows);
}
