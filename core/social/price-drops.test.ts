import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { items, jobs, notifications } from "#db/schema/index.ts";
import { seedDeviceModels } from "#db/seed/device-models.ts";
import { LISTING, listItem, makeMember } from "#tests/helpers/catalog.ts";
import { createTestCore, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import { saveItem } from "../catalog/save-item.ts";
import type { SessionUser } from "../identity/sessions.ts";
import { createJobRunner } from "../jobs/job-runner.ts";
import { saveNotificationSettings } from "../notify/notification-settings.ts";
import { blockUser } from "./blocks.ts";
import { likeItem } from "./likes.ts";
import { notifyPriceDrop, PRICE_DROP_JOB_HANDLERS } from "./price-drops.ts";

describe.each(ENGINES)("price drops on %s", (engine) => {
  let t: TestCore;
  beforeAll(async () => {
    t = await createTestCore(engine, "2026-11-22T03:00:00Z");
    await seedDeviceModels(t.ctx.db);
  });
  afterAll(async () => {
    await t.close();
  });

  const runJobs = () => createJobRunner({ ctx: t.ctx, handlers: PRICE_DROP_JOB_HANDLERS }).runDue();

  async function setPrice(seller: SessionUser, itemId: number, price: number) {
    await saveItem(t.ctx, {
      actor: seller,
      itemId,
      input: { ...LISTING, price: String(price) },
      publish: true,
    });
  }

  async function priceDrops(userId: number, itemId?: number) {
    const rows = await t.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.kind, "price_drop")));
    return rows.filter((n) => itemId === undefined || n.payload.itemId === itemId);
  }

  it("tells each member who liked a listing on sale, off the seller's request, once a Tokyo day", async () => {
    const seller = await makeMember(t.ctx);
    const [a, b, blocked, blocker] = await Promise.all([
      makeMember(t.ctx),
      makeMember(t.ctx),
      makeMember(t.ctx),
      makeMember(t.ctx),
    ]);
    const itemId = await listItem(t.ctx, seller, { price: "12000" });
    for (const m of [a, b, blocked, blocker]) await likeItem(t.ctx, { actor: m, itemId });
    await blockUser(t.ctx, { actor: seller, userId: blocked.id });
    await blockUser(t.ctx, { actor: blocker, userId: seller.id });

    await setPrice(seller, itemId, 10000);
    // Nothing is told in the seller's request: the fan-out waits in the job queue.
    expect(await priceDrops(a.id, itemId)).toHaveLength(0);
    expect(await runJobs()).toBeGreaterThanOrEqual(1);
    for (const m of [a, b]) {
      const told = await priceDrops(m.id, itemId);
      expect(told).toHaveLength(1);
      expect(told[0]!.payload).toMatchObject({
        itemId,
        previous: 12000,
        amount: 10000,
        title: LISTING.title,
      });
    }
    expect(await priceDrops(blocked.id, itemId)).toHaveLength(0);
    expect(await priceDrops(blocker.id, itemId)).toHaveLength(0);
    expect(await priceDrops(seller.id)).toHaveLength(0);

    // A second drop the same day (in Tokyo) is not told again; a run repeated tells nobody twice.
    t.clock.advance(10 * 60 * 60 * 1000); // 22:00 JST
    await setPrice(seller, itemId, 9000);
    await runJobs();
    expect(await notifyPriceDrop(t.ctx, { itemId, from: 12000, to: 10000 })).toBe(0);
    expect(await priceDrops(a.id, itemId)).toHaveLength(1);

    // The next day in Tokyo, a drop is news again.
    t.clock.advance(3 * 60 * 60 * 1000); // 01:00 JST the next day
    await setPrice(seller, itemId, 8000);
    await runJobs();
    const again = await priceDrops(a.id, itemId);
    expect(again).toHaveLength(2);
    expect(again.at(-1)!.payload).toMatchObject({ previous: 9000, amount: 8000 });
  });

  it("tells nothing for a raise or the same price, or once the listing is no longer on sale", async () => {
    const seller = await makeMember(t.ctx);
    const fan = await makeMember(t.ctx);
    const itemId = await listItem(t.ctx, seller, { price: "20000" });
    await likeItem(t.ctx, { actor: fan, itemId });
    const queued = async () =>
      (await t.ctx.db.select().from(jobs).where(eq(jobs.name, "social.notify-price-drop"))).filter(
        (j) => j.payload.itemId === itemId,
      ).length;

    await setPrice(seller, itemId, 25000);
    await setPrice(seller, itemId, 25000);
    expect(await queued()).toBe(0);

    // Dropped, then sold before the queue got to it: nobody is told.
    t.clock.advance(24 * 60 * 60 * 1000);
    await setPrice(seller, itemId, 15000);
    expect(await queued()).toBe(1);
    await t.ctx.db.update(items).set({ state: "SOLD" }).where(eq(items.id, itemId));
    await runJobs();
    expect(await priceDrops(fan.id, itemId)).toHaveLength(0);
  });

  it("mails the drop only to members who take price drops by mail", async () => {
    const seller = await makeMember(t.ctx);
    const quiet = await makeMember(t.ctx);
    const mailed = await makeMember(t.ctx);
    await saveNotificationSettings(t.ctx, {
      actor: mailed,
      input: { price_drops: { mail: true, push: false } },
    });
    const itemId = await listItem(t.ctx, seller, { price: "30000", title: "Xperia 5 III ジャンク" });
    await likeItem(t.ctx, { actor: quiet, itemId });
    await likeItem(t.ctx, { actor: mailed, itemId });
    t.clock.advance(24 * 60 * 60 * 1000);
    await setPrice(seller, itemId, 27500);
    await runJobs();
    await runJobs();
    const mail = await t.smtp.lastTo(mailed.email);
    expect(mail.subject).toContain("いいね！した商品が値下げされました");
    expect(mail.text).toContain("¥30,000 から ¥27,500 に値下げされました");
    expect(mail.text).toContain(`/ja/items/${itemId}/`);
    expect(mail.text).toContain("/ja/settings/notifications/");
    expect(t.smtp.messages.filter((m) => m.to.includes(quiet.email))).toHaveLength(0);
    expect(await priceDrops(quiet.id, itemId)).toHaveLength(1);
  });
});
