import { asc, inArray, sql } from "drizzle-orm";
import { itemPhotos, items } from "#db/schema/index.ts";
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
  thumbUrl: string | null;
};

export const cardColumns = {
  id: items.id,
  title: items.title,
  price: items.price,
  state: items.state,
  condition: items.condition,
  brandCode: items.brandCode,
  likeCount: items.likeCount,
  defectCount: sql<number>`cardinality(${items.defects})`.mapWith(Number),
};

type CardRow = Omit<ItemCard, "thumbUrl">;

/** Adds each listing's first photo. */
export async function withThumbs(
  ctx: Pick<CoreContext, "db" | "blobs">,
  rows: CardRow[],
): Promise<ItemCard[]> {
  if (rows.length === 0) return [];
  const photos = await ctx.db
    .select({ itemId: itemPhotos.itemId, key: itemPhotos.key })
    .from(itemPhotos)
    .where(
      inArray(
        itemPhotos.itemId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(itemPhotos.itemId), asc(itemPhotos.position));
  const first = new Map<number, string>();
  for (const p of photos) if (!first.has(p.itemId)) first.set(p.itemId, p.key);
  return rows.map((r) => {
    const key = first.get(r.id);
    return { ...r, thumbUrl: key ? ctx.blobs.url(`${key}-thumb.webp`) : null };
  });
}

export async function cardsByIds(ctx: Pick<CoreContext, "db" | "blobs">, ids: number[]): Promise<ItemCard[]> {
  if (ids.length === 0) return [];
  const rows = await ctx.db.select(cardColumns).from(items).where(inArray(items.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return withThumbs(
    ctx,
    ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])),
  );
}
