import { and, asc, count, eq, inArray, type SQL } from "drizzle-orm";
import { z } from "zod";
import { buybackCompanies, buybackDeliveries, users } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { type SortDir, sortFields, sortOrder } from "../shared/list-sort.ts";
import { authorize } from "../staff/authorize.ts";
import { stateHistoryOf } from "../state/change-state.ts";
import { DELIVERY_STATUS_STATE, type PagedList, pageWindow } from "./bought-devices.ts";
import {
  type DeliveryDetail,
  type DeliverySummary,
  loadDeliveryDetail,
  toDeliverySummary,
} from "./buyer-deliveries.ts";
import { BUYBACK_DELIVERY_MACHINE } from "./states.ts";

const PAGE_SIZE = 50;

const ZOfficeDeliveryQuery = z.object({
  status: z.enum(["undispatched", "sent"]).optional().catch(undefined),
  company: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
  ...sortFields(["id", "scheduledShipDate", "status", "paymentAmount"], "status", "asc"),
});

const SORT_COLUMNS = {
  id: buybackDeliveries.id,
  scheduledShipDate: buybackDeliveries.scheduledShipDate,
  status: buybackDeliveries.state,
  paymentAmount: buybackDeliveries.paymentAmount,
};

export type OfficeDeliveryRow = DeliverySummary & { company: { id: number; name: string } };

export type OfficeDeliveryList = PagedList<OfficeDeliveryRow, { status: string; company: string }> & {
  /** Every buyer company, for the filter. */
  companies: { id: number; name: string }[];
  sort: keyof typeof SORT_COLUMNS;
  dir: SortDir;
};

/**
 * Every company's deliveries for the office, by status (those still to ship first), then by the day
 * they are due, or sorted by number, due day or payment (`sort`, `dir`); filtered by status and
 * company. For `buyback:ship`.
 */
export async function listOfficeDeliveries(
  ctx: Pick<CoreContext, "db">,
  o: { actor: SessionUser | null; query?: unknown },
): Promise<OfficeDeliveryList> {
  await authorize(ctx, o.actor, "buyback:ship");
  const q = ZOfficeDeliveryQuery.parse(o.query && typeof o.query === "object" ? o.query : {});
  const where: SQL[] = [];
  if (q.status) where.push(eq(buybackDeliveries.state, DELIVERY_STATUS_STATE[q.status]));
  if (q.company) where.push(eq(buybackDeliveries.companyId, q.company));
  const [total] = await ctx.db
    .select({ n: count() })
    .from(buybackDeliveries)
    .where(and(...where));
  const n = Number(total?.n ?? 0);
  const { page, pages, offset } = pageWindow(n, q.page, PAGE_SIZE);
  const rows = await ctx.db
    .select({ delivery: buybackDeliveries, companyName: buybackCompanies.name })
    .from(buybackDeliveries)
    .innerJoin(buybackCompanies, eq(buybackCompanies.id, buybackDeliveries.companyId))
    .where(and(...where))
    .orderBy(
      ...sortOrder(SORT_COLUMNS[q.sort], q.dir, buybackDeliveries.id, {
        // Within a status, the day they are due.
        within: q.sort === "status" ? [asc(buybackDeliveries.scheduledShipDate)] : [],
      }),
    )
    .limit(PAGE_SIZE)
    .offset(offset);
  const companies = await ctx.db
    .select({ id: buybackCompanies.id, name: buybackCompanies.name })
    .from(buybackCompanies)
    .orderBy(asc(buybackCompanies.id));
  return {
    rows: rows.map((r) => ({
      ...toDeliverySummary(r.delivery),
      company: { id: r.delivery.companyId, name: r.companyName },
    })),
    total: n,
    page,
    pages,
    filters: { status: q.status ?? "", company: q.company ? String(q.company) : "" },
    companies,
    sort: q.sort,
    dir: q.dir,
  };
}

export type OfficeDeliveryDetail = DeliveryDetail & {
  /** It may ship now: not shipped yet, and it holds at least one device. */
  canShip: boolean;
  /** Its state history, oldest first, with the operators' names. */
  history: {
    id: number;
    from: string | null;
    to: string;
    action: string;
    actorRole: string;
    actorId: number | null;
    actor: string | null;
    reason: string | null;
    at: Date;
  }[];
};

/** One delivery with its devices (IMEI included, for packing) and its history. For `buyback:ship`. */
export async function getOfficeDelivery(
  ctx: Pick<CoreContext, "db">,
  o: { actor: SessionUser | null; deliveryId: number },
): Promise<OfficeDeliveryDetail> {
  await authorize(ctx, o.actor, "buyback:ship");
  const detail = await loadDeliveryDetail(ctx, { deliveryId: o.deliveryId });
  const steps = await stateHistoryOf(ctx.db, BUYBACK_DELIVERY_MACHINE, detail.id);
  const actorIds = [...new Set(steps.map((s) => s.actorId).filter((id): id is number => id !== null))];
  const names = actorIds.length
    ? await ctx.db
        .select({ id: users.id, nickname: users.nickname })
        .from(users)
        .where(inArray(users.id, actorIds))
    : [];
  const nameOf = new Map(names.map((u) => [u.id, u.nickname]));
  return {
    ...detail,
    canShip: detail.state === "10" && detail.devices.length > 0,
    history: steps.map((s) => ({
      id: s.id,
      from: s.fromState,
      to: s.toState,
      action: s.action,
      actorRole: s.actorRole,
      actorId: s.actorId,
      actor: s.actorId === null ? null : (nameOf.get(s.actorId) ?? null),
      reason: s.reason,
      at: s.at,
    })),
  };
}
