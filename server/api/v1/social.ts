import { z } from "zod";
import { SEARCHABLE_STATES } from "#core/catalog/item-states.ts";
import { listNotifications, unreadNotificationCount } from "#core/notify/list-notifications.ts";
import { markNotificationsRead } from "#core/notify/mark-notifications-read.ts";
import type { Notification } from "#core/notify/notifications.ts";
import { msg } from "#core/shared/i18n/translate.ts";
import { blockUser, listBlockedUsers, unblockUser } from "#core/social/blocks.ts";
import { parseIdCursor } from "#core/social/cursor.ts";
import { deleteComment } from "#core/social/delete-comment.ts";
import { followUser, listFollows, unfollowUser } from "#core/social/follows.ts";
import { likedItems, likeItem, unlikeItem } from "#core/social/likes.ts";
import { listComments } from "#core/social/list-comments.ts";
import { COMMENT_LABELS, postComment, ZComment } from "#core/social/post-comment.ts";
import { assertPublicMember, getPublicProfile, listUserItems } from "#core/social/profiles.ts";
import { defineRoute } from "../define.ts";
import { idParam } from "./params.ts";

const ZPageQuery = z.object({
  cursor: z.string().max(64).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
const PAGE_LABELS = {
  cursor: msg("social.fields.cursor"),
  limit: msg("social.fields.limit"),
};

const ZPerson = z.object({ id: z.number().int(), nickname: z.string(), avatarUrl: z.string().nullable() });
const ZItemCard = z.object({
  id: z.number().int(),
  title: z.string(),
  price: z.number().int().nullable(),
  state: z.string(),
  condition: z.string().nullable(),
  brandCode: z.string().nullable(),
  likeCount: z.number().int(),
  defectCount: z.number().int(),
  checked: z.boolean().describe("It holds a device self-check report in date (動作チェック済み)"),
  thumbUrl: z.string().nullable(),
});
const page = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    nextCursor: z.string().nullable().describe("Pass as `cursor` for the next page"),
  });
const ZProfile = z.object({
  id: z.number().int(),
  nickname: z.string(),
  introduction: z.string(),
  avatarUrl: z.string().nullable(),
  identityVerified: z.boolean(),
  memberSince: z.iso.datetime(),
  counts: z.object({ followers: z.number().int(), following: z.number().int(), listings: z.number().int() }),
  viewer: z.object({
    isSelf: z.boolean(),
    follows: z.boolean(),
    blocked: z.boolean().describe("The viewer has blocked this member"),
    blockedByUser: z.boolean().describe("This member has blocked the viewer"),
  }),
});
const ZCommentJson = z.object({
  id: z.number().int(),
  body: z.string(),
  createdAt: z.iso.datetime(),
  authorId: z.number().int(),
  authorNickname: z.string(),
  authorAvatarUrl: z.string().nullable(),
});
const ZLike = z.object({ likeCount: z.number().int(), liked: z.boolean() });
const ZNotification = z.object({
  id: z.number().int(),
  kind: z.string(),
  payload: z
    .record(z.string(), z.unknown())
    .describe("What the notice is about, by kind (e.g. item_id, title, by)"),
  readAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});

const noUser = { 404: { description: "No such member" } };
const blocked = { 403: { description: "This member has blocked you, or you are not a member" } };
const noItem = { 404: { description: "No such listing" } };

function notificationJson(n: Notification) {
  return {
    id: n.id,
    kind: n.kind,
    payload: n.payload,
    readAt: n.readAt?.toISOString() ?? null,
    createdAt: n.createdAt.toISOString(),
  };
}

const noStore = { "Cache-Control": "no-store" };

export const socialRoutes = [
  defineRoute({
    method: "get",
    path: "/users/{id}",
    summary: "A member's public profile, with what the caller may do there",
    tag: "social",
    auth: "optional",
    responses: { 200: { description: "The profile", schema: ZProfile }, ...noUser },
    async handler({ ctx, params, actor }) {
      const profile = await getPublicProfile(ctx, {
        userId: idParam(params.id),
        viewerId: actor?.id ?? null,
      });
      return { status: 200, body: profile, headers: noStore };
    },
  }),
  defineRoute({
    method: "get",
    path: "/users/{id}/items",
    summary: "A member's listings on sale and sold, newest first",
    tag: "social",
    auth: "optional",
    query: ZPageQuery,
    labels: PAGE_LABELS,
    responses: { 200: { description: "A page of listings", schema: page(ZItemCard) }, ...noUser },
    async handler({ ctx, params, query }) {
      const userId = idParam(params.id);
      await assertPublicMember(ctx, userId);
      const r = await listUserItems(ctx, {
        userId,
        states: SEARCHABLE_STATES,
        before: parseIdCursor(query.cursor),
        ...(query.limit ? { limit: query.limit } : {}),
      });
      return { status: 200, body: { items: r.items, nextCursor: r.nextCursor } };
    },
  }),
  ...(["followers", "follows"] as const).map((direction) =>
    defineRoute({
      method: "get",
      path: `/users/{id}/${direction}`,
      summary:
        direction === "followers"
          ? "Who follows a member, newest first"
          : "Whom a member follows, newest first",
      tag: "social",
      auth: "optional",
      query: ZPageQuery,
      labels: PAGE_LABELS,
      responses: { 200: { description: "A page of members", schema: page(ZPerson) }, ...noUser },
      async handler({ ctx, params, query }) {
        const userId = idParam(params.id);
        await assertPublicMember(ctx, userId);
        const r = await listFollows(ctx, {
          userId,
          direction,
          before: query.cursor,
          ...(query.limit ? { limit: query.limit } : {}),
        });
        return { status: 200, body: r };
      },
    }),
  ),
  defineRoute({
    method: "put",
    path: "/users/{id}/follow",
    summary: "Follow a member (again is a no-op)",
    tag: "social",
    auth: "user",
    responses: {
      204: { description: "Following" },
      ...blocked,
      ...noUser,
      409: { description: "Yourself, or a member you have blocked" },
    },
    async handler({ ctx, params, actor }) {
      await followUser(ctx, { actor: actor!, userId: idParam(params.id) });
      return { status: 204 };
    },
  }),
  defineRoute({
    method: "delete",
    path: "/users/{id}/follow",
    summary: "Stop following a member (when not following, a no-op)",
    tag: "social",
    auth: "user",
    responses: { 204: { description: "Not following" }, ...noUser },
    async handler({ ctx, params, actor }) {
      await unfollowUser(ctx, { actor: actor!, userId: idParam(params.id) });
      return { status: 204 };
    },
  }),
  defineRoute({
    method: "put",
    path: "/users/{id}/block",
    summary: "Block a member: they can no longer comment on, like, buy or follow your listings or profile",
    tag: "social",
    auth: "user",
    responses: {
      204: { description: "Blocked; follows between you both are dropped" },
      403: { description: "Only members can block" },
      ...noUser,
      409: { description: "Yourself" },
    },
    async handler({ ctx, params, actor }) {
      await blockUser(ctx, { actor: actor!, userId: idParam(params.id) });
      return { status: 204 };
    },
  }),
  defineRoute({
    method: "delete",
    path: "/users/{id}/block",
    summary: "Unblock a member",
    tag: "social",
    auth: "user",
    responses: { 204: { description: "Not blocked" }, ...noUser },
    async handler({ ctx, params, actor }) {
      await unblockUser(ctx, { actor: actor!, userId: idParam(params.id) });
      return { status: 204 };
    },
  }),
  defineRoute({
    method: "get",
    path: "/me/blocked-users",
    summary: "The members you have blocked, most recent first",
    tag: "social",
    auth: "user",
    responses: { 200: { description: "Blocked members", schema: z.object({ items: z.array(ZPerson) }) } },
    async handler({ ctx, actor }) {
      return { status: 200, body: { items: await listBlockedUsers(ctx, actor!.id) }, headers: noStore };
    },
  }),
  defineRoute({
    method: "get",
    path: "/me/liked-items",
    summary: "The listings you liked, most recent like first",
    tag: "social",
    auth: "user",
    query: ZPageQuery,
    labels: PAGE_LABELS,
    responses: { 200: { description: "A page of listings", schema: page(ZItemCard) } },
    async handler({ ctx, actor, query }) {
      const r = await likedItems(ctx, {
        userId: actor!.id,
        before: query.cursor,
        ...(query.limit ? { limit: query.limit } : {}),
      });
      return { status: 200, body: { items: r.items, nextCursor: r.nextCursor }, headers: noStore };
    },
  }),
  defineRoute({
    method: "put",
    path: "/items/{id}/like",
    summary: "Like a listing (again is a no-op); answers the new count",
    tag: "social",
    auth: "user",
    responses: {
      200: { description: "Liked", schema: ZLike },
      ...blocked,
      ...noItem,
      409: { description: "Your own listing" },
    },
    async handler({ ctx, params, actor }) {
      return { status: 200, body: await likeItem(ctx, { actor: actor!, itemId: idParam(params.id) }) };
    },
  }),
  defineRoute({
    method: "delete",
    path: "/items/{id}/like",
    summary: "Take back a like (when not liked, a no-op); answers the new count",
    tag: "social",
    auth: "user",
    responses: { 200: { description: "Not liked", schema: ZLike }, ...noItem },
    async handler({ ctx, params, actor }) {
      return { status: 200, body: await unlikeItem(ctx, { actor: actor!, itemId: idParam(params.id) }) };
    },
  }),
  defineRoute({
    method: "get",
    path: "/items/{id}/comments",
    summary: "A listing's comments, oldest first",
    tag: "social",
    auth: "optional",
    query: ZPageQuery,
    labels: PAGE_LABELS,
    responses: { 200: { description: "A page of comments", schema: page(ZCommentJson) }, ...noItem },
    async handler({ ctx, params, actor, query }) {
      const r = await listComments(ctx, {
        itemId: idParam(params.id),
        viewerId: actor?.id ?? null,
        after: parseIdCursor(query.cursor),
        ...(query.limit ? { limit: query.limit } : {}),
      });
      return {
        status: 200,
        body: {
          items: r.items.map((c) => ({ ...c, createdAt: c.createdAt.toISOString() })),
          nextCursor: r.nextCursor,
        },
      };
    },
  }),
  defineRoute({
    method: "post",
    path: "/items/{id}/comments",
    summary: "Comment on a listing (not on sold listings, nor when its seller has blocked you)",
    tag: "social",
    auth: "user",
    body: ZComment,
    labels: COMMENT_LABELS,
    responses: {
      201: {
        description: "Posted",
        schema: z.object({ id: z.number().int(), body: z.string(), createdAt: z.iso.datetime() }),
      },
      ...blocked,
      ...noItem,
      409: { description: "Comments are closed (sold)" },
    },
    async handler({ ctx, params, actor, body }) {
      const c = await postComment(ctx, { actor: actor!, itemId: idParam(params.id), input: body });
      return { status: 201, body: { id: c.id, body: c.body, createdAt: c.createdAt.toISOString() } };
    },
  }),
  defineRoute({
    method: "delete",
    path: "/items/{id}/comments/{comment_id}",
    summary: "Delete a comment: your own, or any on your listing",
    tag: "social",
    auth: "user",
    responses: {
      204: { description: "Deleted" },
      403: { description: "Neither its author nor the listing's seller" },
      404: { description: "No such comment on this listing" },
    },
    async handler({ ctx, params, actor }) {
      await deleteComment(ctx, {
        actor: actor!,
        itemId: idParam(params.id),
        commentId: idParam(params.comment_id),
      });
      return { status: 204 };
    },
  }),
  defineRoute({
    method: "get",
    path: "/me/notifications",
    summary: "Your notifications, newest first, with how many are unread",
    tag: "social",
    auth: "user",
    query: ZPageQuery,
    labels: PAGE_LABELS,
    responses: {
      200: {
        description: "A page of notifications",
        schema: page(ZNotification).extend({ unreadCount: z.number().int() }),
      },
    },
    async handler({ ctx, actor, query }) {
      const [r, unreadCount] = await Promise.all([
        listNotifications(ctx, {
          userId: actor!.id,
          before: parseIdCursor(query.cursor),
          ...(query.limit ? { limit: query.limit } : {}),
        }),
        unreadNotificationCount(ctx, actor!.id),
      ]);
      return {
        status: 200,
        body: { items: r.items.map(notificationJson), nextCursor: r.nextCursor, unreadCount },
        headers: noStore,
      };
    },
  }),
  defineRoute({
    method: "post",
    path: "/me/notifications/read",
    summary: "Mark all your notifications read",
    tag: "social",
    auth: "user",
    responses: { 204: { description: "All read" } },
    async handler({ ctx, actor }) {
      await markNotificationsRead(ctx, actor!.id);
      return { status: 204 };
    },
  }),
];
