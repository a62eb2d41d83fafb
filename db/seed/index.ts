import { count } from "drizzle-orm";
import type { CoreContext } from "#core/shared/context.ts";
import type { Db } from "../client.ts";
import { users } from "../schema/index.ts";
import { seedDemoBuybackSpots } from "./buyback-spots.ts";
import { seedDemoAccounts } from "./demo-accounts.ts";
import { seedDemoBackOffice } from "./demo-back-office.ts";
import { seedDemoBalance } from "./demo-balance.ts";
import { seedDemoBuyback } from "./demo-buyback.ts";
import { seedDemoCatalogue } from "./demo-catalogue.ts";
import { seedDemoChecks } from "./demo-checks.ts";
import { seedDemoMedia } from "./demo-media.ts";
import { seedDemoOffers } from "./demo-offers.ts";
import { seedDeviceModels } from "./device-models.ts";

export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) === 0;
}

/**
 * The demo data set: accounts, the model catalogue, listings with photos, the media, work waiting
 * in the back office (`backOffice: false` leaves that out), はなこ's balance history and the
 * buyback with its market history. Safe to run again.
 */
export async function seed(
  ctx: CoreContext,
  o: { items?: number; backOffice?: boolean } = {},
): Promise<{ accounts: number; models: number; items: number; posts: number; backOffice: number }> {
  const accounts = await seedDemoAccounts(ctx.db, ctx.secret);
  const models = await seedDeviceModels(ctx.db);
  const items = await seedDemoCatalogue(ctx, o);
  const posts = await seedDemoMedia(ctx.db, ctx.blobs);
  const backOffice = o.backOffice === false ? 0 : await seedDemoBackOffice(ctx);
  await seedDemoBalance(ctx);
  await seedDemoBuyback(ctx);
  await seedDemoBuybackSpots(ctx.db);
  await seedDemoOffers(ctx);
  await seedDemoChecks(ctx);
  return { accounts, models, items, posts, backOffice };
}
