import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { comments, itemPhotos, items, users } from "#db/schema/index.ts";
import type { ItemState } from "../catalog/item-states.ts";
import { PUBLIC_STATES } from "../catalog/item-states.ts";
import type { CoreContext } from "../shared/context.ts";
import type { ReportTarget } from "./codes.ts";

/** How much of a comment a list or a mail quotes. */
const EXCERPT_CHARS = 80;

export function excerpt(text: string, chars = EXCERPT_CHARS): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return [...flat].length > chars ? `${[...flat].slice(0, chars).join("")}…` : flat;
}

/** What a reported thing looks like: to the member reporting it, and in the back office. */
export type TargetView =
  | {
      type: "item";
      id: number;
      ownerId: number;
      ownerNickname: string;
      title: string;
      price: number | null;
      state: ItemState;
      photoUrl: string | null;
    }
  | {
      type: "comment";
      id: number;
      ownerId: number;
      ownerNickname: string;
      body: string;
      hidden: boolean;
      itemId: number;
      itemTitle: string;
      itemState: ItemState;
    }
  | {
      type: "user";
      id: number;
      ownerId: number;
      ownerNickname: string;
      role: "member" | "business" | "operator";
      avatarUrl: string | null;
      memberSince: Date;
      suspendedAt: Date | null;
    };

/** A listing, comment or account as it is now (whoever may see it), or null when it is gone. */
export async function loadTarget(
  ctx: Pick<CoreContext, "db" | "blobs">,
  type: ReportTarget,
  id: number,
): Promise<TargetView | null> {
  switch (type) {
    case "item": {
      const [row] = await ctx.db
        .select({
          id: items.id,
          ownerId: items.sellerId,
          ownerNickname: users.nickname,
          title: items.title,
          price: items.price,
          state: items.state,
        })
        .from(items)
        .innerJoin(users, eq(users.id, items.sellerId))
        .where(eq(items.id, id));
      if (!row) return null;
      const [photo] = await ctx.db
        .select({ key: itemPhotos.key })
        .from(itemPhotos)
        .where(eq(itemPhotos.itemId, id))
        .orderBy(itemPhotos.position)
        .limit(1);
      return { type, ...row, photoUrl: photo ? ctx.blobs.url(`${photo.key}-thumb.webp`) : null };
    }
    case "comment": {
      const [row] = await ctx.db
        .select({
          id: comments.id,
          ownerId: comments.authorId,
          ownerNickname: users.nickname,
          body: comments.body,
          hiddenAt: comments.hiddenAt,
          itemId: items.id,
          itemTitle: items.title,
          itemState: items.state,
        })
        .from(comments)
        .innerJoin(users, eq(users.id, comments.authorId))
        .innerJoin(items, eq(items.id, comments.itemId))
        .where(eq(comments.id, id));
      if (!row) return null;
      const { hiddenAt, ...rest } = row;
      return { type, ...rest, hidden: hiddenAt !== null };
    }
    case "user": {
      const [row] = await ctx.db
        .select({
          id: users.id,
          nickname: users.nickname,
          role: users.role,
          avatarKey: users.avatarKey,
          createdAt: users.createdAt,
          suspendedAt: users.suspendedAt,
        })
        .from(users)
        .where(eq(users.id, id));
      if (!row) return null;
      return {
        type,
        id: row.id,
        ownerId: row.id,
        ownerNickname: row.nickname,
        role: row.role,
        avatarUrl: row.avatarKey ? ctx.blobs.url(`${row.avatarKey}-thumb.webp`) : null,
        memberSince: row.createdAt,
        suspendedAt: row.suspendedAt,
      };
    }
  }
}

/**
 * May anyone other than its owner see this now? A public listing; a comment not hidden, under a
 * public listing; a member's public page (business and staff accounts have none).
 */
export function isPubliclyVisible(target: TargetView): boolean {
  switch (target.type) {
    case "item":
      return PUBLIC_STATES.includes(target.state);
    case "comment":
      return !target.hidden && PUBLIC_STATES.includes(target.itemState);
    case "user":
      return target.role === "member";
  }
}

/** The page of the target a member returns to after reporting it (under the language prefix). */
export function targetPath(target: TargetView): string {
  switch (target.type) {
    case "item":
      return `/items/${target.id}/`;
    case "comment":
      return `/items/${target.itemId}/comments/`;
    case "user":
      return `/users/${target.id}/`;
  }
}

export type TargetSummary = { label: string; ownerId: number; ownerNickname: string };

/** One line about each of many targets, for a queue's rows (a deleted target has none). */
export async function targetSummaries(
  db: Db,
  refs: { targetType: ReportTarget; targetId: number }[],
): Promise<Map<string, TargetSummary>> {
  const ids = (type: ReportTarget) => [
    ...new Set(refs.filter((r) => r.targetType === type).map((r) => r.targetId)),
  ];
  const [itemIds, commentIds, userIds] = [ids("item"), ids("comment"), ids("user")];
  const [itemRows, commentRows, userRows] = await Promise.all([
    itemIds.length
      ? db
          .select({ id: items.id, label: items.title, ownerId: users.id, ownerNickname: users.nickname })
          .from(items)
          .innerJoin(users, eq(users.id, items.sellerId))
          .where(inArray(items.id, itemIds))
      : [],
    commentIds.length
      ? db
          .select({
            id: comments.id,
            label: comments.body,
            ownerId: users.id,
            ownerNickname: users.nickname,
          })
          .from(comments)
          .innerJoin(users, eq(users.id, comments.authorId))
          .where(inArray(comments.id, commentIds))
      : [],
    userIds.length
      ? db
          .select({ id: users.id, label: users.nickname, ownerId: users.id, ownerNickname: users.nickname })
          .from(users)
          .where(and(inArray(users.id, userIds)))
      : [],
  ]);
  const out = new Map<string, TargetSummary>();
  for (const r of itemRows) out.set(`item:${r.id}`, r);
  for (const r of commentRows) out.set(`comment:${r.id}`, { ...r, label: excerpt(r.label) });
  for (const r of userRows) out.set(`user:${r.id}`, r);
  return out;
}
