import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs, pushSubscriptions } from "#db/schema/index.ts";
import { makeMember } from "#tests/helpers/catalog.ts";
import { createTestCore, failure, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import type { SessionUser } from "../identity/sessions.ts";
import { createJobRunner } from "../jobs/job-runner.ts";
import { sendNoticeMailHandler } from "./notice-mail.ts";
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  getNotificationSettings,
  saveNotificationSettings,
  topicOfKind,
  wantsMail,
} from "./notification-settings.ts";
import { notify } from "./notifications.ts";
import type { SandboxPush } from "./push.ts";
import { sendPushHandler } from "./push-jobs.ts";
import { addPushSubscription, MAX_PUSH_BROWSERS, removePushSubscription } from "./push-subscriptions.ts";

let browsers = 0;
/** A browser's subscription as PushSubscription.toJSON() gives it. */
function browser() {
  browsers += 1;
  return {
    endpoint: `https://push.example/send/browser-${browsers}-${Date.now()}`,
    keys: {
      p256dh: `B${"x".repeat(86)}`,
      auth: "abcdefghijklmnopqrstuv",
    },
  };
}

describe.each(ENGINES)("notification settings and push on %s", (engine) => {
  let t: TestCore;
  let push: SandboxPush;
  beforeAll(async () => {
    t = await createTestCore(engine);
    push = t.ctx.push as SandboxPush;
  });
  afterAll(async () => {
    await t.close();
  });

  const runJobs = () =>
    createJobRunner({ ctx: t.ctx, handlers: [sendPushHandler, sendNoticeMailHandler] }).runDue();

  async function subscribed(member: SessionUser) {
    const b = browser();
    await addPushSubscription(t.ctx, { actor: member, input: b });
    return b;
  }

  it("starts from the defaults and saves what the member changes, and only that", async () => {
    const m = await makeMember(t.ctx);
    expect(await getNotificationSettings(t.ctx, m.id)).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
    expect(DEFAULT_NOTIFICATION_SETTINGS.price_drops).toEqual({ mail: false, push: false });
    expect(DEFAULT_NOTIFICATION_SETTINGS.sales.mail).toBe(true);
    const saved = await saveNotificationSettings(t.ctx, {
      actor: m,
      input: { price_drops: { mail: true, push: true }, sales: { mail: false, push: false } },
    });
    expect(saved.price_drops).toEqual({ mail: true, push: true });
    expect(saved.sales).toEqual({ mail: false, push: false });
    expect(saved.messages).toEqual(DEFAULT_NOTIFICATION_SETTINGS.messages);
    expect(await wantsMail(t.ctx, { userId: m.id, topic: "sales" })).toBe(false);
    expect(await wantsMail(t.ctx, { userId: m.id, topic: "buyback" })).toBe(true);
    // Another member's settings are their own.
    const other = await makeMember(t.ctx);
    expect(await getNotificationSettings(t.ctx, other.id)).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
  });

  it("refuses what it cannot read and changes nothing", async () => {
    const m = await makeMember(t.ctx);
    for (const input of [
      { sales: { mail: "yes", push: false } },
      { sales: { mail: true } },
      { weather: { mail: true, push: true } },
      { price_drops: { mail: true, push: true }, sales: { mail: 1, push: 0 } },
      "all",
    ]) {
      const error = await failure(saveNotificationSettings(t.ctx, { actor: m, input }));
      expect(error.code).toBe("VALIDATION");
    }
    expect(await getNotificationSettings(t.ctx, m.id)).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
  });

  it("maps each kind to one group; kinds without a group stay in the app", () => {
    expect(topicOfKind("message")).toBe("messages");
    expect(topicOfKind("shipping")).toBe("sales");
    expect(topicOfKind("price_drop")).toBe("price_drops");
    expect(topicOfKind("buyback")).toBe("buyback");
    expect(topicOfKind("like")).toBeNull();
  });

  it("pushes only the groups the member chose, with a title, a line and the page to open", async () => {
    const m = await makeMember(t.ctx);
    await saveNotificationSettings(t.ctx, {
      actor: m,
      input: { messages: { mail: false, push: true }, price_drops: { mail: false, push: false } },
    });
    const b = await subscribed(m);
    await notify(t.ctx, {
      userId: m.id,
      kind: "price_drop",
      payload: { itemId: 5, title: "x", amount: 1, previous: 2 },
    });
    await notify(t.ctx, { userId: m.id, kind: "like", payload: { itemId: 5, title: "x", by: "y" } });
    await notify(t.ctx, {
      userId: m.id,
      kind: "message",
      payload: { itemId: 42, title: "Pixel 7 ジャンク", event: "message" },
    });
    await runJobs();
    const mine = push.sent.filter((s) => s.target.endpoint === b.endpoint);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.message).toMatchObject({
      title: "Tsugu",
      body: "「Pixel 7 ジャンク」の取引に新しいメッセージが届きました",
      url: "http://tsugu.test/ja/items/42/transactions/",
    });
    const [row] = await t.ctx.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, b.endpoint));
    expect(row!.lastSuccessAt).not.toBeNull();
  });

  it("says a price drop with both prices and opens the item", async () => {
    const m = await makeMember(t.ctx);
    await saveNotificationSettings(t.ctx, { actor: m, input: { price_drops: { mail: false, push: true } } });
    const b = await subscribed(m);
    await notify(t.ctx, {
      userId: m.id,
      kind: "price_drop",
      payload: { itemId: 7, title: "iPhone 12", previous: 12000, amount: 10000 },
    });
    await runJobs();
    const sent = push.sent.filter((s) => s.target.endpoint === b.endpoint);
    expect(sent.map((s) => s.message.body)).toEqual([
      "いいね！した商品「iPhone 12」が値下げされました ¥12,000 → ¥10,000",
    ]);
    expect(sent[0]!.message.url).toBe("http://tsugu.test/ja/items/7/");
  });

  it("forgets a browser the push service no longer knows (410), and retries when it fails (503)", async () => {
    const m = await makeMember(t.ctx);
    await saveNotificationSettings(t.ctx, { actor: m, input: { sales: { mail: false, push: true } } });
    const gone = await subscribed(m);
    const flaky = await subscribed(m);
    push.answerGone(gone.endpoint);
    push.answerUnavailable(flaky.endpoint);
    await notify(t.ctx, {
      userId: m.id,
      kind: "shipping",
      payload: { itemId: 9, title: "Galaxy", event: "shipped" },
    });
    await runJobs();
    const left = await t.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, m.id));
    expect(left.map((s) => s.endpoint)).toEqual([flaky.endpoint]);
    const [waiting] = (await t.ctx.db.select().from(jobs).where(eq(jobs.name, "notify.send-push"))).filter(
      (j) => j.payload.subscriptionId === left[0]!.id,
    );
    expect(waiting).toMatchObject({ state: "pending", attempts: 1 });
    expect(waiting!.lastError).toContain("503");

    // Once the push service is back, the retry gets through.
    push.answerUnavailable(flaky.endpoint, false);
    t.clock.advance(60_000);
    await runJobs();
    expect(push.sent.filter((s) => s.target.endpoint === flaky.endpoint)).toHaveLength(1);
  });

  it("turns push on like mail for a member's first browser, and lets only them remove it", async () => {
    const m = await makeMember(t.ctx);
    const b = await subscribed(m);
    const settings = await getNotificationSettings(t.ctx, m.id);
    expect(settings.messages).toEqual({ mail: true, push: true });
    expect(settings.price_drops).toEqual({ mail: false, push: false });

    const stranger = await makeMember(t.ctx);
    expect(
      (await failure(removePushSubscription(t.ctx, { actor: stranger, input: { endpoint: b.endpoint } })))
        .code,
    ).toBe("NOT_FOUND");
    await removePushSubscription(t.ctx, { actor: m, input: { endpoint: b.endpoint } });
    expect(
      await t.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, m.id)),
    ).toHaveLength(0);

    for (const input of [
      { endpoint: "http://push.example/x", keys: browser().keys },
      { endpoint: browser().endpoint, keys: { p256dh: "short", auth: "abcdefghijklmnop" } },
      { endpoint: "not a url", keys: browser().keys },
      {},
    ]) {
      expect((await failure(addPushSubscription(t.ctx, { actor: m, input }))).code).toBe("VALIDATION");
    }
  });

  it("keeps a member's newest browsers only", async () => {
    const m = await makeMember(t.ctx);
    const first = await subscribed(m);
    for (let i = 0; i < MAX_PUSH_BROWSERS; i++) {
      t.clock.advance(1000);
      await subscribed(m);
    }
    const kept = await t.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, m.id));
    expect(kept).toHaveLength(MAX_PUSH_BROWSERS);
    expect(kept.map((s) => s.endpoint)).not.toContain(first.endpoint);
  });

  it("mails transaction messages unless turned off", async () => {
    const on = await makeMember(t.ctx);
    const off = await makeMember(t.ctx);
    await saveNotificationSettings(t.ctx, { actor: off, input: { messages: { mail: false, push: false } } });
    for (const m of [on, off]) {
      await notify(t.ctx, {
        userId: m.id,
        kind: "message",
        payload: { itemId: 3, title: "AQUOS", event: "message" },
      });
    }
    await runJobs();
    const mail = await t.smtp.lastTo(on.email);
    expect(mail.subject).toBe("「AQUOS」の取引に新しいメッセージが届きました");
    expect(mail.text).toContain("http://tsugu.test/ja/items/3/transactions/");
    expect(t.smtp.messages.filter((x) => x.to.includes(off.email))).toHaveLength(0);
  });
});
