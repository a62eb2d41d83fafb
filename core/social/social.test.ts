import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { items, users } from "#db/schema/index.ts";
import { seedDeviceModels } from "#db/seed/device-models.ts";
import { listItem, makeMember } from "#tests/helpers/catalog.ts";
import { createTestCore, failure, said, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import { saveItem } from "../catalog/save-item.ts";
import type { SessionUser } from "../identity/sessions.ts";
import { listNotifications, unreadNotificationCount } from "../notify/list-notifications.ts";
import { markNotificationsRead } from "../notify/mark-notifications-read.ts";
import { type Message, renderMessage } from "../shared/i18n/translate.ts";
import { BLOCKED } from "./blocking.ts";
import { blockUser, listBlockedUsers, unblockUser } from "./blocks.ts";
import { deleteComment } from "./delete-comment.ts";
import { followUser, isFollowing, listFollows, unfollowUser } from "./follows.ts";
import { likedItems, likeItem, unlikeItem } from "./likes.ts";
import { listComments } from "./list-comments.ts";
import { postComment } from "./post-comment.ts";
import { getPublicProfile, listUserItems } from "./profiles.ts";

/** A catalogue message in both languages, as `said` reports what an error says. */
const inBoth = (m: Message) => ({ ja: renderMessage(m, "ja"), en: renderMessage(m, "en") });

async function setState(t: TestCore, itemId: number, state: "SOLD" | "PRIVATE" | "DISABLED") {
  await t.ctx.db.update(items).set({ state }).where(eq(items.id, itemId));
}

async function likeCount(t: TestCore, itemId: number) {
  const [row] = await t.ctx.db.select({ n: items.likeCount }).from(items).where(eq(items.id, itemId));
  return row!.n;
}

async function commentCount(t: TestCore, itemId: number) {
  const [row] = await t.ctx.db.select({ n: items.commentCount }).from(items).where(eq(items.id, itemId));
  return row!.n;
}

async function asRole(t: TestCore, role: "business" | "operator"): Promise<SessionUser> {
  const m = await makeMember(t.ctx);
  await t.ctx.db.update(users).set({ role }).where(eq(users.id, m.id));
  return { ...m, role };
}

/** Every page of a paged list, following its cursors. */
async function allPages<T>(
  load: (cursor: string | undefined) => Promise<{ items: T[]; nextCursor: string | null }>,
) {
  const out: T[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 50; i++) {
    const page = await load(cursor);
    out.push(...page.items);
    if (!page.nextCursor) return out;
    cursor = page.nextCursor;
  }
  throw new Error("the cursor never ended");
}

describe.each(ENGINES)("social on %s", (engine) => {
  let t: TestCore;
  beforeAll(async () => {
    t = await createTestCore(engine);
    await seedDeviceModels(t.ctx.db);
  });
  afterAll(async () => {
    await t.close();
  });

  describe("comments", () => {
    it("posts a comment, counts it and tells the seller, but not when the seller answers", async () => {
      const seller = await makeMember(t.ctx);
      const buyer = await makeMember(t.ctx, { nickname: "かいて" });
      const itemId = await listItem(t.ctx, seller);
      const c = await postComment(t.ctx, {
        actor: buyer,
        itemId,
        input: { body: "  値下げは可能ですか？ " },
      });
      expect(c.body).toBe("値下げは可能ですか？");
      await postComment(t.ctx, { actor: seller, itemId, input: { body: "1000円までなら" } });
      expect(await commentCount(t, itemId)).toBe(2);
      const list = await listComments(t.ctx, { itemId, viewerId: null });
      expect(list.items.map((x) => [x.authorId, x.body])).toEqual([
        [buyer.id, "値下げは可能ですか？"],
        [seller.id, "1000円までなら"],
      ]);
      const notes = await listNotifications(t.ctx, { userId: seller.id });
      expect(notes.items).toHaveLength(1);
      expect(notes.items[0]).toMatchObject({
        kind: "comment",
        payload: { itemId, commentId: c.id, by: "かいて" },
      });
      expect((await listNotifications(t.ctx, { userId: buyer.id })).items).toHaveLength(0);
    });

    it("refuses an empty or too long comment with a field message", async () => {
      const seller = await makeMember(t.ctx);
      const buyer = await makeMember(t.ctx);
      const itemId = await listItem(t.ctx, seller);
      const empty = await failure(postComment(t.ctx, { actor: buyer, itemId, input: { body: "   " } }));
      expect(empty.code).toBe("VALIDATION");
      expect(said(empty).fields.body?.ja).toContain("コメント");
      const long = await failure(
        postComment(t.ctx, { actor: buyer, itemId, input: { body: "あ".repeat(501) } }),
      );
      expect(long.code).toBe("VALIDATION");
    });

    it("lets the seller delete any comment and the author their own, nobody else", async () => {
      const seller = await makeMember(t.ctx);
      const author = await makeMember(t.ctx);
      const other = await makeMember(t.ctx);
      const itemId = await listItem(t.ctx, seller);
      const first = await postComment(t.ctx, { actor: author, itemId, input: { body: "一つ目" } });
      const second = await postComment(t.ctx, { actor: author, itemId, input: { body: "二つ目" } });
      const byOther = await failure(deleteComment(t.ctx, { actor: other, itemId, commentId: first.id }));
      expect(byOther.code).toBe("FORBIDDEN");
      // The comment id must belong to the item in the path.
      const otherItem = await listItem(t.ctx, other);
      const wrongItem = await failure(
        deleteComment(t.ctx, { actor: other, itemId: otherItem, commentId: first.id }),
      );
      expect(wrongItem.code).toBe("NOT_FOUND");
      await deleteComment(t.ctx, { actor: seller, itemId, commentId: first.id });
      await deleteComment(t.ctx, { actor: author, itemId, commentId: second.id });
      expect((await listComments(t.ctx, { itemId })).items).toEqual([]);
      expect(await commentCount(t, itemId)).toBe(0);
      const again = await failure(deleteComment(t.ctx, { actor: author, itemId, commentId: second.id }));
      expect(again.code).toBe("NOT_FOUND");
    });

    it("is closed on sold listings and drafts", async () => {
      const seller = await makeMember(t.ctx);
      const buyer = await makeMember(t.ctx);
      const sold = await listItem(t.ctx, seller);
      await setState(t, sold, "SOLD");
      const closed = await failure(
        postComment(t.ctx, { actor: buyer, itemId: sold, input: { body: "まだありますか" } }),
      );
      expect(closed.code).toBe("CONFLICT");
      expect(said(closed).message.ja).toBe("この商品にはコメントできません");
      const draft = await saveItem(t.ctx, { actor: seller, input: { title: "下書き" }, publish: false });
      const onDraft = await failure(
        postComment(t.ctx, { actor: buyer, itemId: draft.id, input: { body: "質問です" } }),
      );
      expect(onDraft.code).toBe("NOT_FOUND");
      const missing = await failure(
        postComment(t.ctx, { actor: buyer, itemId: 999_999_999, input: { body: "質問です" } }),
      );
      expect(missing.code).toBe("NOT_FOUND");
      expect(await commentCount(t, sold)).toBe(0);
    });

    it("lists comments page by page, and hides those of a private listing from all but its seller", async () => {
      const seller = await makeMember(t.ctx);
      const buyer = await makeMember(t.ctx);
      const itemId = await listItem(t.ctx, seller);
      for (let i = 1; i <= 5; i++)
        await postComment(t.ctx, { actor: buyer, itemId, input: { body: `質問${i}` } });
      const bodies = (
        await allPages((c) => listComments(t.ctx, { itemId, after: c ? Number(c) : undefined, limit: 2 }))
      ).map((c) => c.body);
      expect(bodies).toEqual(["質問1", "質問2", "質問3", "質問4", "質問5"]);
      await setState(t, itemId, "PRIVATE");
      expect((await failure(listComments(t.ctx, { itemId, viewerId: buyer.id }))).code).toBe("NOT_FOUND");
      expect((await failure(listComments(t.ctx, { itemId, viewerId: null }))).code).toBe("NOT_FOUND");
      expect((await listComments(t.ctx, { itemId, viewerId: seller.id })).items).toHaveLength(5);
      expect((await failure(listComments(t.ctx, { itemId: 999_999_999, viewerId: null }))).code).toBe(
        "NOT_FOUND",
      );
    });
  });

  describe("likes", () => {
    it("keeps the count right under repeated likes and unlikes, and tells the seller once", async () => {
      const seller = await makeMember(t.ctx);
      const a = await makeMember(t.ctx, { nickname: "いいねA" });
      const b = await makeMember(t.ctx);
      const itemId = await listItem(t.ctx, seller);
      expect(await likeItem(t.ctx, { actor: a, itemId })).toEqual({ likeCount: 1, liked: true });
      expect(await likeItem(t.ctx, { actor: a, itemId })).toEqual({ likeCount: 1, liked: true });
      expect(await likeItem(t.ctx, { actor: b, itemId })).toEqual({ likeCount: 2, liked: true });
      expect(await unlikeItem(t.ctx, { actor: a, itemId })).toEqual({ likeCount: 1, liked: false });
      expect(await unlikeItem(t.ctx, { actor: a, itemId })).toEqual({ likeCount: 1, liked: false });
      // Many at once, in any order: the count always equals the likes that remain.
      await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          i % 2
            ? unlikeItem(t.ctx, { actor: i % 4 === 1 ? a : b, itemId })
            : likeItem(t.ctx, { actor: i % 4 === 0 ? a : b, itemId }),
        ),
      );
      const likers = (await Promise.all([a, b].map((m) => likedItems(t.ctx, { userId: m.id })))).filter((r) =>
        r.items.some((i) => i.id === itemId),
      ).length;
      expect(await likeCount(t, itemId)).toBe(likers);
      await unlikeItem(t.ctx, { actor: a, itemId });
      await unlikeItem(t.ctx, { actor: b, itemId });
      expect(await likeCount(t, itemId)).toBe(0);
      const likeNotes = (await listNotifications(t.ctx, { userId: seller.id })).items.filter(
        (n) => n.kind === "like" && n.payload.by === "いいねA",
      );
      // A liked, unliked and liked again: each new like is news to the seller, a repeated one is not.
      expect(likeNotes.length).toBeGreaterThanOrEqual(1);
      expect(likeNotes[0]).toMatchObject({ kind: "like", payload: { itemId, by: "いいねA" } });
    });

    it("writes one like notification for a like repeated without unliking", async () => {
      const seller = await makeMember(t.ctx);
      const fan = await makeMember(t.ctx);
      const itemId = await listItem(t.ctx, seller);
      await likeItem(t.ctx, { actor: fan, itemId });
      await likeItem(t.ctx, { actor: fan, itemId });
      const notes = (await listNotifications(t.ctx, { userId: seller.id })).items;
      expect(notes.map((n) => n.kind)).toEqual(["like"]);
    });

    it("refuses a like on one's own listing, a draft or a missing listing", async () => {
      const seller = await makeMember(t.ctx);
      const other = await makeMember(t.ctx);
      const itemId = await listItem(t.ctx, seller);
      const own = await failure(likeItem(t.ctx, { actor: seller, itemId }));
      expect(own.code).toBe("CONFLICT");
      expect(said(own).message.ja).toBe("自分の出品にはいいね！できません");
      const draft = await saveItem(t.ctx, { actor: seller, input: { title: "下書き" }, publish: false });
      expect((await failure(likeItem(t.ctx, { actor: other, itemId: draft.id }))).code).toBe("NOT_FOUND");
      expect((await failure(unlikeItem(t.ctx, { actor: other, itemId: 999_999_999 }))).code).toBe(
        "NOT_FOUND",
      );
      expect(await likeCount(t, itemId)).toBe(0);
    });

    it("lists liked listings newest like first, every page, even when likes share a millisecond", async () => {
      const seller = await makeMember(t.ctx);
      const fan = await makeMember(t.ctx);
      const ids: number[] = [];
      for (let i = 0; i < 5; i++) ids.push(await listItem(t.ctx, seller, { title: `いいね用 ${i}` }));
      // The clock does not move: all five likes carry the same time.
      for (const id of ids) await likeItem(t.ctx, { actor: fan, itemId: id });
      const seen = (await allPages((before) => likedItems(t.ctx, { userId: fan.id, before, limit: 2 }))).map(
        (i) => i.id,
      );
      expect(seen).toHaveLength(5);
      expect(new Set(seen)).toEqual(new Set(ids));
      t.clock.advance(1000);
      await unlikeItem(t.ctx, { actor: fan, itemId: ids[0]! });
      await likeItem(t.ctx, { actor: fan, itemId: ids[0]! });
      expect((await likedItems(t.ctx, { userId: fan.id, limit: 1 })).items[0]!.id).toBe(ids[0]);
      // A listing made private drops out of the list.
      await setState(t, ids[1]!, "PRIVATE");
      expect((await likedItems(t.ctx, { userId: fan.id })).items.map((i) => i.id)).not.toContain(ids[1]);
      const bad = await failure(likedItems(t.ctx, { userId: fan.id, before: "yesterday" }));
      expect(bad.code).toBe("BAD_REQUEST");
    });
  });

  describe("follows", () => {
    it("follows and unfollows, counts both sides and tells the followed member once", async () => {
      const a = await makeMember(t.ctx, { nickname: "フォローする人" });
      const b = await makeMember(t.ctx);
      await followUser(t.ctx, { actor: a, userId: b.id });
      await followUser(t.ctx, { actor: a, userId: b.id });
      expect(await isFollowing(t.ctx, { followerId: a.id, userId: b.id })).toBe(true);
      expect(await isFollowing(t.ctx, { followerId: b.id, userId: a.id })).toBe(false);
      const profile = await getPublicProfile(t.ctx, { userId: b.id, viewerId: a.id });
      expect(profile.counts).toMatchObject({ followers: 1, following: 0 });
      expect(profile.viewer).toEqual({ isSelf: false, follows: true, blocked: false, blockedByUser: false });
      expect((await getPublicProfile(t.ctx, { userId: a.id, viewerId: null })).counts.following).toBe(1);
      expect(
        (await listFollows(t.ctx, { userId: b.id, direction: "followers" })).items.map((p) => p.id),
      ).toEqual([a.id]);
      expect(
        (await listFollows(t.ctx, { userId: a.id, direction: "follows" })).items.map((p) => p.id),
      ).toEqual([b.id]);
      const notes = (await listNotifications(t.ctx, { userId: b.id })).items;
      expect(notes).toHaveLength(1);
      expect(notes[0]).toMatchObject({ kind: "follow", payload: { userId: a.id, by: "フォローする人" } });
      await unfollowUser(t.ctx, { actor: a, userId: b.id });
      await unfollowUser(t.ctx, { actor: a, userId: b.id });
      expect(await isFollowing(t.ctx, { followerId: a.id, userId: b.id })).toBe(false);
      expect((await getPublicProfile(t.ctx, { userId: b.id, viewerId: a.id })).counts.followers).toBe(0);
    });

    it("refuses following oneself, a missing account, a business buyer or staff, and non-members following", async () => {
      const a = await makeMember(t.ctx);
      expect((await failure(followUser(t.ctx, { actor: a, userId: a.id }))).code).toBe("CONFLICT");
      expect((await failure(followUser(t.ctx, { actor: a, userId: 999_999_999 }))).code).toBe("NOT_FOUND");
      const business = await asRole(t, "business");
      const operator = await asRole(t, "operator");
      expect((await failure(followUser(t.ctx, { actor: a, userId: business.id }))).code).toBe("NOT_FOUND");
      expect((await failure(followUser(t.ctx, { actor: a, userId: operator.id }))).code).toBe("NOT_FOUND");
      const byBusiness = await failure(followUser(t.ctx, { actor: business, userId: a.id }));
      expect(byBusiness.code).toBe("FORBIDDEN");
      expect((await listFollows(t.ctx, { userId: a.id, direction: "followers" })).items).toEqual([]);
    });

    it("pages followers newest first without losing follows made in the same millisecond", async () => {
      const star = await makeMember(t.ctx);
      const fans: number[] = [];
      for (let i = 0; i < 7; i++) {
        const fan = await makeMember(t.ctx);
        fans.push(fan.id);
        await followUser(t.ctx, { actor: fan, userId: star.id });
      }
      const seen = (
        await allPages((before) =>
          listFollows(t.ctx, { userId: star.id, direction: "followers", before, limit: 3 }),
        )
      ).map((p) => p.id);
      expect(seen).toHaveLength(7);
      expect(new Set(seen)).toEqual(new Set(fans));
      t.clock.advance(1000);
      const late = await makeMember(t.ctx);
      await followUser(t.ctx, { actor: late, userId: star.id });
      expect(
        (await listFollows(t.ctx, { userId: star.id, direction: "followers", limit: 1 })).items[0]!.id,
      ).toBe(late.id);
      const bad = await failure(
        listFollows(t.ctx, { userId: star.id, direction: "followers", before: "2026-01-01" }),
      );
      expect(bad.code).toBe("BAD_REQUEST");
    });
  });

  describe("blocks", () => {
    it("refuses a blocked member's comment, like and follow with the blocked message", async () => {
      const owner = await makeMember(t.ctx);
      const blocked = await makeMember(t.ctx);
      const itemId = await listItem(t.ctx, owner);
      await blockUser(t.ctx, { actor: owner, userId: blocked.id });
      await blockUser(t.ctx, { actor: owner, userId: blocked.id });
      for (const attempt of [
        () => postComment(t.ctx, { actor: blocked, itemId, input: { body: "こんにちは" } }),
        () => likeItem(t.ctx, { actor: blocked, itemId }),
        () => followUser(t.ctx, { actor: blocked, userId: owner.id }),
      ]) {
        const e = await failure(attempt());
        expect(e.code).toBe("FORBIDDEN");
        expect(said(e).message).toEqual(inBoth(BLOCKED));
      }
      expect(await likeCount(t, itemId)).toBe(0);
      expect(await commentCount(t, itemId)).toBe(0);
      expect((await listNotifications(t.ctx, { userId: owner.id })).items).toEqual([]);
      // The blocker is not blocked: they may still like and follow the other way.
      const theirs = await listItem(t.ctx, blocked);
      await likeItem(t.ctx, { actor: owner, itemId: theirs });
      // …but not follow someone they blocked, which would undo the block's dropped follows.
      const self = await failure(followUser(t.ctx, { actor: owner, userId: blocked.id }));
      expect(self.code).toBe("CONFLICT");
      await unblockUser(t.ctx, { actor: owner, userId: blocked.id });
      await likeItem(t.ctx, { actor: blocked, itemId });
      await followUser(t.ctx, { actor: blocked, userId: owner.id });
      await postComment(t.ctx, { actor: blocked, itemId, input: { body: "ありがとうございます" } });
      expect(await likeCount(t, itemId)).toBe(1);
    });

    it("drops follows both ways, lists blocked members and shows both sides on the profile", async () => {
      const a = await makeMember(t.ctx);
      const b = await makeMember(t.ctx, { nickname: "ブロックされる人" });
      await followUser(t.ctx, { actor: a, userId: b.id });
      await followUser(t.ctx, { actor: b, userId: a.id });
      await blockUser(t.ctx, { actor: a, userId: b.id });
      expect(await isFollowing(t.ctx, { followerId: a.id, userId: b.id })).toBe(false);
      expect(await isFollowing(t.ctx, { followerId: b.id, userId: a.id })).toBe(false);
      expect(await listBlockedUsers(t.ctx, a.id)).toEqual([
        { id: b.id, nickname: "ブロックされる人", avatarUrl: null },
      ]);
      expect(await listBlockedUsers(t.ctx, b.id)).toEqual([]);
      expect((await getPublicProfile(t.ctx, { userId: b.id, viewerId: a.id })).viewer).toMatchObject({
        blocked: true,
        blockedByUser: false,
      });
      expect((await getPublicProfile(t.ctx, { userId: a.id, viewerId: b.id })).viewer).toMatchObject({
        blocked: false,
        blockedByUser: true,
      });
      await unblockUser(t.ctx, { actor: a, userId: b.id });
      expect(await listBlockedUsers(t.ctx, a.id)).toEqual([]);
    });

    it("refuses blocking oneself, a missing account or a business buyer", async () => {
      const a = await makeMember(t.ctx);
      expect((await failure(blockUser(t.ctx, { actor: a, userId: a.id }))).code).toBe("CONFLICT");
      expect((await failure(blockUser(t.ctx, { actor: a, userId: 999_999_999 }))).code).toBe("NOT_FOUND");
      const business = await asRole(t, "business");
      expect((await failure(blockUser(t.ctx, { actor: a, userId: business.id }))).code).toBe("NOT_FOUND");
    });
  });

  describe("profiles", () => {
    it("shows a member's public profile and listings, and no profile for business or staff accounts", async () => {
      const seller = await makeMember(t.ctx, { nickname: "出品者", verified: true });
      const onSale = await listItem(t.ctx, seller);
      const sold = await listItem(t.ctx, seller);
      await setState(t, sold, "SOLD");
      const hidden = await listItem(t.ctx, seller);
      await setState(t, hidden, "PRIVATE");
      await saveItem(t.ctx, { actor: seller, input: { title: "下書き" }, publish: false });
      const profile = await getPublicProfile(t.ctx, { userId: seller.id, viewerId: seller.id });
      expect(profile).toMatchObject({ nickname: "出品者", identityVerified: true, counts: { listings: 2 } });
      expect(profile.viewer.isSelf).toBe(true);
      const listed = await listUserItems(t.ctx, { userId: seller.id, states: ["SALE", "SOLD"] });
      expect(listed.items.map((i) => i.id)).toEqual([sold, onSale]);
      expect(listed.items[0]!.thumbUrl).toMatch(/-thumb\.webp$/);
      const paged = await allPages((c) =>
        listUserItems(t.ctx, {
          userId: seller.id,
          states: ["SALE", "SOLD", "PRIVATE", "DRAFT"],
          before: c ? Number(c) : undefined,
          limit: 1,
        }),
      );
      expect(paged).toHaveLength(4);
      for (const role of ["business", "operator"] as const) {
        const account = await asRole(t, role);
        expect((await failure(getPublicProfile(t.ctx, { userId: account.id, viewerId: null }))).code).toBe(
          "NOT_FOUND",
        );
      }
      expect((await failure(getPublicProfile(t.ctx, { userId: 999_999_999, viewerId: null }))).code).toBe(
        "NOT_FOUND",
      );
    });
  });

  describe("notifications", () => {
    it("lists newest first page by page, counts the unread and marks them read", async () => {
      const seller = await makeMember(t.ctx);
      const itemId = await listItem(t.ctx, seller);
      const fans = await Promise.all(
        [1, 2, 3, 4, 5].map((i) => makeMember(t.ctx, { nickname: `ファン${i}` })),
      );
      for (const fan of fans) await likeItem(t.ctx, { actor: fan, itemId });
      expect(await unreadNotificationCount(t.ctx, seller.id)).toBe(5);
      const all = await allPages((c) =>
        listNotifications(t.ctx, { userId: seller.id, before: c ? Number(c) : undefined, limit: 2 }),
      );
      expect(all.map((n) => n.payload.by)).toEqual(["ファン5", "ファン4", "ファン3", "ファン2", "ファン1"]);
      expect(all.every((n) => n.readAt === null)).toBe(true);
      await markNotificationsRead(t.ctx, seller.id);
      expect(await unreadNotificationCount(t.ctx, seller.id)).toBe(0);
      expect(
        (await listNotifications(t.ctx, { userId: seller.id })).items.every((n) => n.readAt !== null),
      ).toBe(true);
      // Another member's notifications are untouched.
      const other = await makeMember(t.ctx);
      await followUser(t.ctx, { actor: seller, userId: other.id });
      expect(await unreadNotificationCount(t.ctx, other.id)).toBe(1);
    });
  });
});
