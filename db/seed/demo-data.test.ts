import { and, eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claimsNoDefects, listingContradictions } from "#core/catalog/listing-contradictions.ts";
import { searchItems } from "#core/catalog/search-items.ts";
import { searchQueryFromParams } from "#core/catalog/search-query.ts";
import { deviceCheckOfItem } from "#core/checks/get-device-check.ts";
import { proposedDefects } from "#core/checks/tests.ts";
import { getPost } from "#core/media/get-post.ts";
import { readingMinutes } from "#core/media/render-markdown.ts";
import { MESSAGES } from "#core/shared/i18n/catalogue.ts";
import { createTestCore, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import { deviceChecks, deviceModels, items, mediaPosts, offers, users } from "../schema/index.ts";
import { seedDemoAccounts } from "./demo-accounts.ts";
import { seedDemoCatalogue } from "./demo-catalogue.ts";
import { seedDemoChecks } from "./demo-checks.ts";
import { seedDemoMedia } from "./demo-media.ts";
import { seedDemoOffers } from "./demo-offers.ts";
import { seedDeviceModels } from "./device-models.ts";
import { SEED_POSTS } from "./media-articles.ts";

/** What a seller may not write: a buyer's rights cannot be waived (and a business seller may not try). */
const NO_CLAIM = /ノークレーム|ノーリターン|返品不可|no ?claims?,? no ?returns?/i;
/** Faults that leave a device worth its parts, whatever else is said about it. */
const PARTS_ONLY = ["battery_swollen", "no_power"];

type Row = typeof items.$inferSelect;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

describe.each(ENGINES)("the demo data on %s", (engine) => {
  let t: TestCore;
  let listings: Row[];

  beforeAll(async () => {
    t = await createTestCore(engine);
    await seedDemoAccounts(t.ctx.db, t.ctx.secret);
    await seedDeviceModels(t.ctx.db);
    await seedDemoCatalogue(t.ctx);
    await seedDemoMedia(t.ctx.db, t.ctx.blobs);
    await seedDemoOffers(t.ctx);
    await seedDemoChecks(t.ctx);
    listings = await t.ctx.db.select().from(items);
  }, 300_000);
  afterAll(async () => {
    await t?.close();
  });

  it("leaves はなこ one offer received and one sent, waiting, and makes no more when run again", async () => {
    const [hanako] = await t.ctx.db.select().from(users).where(eq(users.email, "hanako@tsugu.example"));
    const rows = await t.ctx.db.select().from(offers);
    expect(rows.map((o) => [o.state, o.sellerId === hanako!.id, o.buyerId === hanako!.id])).toEqual([
      ["PENDING", true, false],
      ["PENDING", false, true],
    ]);
    for (const o of rows) expect(o.price).toBeLessThan(o.listPrice);
    expect(await seedDemoOffers(t.ctx)).toBe(0);
  });

  it("puts the seller's own self-check on a few phones on sale, each report genuine and true to the listing's defects", async () => {
    const reports = await t.ctx.db.select().from(deviceChecks);
    expect(reports).toHaveLength(6);
    for (const row of reports) {
      const listing = listings.find((l) => l.id === row.itemId)!;
      expect(listing.state).toBe("SALE");
      expect(listing.sellerId).toBe(row.memberId);
      const report = (await deviceCheckOfItem(t.ctx, { itemId: listing.id }))!;
      expect(report.standing).toBe("genuine");
      expect(report.mismatch).toBe(false);
      // What the check found is what the listing says, no more and no less of what it can test.
      const testable = ["touch_faulty", "display_faulty", "camera_faulty", "audio_faulty"];
      expect(proposedDefects(report).sort()).toEqual(
        listing.defects.filter((d) => testable.includes(d)).sort(),
      );
    }
    expect(
      (
        await searchItems(t.ctx, {
          query: searchQueryFromParams(new URLSearchParams("checked=1")),
          limit: 50,
        })
      ).items,
    ).toHaveLength(6);
    expect(await seedDemoChecks(t.ctx)).toBe(0);
  });

  it("has the whole catalogue: on sale and the sales history", () => {
    expect(listings.length).toBeGreaterThanOrEqual(240);
  });

  it("never lists a device as flawless that is network-restricted (×) or activation-locked", () => {
    const contradicting = listings.filter((item) => listingContradictions(item).length > 0);
    expect(contradicting.map((i) => i.title)).toEqual([]);
    // And the variety is still there: restricted and locked phones, listed for what they are.
    const restricted = listings.filter((i) => i.networkRestriction === "×");
    const locked = listings.filter((i) => i.activationLock === "on");
    expect(restricted.length).toBeGreaterThan(0);
    expect(locked.length).toBeGreaterThan(0);
    for (const item of [...restricted, ...locked]) {
      expect(claimsNoDefects(item)).toBe(false);
      expect(item.title).toMatch(/利用制限×|アクティベーションロックあり/);
    }
    // 「美品」 only on a working phone with nothing wrong.
    for (const item of listings.filter((i) => i.title.includes("美品"))) {
      expect([item.condition, item.defects]).toEqual(["USED", []]);
    }
  });

  it("prices a swollen battery, a dead or a locked phone well below a working one of the same model", async () => {
    const names = new Map(
      (await t.ctx.db.select({ id: deviceModels.id, name: deviceModels.name }).from(deviceModels)).map(
        (m) => [m.id, m.name],
      ),
    );
    const working = new Map<number, number[]>();
    for (const item of listings) {
      if (item.condition === "USED" && item.defects.length === 0 && item.modelId && item.price !== null) {
        working.set(item.modelId, [...(working.get(item.modelId) ?? []), item.price]);
      }
    }
    const partsOnly = listings.filter(
      (i) => i.defects.some((d) => PARTS_ONLY.includes(d)) || i.activationLock === "on",
    );
    expect(partsOnly.length).toBeGreaterThan(10);
    let compared = 0;
    for (const item of partsOnly) {
      // Never a working condition: a swollen battery is a fault, a dead phone unusable.
      expect(item.condition).not.toBe("USED");
      const prices = item.modelId ? working.get(item.modelId) : undefined;
      if (!prices || item.price === null) continue;
      compared++;
      const at = median(prices);
      expect(
        item.price,
        `${item.title} ¥${item.price} against ¥${at} working (${names.get(item.modelId!)})`,
      ).toBeLessThanOrEqual(at * 0.35);
    }
    expect(compared).toBeGreaterThan(10);
  });

  it("never says ノークレーム・ノーリターン, in listings or anywhere the product writes", () => {
    for (const item of listings) expect(`${item.title}\n${item.description}`).not.toMatch(NO_CLAIM);
    for (const post of SEED_POSTS) expect(`${post.title}\n${post.body}`).not.toMatch(NO_CLAIM);
    expect(JSON.stringify(MESSAGES)).not.toMatch(NO_CLAIM);
  });

  it("gives every article a header picture and a reading time worked out from its length", async () => {
    const articles = SEED_POSTS.filter((p) => p.kind === "article");
    expect(articles.length).toBeGreaterThan(3);
    for (const seeded of articles) {
      const post = await getPost(t.ctx, { kind: "article", slug: seeded.slug });
      expect(post.imageUrl, seeded.slug).not.toBeNull();
      const [row] = await t.ctx.db
        .select({ key: mediaPosts.ogImageKey })
        .from(mediaPosts)
        .where(and(eq(mediaPosts.slug, seeded.slug), ne(mediaPosts.kind, "news")));
      const picture = await t.ctx.blobs.get(`${row!.key}-large.webp`);
      expect(picture?.contentType).toBe("image/webp");
      // About 500 Japanese characters a minute, from the text itself; no article claims its own time.
      const japanese = seeded.body.replace(/[\s\x21-\x7E\p{P}]/gu, "").length;
      expect(post.readingMinutes).toBe(readingMinutes(seeded.body));
      expect(Math.abs(post.readingMinutes - japanese / 500)).toBeLessThanOrEqual(1);
      expect(`${seeded.description}\n${seeded.body}`).not.toMatch(/\d+\s*分で読め|\d+ min read/);
    }
  });
});
