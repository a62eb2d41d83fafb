import { count } from "drizzle-orm";
import type { BlobStore } from "#core/storage/blob-store.ts";
import type { Db } from "../client.ts";
import { users } from "../schema/index.ts";
import { seedDemoAccounts } from "./demo-accounts.ts";
import { seedDemoCatalogue } from "./demo-catalogue.ts";
import { seedDemoMedia } from "./demo-media.ts";
import { seedDeviceModels } from "./device-models.ts";

export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) === 0;
}

/** The demo data set: accounts, the model catalogue, listings with photos and the media. Safe to run again. */
export async function seed(
  ctx: { db: Db; blobs: BlobStore },
  o: { items?: number } = {},
): Promise<{ accounts: number; models: number; items: number; posts: number }> {
  const accounts = await seedDemoAccounts(ctx.db);
  const models = await seedDeviceModels(ctx.db);
  const items = await seedDemoCatalogue(ctx, o);
  const posts = await seedDemoMedia(ctx.db);
  return { accounts, models, items, posts };
}
