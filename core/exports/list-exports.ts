import { and, desc, eq, lt, type SQL } from "drizzle-orm";
import { exports, users } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { authorize, type Operator } from "../staff/authorize.ts";
import { type ExportView, toExportView } from "./export-view.ts";

const PAGE_SIZE = 50;

/** Admins see every operator's exports; anyone else with `exports:create` only their own. */
export const seesAllExports = (operator: Operator) => operator.roles.includes("admin");

/**
 * The exports the operator may see, newest first, 50 to a page (`before`: the last id of the
 * previous page): their own, or for admins everyone's, with who asked for each.
 */
export async function listExports(
  ctx: CoreContext,
  o: { actor: SessionUser | null; before?: number | null },
): Promise<{ exports: ExportView[]; nextBefore: number | null; all: boolean }> {
  const operator = await authorize(ctx, o.actor, "exports:create");
  const all = seesAllExports(operator);
  const where: SQL[] = [];
  if (!all) where.push(eq(exports.requestedBy, operator.id));
  if (o.before) where.push(lt(exports.id, o.before));
  const rows = await ctx.db
    .select({ row: exports, requesterName: users.nickname })
    .from(exports)
    .innerJoin(users, eq(users.id, exports.requestedBy))
    .where(and(...where))
    .orderBy(desc(exports.id))
    .limit(PAGE_SIZE + 1);
  const page = rows.slice(0, PAGE_SIZE);
  return {
    exports: page.map((r) => toExportView(r.row, r.requesterName)),
    nextBefore: rows.length > PAGE_SIZE ? page[page.length - 1]!.row.id : null,
    all,
  };
}

/** One export the operator may see (their own, or any for admins); NOT_FOUND otherwise. */
export async function getExport(
  ctx: CoreContext,
  o: { actor: SessionUser | null; id: number },
): Promise<ExportView> {
  const operator = await authorize(ctx, o.actor, "exports:create");
  const [found] = await ctx.db
    .select({ row: exports, requesterName: users.nickname })
    .from(exports)
    .innerJoin(users, eq(users.id, exports.requestedBy))
    .where(eq(exports.id, o.id));
  if (!found || (found.row.requestedBy !== operator.id && !seesAllExports(operator))) {
    throw new AppError("NOT_FOUND");
  }
  return toExportView(found.row, found.requesterName);
}
