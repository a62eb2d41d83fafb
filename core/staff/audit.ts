import type { Db } from "#db/client.ts";
import { auditLog } from "#db/schema/index.ts";
import type { Clock } from "../shared/clock.ts";
import type { Operator, RequestMeta } from "./authorize.ts";
import type { Permission } from "./permissions.ts";

/** Per field: the value before and after. */
export type FieldChanges = Record<string, [unknown, unknown]>;

/**
 * The fields that differ between two versions of a record, as `[before, after]` pairs. Fields
 * only one side has count as changed from or to null.
 */
export function diffFields(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
): FieldChanges {
  const out: FieldChanges = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    const a = normalise(before?.[key]);
    const b = normalise(after?.[key]);
    if (JSON.stringify(a) !== JSON.stringify(b)) out[key] = [a, b];
  }
  return out;
}

function normalise(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  return value;
}

export type AuditEntry = {
  /** Who acted: an operator, or null for the system. */
  operator: Operator | null;
  action: Permission | `${string}:${string}`;
  target: { type: string; id: number | string };
  changes?: FieldChanges;
  reason?: string | null | undefined;
  meta?: RequestMeta | undefined;
};

/**
 * Appends one entry to the audit log. Call it with the database transaction of the change it
 * records, so the entry exists exactly when the change does.
 */
export async function recordAudit(ctx: { db: Db; clock: Clock }, entry: AuditEntry): Promise<number> {
  const [row] = await ctx.db
    .insert(auditLog)
    .values({
      at: ctx.clock.now(),
      actorId: entry.operator?.id ?? null,
      actorRoles: entry.operator?.roles ?? [],
      action: entry.action,
      targetType: entry.target.type,
      targetId: String(entry.target.id),
      changes: entry.changes ?? {},
      reason: entry.reason ?? null,
      requestId: entry.meta?.requestId?.slice(0, 64) ?? null,
      ip: entry.meta?.ip?.slice(0, 64) ?? null,
    })
    .returning({ id: auditLog.id });
  return row!.id;
}
