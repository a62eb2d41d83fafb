import { and, desc, eq, ne, sql } from "drizzle-orm";
import { blocks, deviceModels, itemPhotos, items, likes, transactions, users } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { cardColumns, type ItemCard, withThumbs } from "./item-card.ts";
import {
  availableItemActions,
  EDITABLE_STATES,
  isCommentable,
  PUBLIC_STATES,
  SEARCHABLE_STATES,
} from "./item-states.ts";
import { maskImei } from "./models.ts";

export type ItemDetail = Awaited<ReturnType<typeof getItem>>;

type PhotoRow = { id: number; key: string; width: number; height: number };

/**
 * A listing as its viewer may see it: drafts and private listings exist only for their seller; the
 * IMEI's serial part is hidden from everyone else.
 */
export async function getItem(
  ctx: Pick<CoreContext, "db" | "blobs">,
  o: { itemId: number; viewerId: number | null },
) {
  // One statement: the listing, its model, seller and photos, and what the viewer has to do with it.
  const viewer = o.viewerId ?? 0;
  const [row] = await ctx.db
    .select({
      item: items,
      modelName: deviceModels.name,
      seller: {
        id: users.id,
        nickname: users.nickname,
        avatarKey: users.avatarKey,
        identityVerifiedAt: users.identityVerifiedAt,
      },
      photos: sql<PhotoRow[]>`coalesce((
        select json_agg(json_build_object('id', ${itemPhotos.id}, 'key', ${itemPhotos.key}, 'width', ${itemPhotos.width}, 'height', ${itemPhotos.height}) order by ${itemPhotos.position})
        from ${itemPhotos} where ${itemPhotos.itemId} = ${items.id}
      ), '[]'::json)`,
      listingCount: sql<number>`(
        select count(*)::int from ${items} as "listed"
        where "listed"."seller_id" = ${items.sellerId} and "listed"."state" in ${[...SEARCHABLE_STATES]}
      )`.mapWith(Number),
      liked: sql<boolean>`exists (
        select 1 from ${likes} where ${likes.userId} = ${viewer} and ${likes.itemId} = ${items.id}
      )`,
      blockedBySeller: sql<boolean>`exists (
        select 1 from ${blocks} where ${blocks.blockerId} = ${items.sellerId} and ${blocks.blockedId} = ${viewer}
      )`,
      inTrade: sql<boolean>`exists (
        select 1 from ${transactions} where ${transactions.itemId} = ${items.id}
        and (${transactions.buyerId} = ${viewer} or ${transactions.sellerId} = ${viewer})
      )`,
    })
    .from(items)
    .innerJoin(users, eq(users.id, items.sellerId))
    .leftJoin(deviceModels, eq(deviceModels.id, items.modelId))
    .where(eq(items.id, o.itemId))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND");
  const { item, seller } = row;
  const isSeller = o.viewerId === item.sellerId;
  if (!isSeller && !PUBLIC_STATES.includes(item.state)) throw new AppError("NOT_FOUND");
  const { photos } = row;
  const liked = o.viewerId !== null && row.liked;
  const blockedBySeller = o.viewerId !== null && !isSeller && row.blockedBySeller;
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
      id: seller.id,
      nickname: seller.nickname,
      avatarUrl: seller.avatarKey ? ctx.blobs.url(`${seller.avatarKey}-thumb.webp`) : null,
      identityVerified: seller.identityVerifiedAt !== null,
      listingCount: row.listingCount,
    },
    /** Whether the listing takes new comments (from anyone the seller has not blocked). */
    commentable: isCommentable(item.state),
    viewer: {
      isSeller,
      liked,
      blockedBySeller,
      /** Whether the viewer is the buyer or the seller of a transaction on the listing: only they see it. */
      inTrade: o.viewerId !== null && row.inTrade,
      /** For the seller: whether the listing can still be edited or deleted, and the state changes open now. */
      canEdit: isSeller && EDITABLE_STATES.includes(item.state),
      actions: isSeller ? availableItemActions(item.state, "seller") : [],
    },
  };
}

/** Other listings a buyer of this one may want: same model, else same brand or category. */
export async function relatedItems(
  ctx: Pick<CoreContext, "db" | "blobs" | "clock">,
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
