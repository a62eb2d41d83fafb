import { and, count, eq, ilike, inArray, or, type SQL } from "drizzle-orm";
import { z } from "zod";
import { users } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { sortFields, sortOrder } from "../shared/list-sort.ts";
import { authorize } from "../staff/authorize.ts";
import { maskEmail } from "../staff/mask.ts";

const MEMBER_PAGE_SIZE = 50;

const ZMemberQuery = z.object({
  q: z.string().trim().max(100).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).optional().catch(undefined),
  ...sortFields(["id", "nickname", "joined"], "id"),
});

const SORT_COLUMNS = { id: users.id, nickname: users.nickname, joined: users.createdAt };

/** `%` and `_` typed by the operator are letters, not wildcards. */
function likeText(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Members and business buyers for the back office, 50 a page, newest first or sorted by number,
 * nickname or joining date (`sort`, `dir`): all of them, or those whose member number is the query,
 * or whose email address or nickname contains it.
 */
export async function listMembers(ctx: CoreContext, o: { actor: SessionUser | null; query?: unknown }) {
  await authorize(ctx, o.actor, "members:read");
  const q = ZMemberQuery.parse(o.query ?? {});
  const text = q.q ?? "";
  let match: SQL | undefined;
  if (/^\d{1,15}$/.test(text)) match = eq(users.id, Number(text));
  else if (text)
    match = or(ilike(users.email, likeText(text.toLowerCase())), ilike(users.nickname, likeText(text)));
  const where = and(inArray(users.role, ["member", "business"]), match);
  const [totalRow] = await ctx.db.select({ n: count() }).from(users).where(where);
  const total = Number(totalRow?.n ?? 0);
  const pages = Math.max(1, Math.ceil(total / MEMBER_PAGE_SIZE));
  const page = Math.min(q.page ?? 1, pages);
  const rows = await ctx.db
    .select({
      id: users.id,
      nickname: users.nickname,
      email: users.email,
      role: users.role,
      createdAt: users.createdAt,
      suspendedAt: users.suspendedAt,
    })
    .from(users)
    .where(where)
    .orderBy(...sortOrder(SORT_COLUMNS[q.sort], q.dir, users.id))
    .limit(MEMBER_PAGE_SIZE)
    .offset((page - 1) * MEMBER_PAGE_SIZE);
  // E-mail addresses are personal data: shown masked (revealed one at a time, audited, elsewhere).
  return {
    rows: rows.map((r) => ({ ...r, email: maskEmail(r.email) ?? "" })),
    total,
    page,
    pages,
    q: text,
    sort: q.sort,
    dir: q.dir,
  };
}
