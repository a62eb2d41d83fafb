import { inArray, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { items } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";

/** What a list of listings shows for each: enough for a tile, nothing more. */
export type ItemCard = {
  id: number;
  title: string;
  price: number | null;
  state: string;
  condition: string | null;
  brandCode: string | null;
  likeCount: number;
  defectCount: number;
  /** Holds a self-check report in date (動作チェック済み). */
  checked: boolean;
  thumbUrl: string | null;
};

/**
 * The key of a listing's first photo, read in the same statement as the listing: `itemId` names the
 * listing's id in the outer query.
 */
export function firstPhotoKey(itemId: SQLWrapper): SQL<string | null> {
  return sql<
    string | null
  >`(select "key" from "item_photos" where "item_photos"."item_id" = ${itemId} order by "position" limit 1)`;
}

export const cardColumns = {
  id: items.id,
  title: items.title,
  price: items.price,
  state: items.state,
  condition: items.condition,
  brandCode: items.brandCode,
  likeCount: items.likeCount,
  defectCount: sql<number>`cardinality(${items.defects})`.mapWith(Number),
  // Written out in full because Drizzle leaves column names unqualified in a single-table select,
  // where "id" would mean the photo's.
  thumbKey: firstPhotoKey(sql`"items"."id"`),
  // The end of its report's 30 days (milliseconds), if it holds one: the card says whether that is
  // still ahead by the clock, one probe of the reports' index on their listing.
  checkedUntil: sql<
    number | null
  >`(select extract(epoch from "device_checks"."expires_at") * 1000 from "device_checks" where "device_checks"."item_id" = "items"."id")`.mapWith(
    Number,
  ),
};

type CardRow = Omit<ItemCard, "thumbUrl" | "checked"> & {
  thumbKey: string | null;
  checkedUntil: number | null;
};

/**
 * Turns rows of `cardColumns` into cards, with the address of each first photo's thumbnail and
 * whether the listing's report is in date.
 */
export function withThumbs(ctx: Pick<CoreContext, "blobs" | "clock">, rows: CardRow[]): ItemCard[] {
  const now = ctx.clock.now().getTime();
  return rows.map(({ thumbKey, checkedUntil, ...r }) => ({
    ...r,
    checked: checkedUntil !== null && checkedUntil > now,
    thumbUrl: thumbKey ? ctx.blobs.url(`${thumbKey}-thumb.webp`) : null,
  }));
}

export async function cardsByIds(
  ctx: Pick<CoreContext, "db" | "blobs" | "clock">,
  ids: number[],
): Promise<ItemCard[]> {
  if (ids.length === 0) return [];
  const rows = await ctx.db.select(cardColumns).from(items).where(inArray(items.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return withThumbs(
    ctx,
    ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])),
  );
}
