import { and, asc, count, desc, eq, gte, inArray, or, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import {
  type BuybackEndReason,
  type BuybackGrade,
  type BuybackItemState,
  buybackApplications,
  buybackItems,
  deviceModels,
  users,
} from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { msg } from "../shared/i18n/translate.ts";
import { parseInput } from "../shared/parse-input.ts";
import { toHalfWidthDigits } from "../shared/validation/characters.ts";
import { authorize } from "../staff/authorize.ts";
import { type Claim, claimsFor } from "../staff/claims.ts";
import { isOverdue, QUEUES } from "../staff/queues.ts";
import { ENDED_WINDOW_DAYS, GRADING_TABS, type GradingTab } from "./grading-input.ts";

const PAGE_SIZE = 30;
const DAY_MS = 24 * 3600 * 1000;

const ZQuery = z.object({
  tab: z.preprocess((v) => (v === "" ? undefined : v), z.enum(GRADING_TABS).optional()),
  /** A device id, an application id, an IMEI or an inbound invoice number. */
  q: z
    .string()
    .max(40)
    .nullish()
    .transform((v) => toHalfWidthDigits(v ?? "").replace(/[\s-]/g, ""))
    .refine((v) => /^\d{0,20}$/.test(v), {
      params: { message: msg("buybackOffice.grading.errors.searchDigits") },
    }),
  page: z.preprocess(
    (v) => (v === "" || v == null ? undefined : v),
    z.coerce.number().int().min(1).max(10_000).optional(),
  ),
});

type Person = { id: number; nickname: string };

export type ArrivingApplication = {
  id: number;
  member: Person;
  shippingMethod: "kit" | "pickup";
  pickupDate: string | null;
  inboundInvoiceNumber: string | null;
  createdAt: Date;
  shippedAt: Date | null;
  devices: { id: number; model: string; state: BuybackItemState }[];
};

export type GradingRow = {
  id: number;
  applicationId: number;
  model: string;
  storageGb: number | null;
  member: Person;
  state: BuybackItemState;
  grade: BuybackGrade | null;
  ngConditions: string[];
  /** Graded in 30 with no offer: no bid for its grade. */
  noBid: boolean;
  offerAmount: number | null;
  offerExpiresAt: Date | null;
  endReason: BuybackEndReason | null;
  inboundInvoiceNumber: string | null;
  /** The last change of the device (for devices to grade: when it came into the queue). */
  since: Date;
  ageMs: number;
  overdue: boolean;
  claim: Claim | null;
};

type Paged<T> = { rows: T[]; total: number; page: number; pages: number };

export type GradingQueue = {
  tab: GradingTab;
  /** The search as understood (digits only), or "" when none. */
  q: string;
  counts: Record<GradingTab, number>;
  /** The arriving tab lists applications (one parcel each); the others, and a search, list devices. */
  applications: Paged<ArrivingApplication> | null;
  devices: Paged<GradingRow> | null;
  targetMs: number;
};

const TAB_STATES: Record<GradingTab, BuybackItemState[]> = {
  arriving: ["10", "20"],
  grade: ["30"],
  offered: ["40"],
  ended: ["50", "60"],
};

/**
 * The grading queue: how many parcels are on their way (applications with devices in 10 or 20 and
 * their inbound invoice number), devices to grade (30, oldest first, late ones flagged, who has each),
 * offers waiting for the member (40, nearest deadline first) and buybacks ended in the last 30 days.
 * A search finds devices in any state by device id, application id, IMEI (the member's or the
 * recorded one) or inbound invoice number.
 */
export async function listGradingQueue(
  ctx: CoreContext,
  o: { actor: SessionUser | null; input?: unknown },
): Promise<GradingQueue> {
  await authorize(ctx, o.actor, "buyback:grade");
  const query = parseInput(ZQuery, o.input ?? {}, {
    q: msg("buybackOffice.grading.queue.search"),
    tab: msg("buybackOffice.grading.queue.tabsLabel"),
    page: msg("buybackOffice.grading.queue.page"),
  });
  const now = ctx.clock.now();
  const endedSince = new Date(now.getTime() - ENDED_WINDOW_DAYS * DAY_MS);
  const tab = query.tab ?? "grade";
  const page = query.page ?? 1;
  const counts = await countTabs(ctx, endedSince);
  const base = { tab, q: query.q, counts, targetMs: QUEUES.buyback.targetMs };
  if (query.q !== "") {
    return { ...base, applications: null, devices: await devicePage(ctx, search(query.q), page, now) };
  }
  if (tab === "arriving") {
    return { ...base, applications: await arrivingPage(ctx, page), devices: null };
  }
  const where = and(
    inArray(buybackItems.state, TAB_STATES[tab]),
    tab === "ended" ? gte(buybackItems.updatedAt, endedSince) : undefined,
  ) as SQL;
  return { ...base, applications: null, devices: await devicePage(ctx, where, page, now, tab) };
}

async function countTabs(
  ctx: Pick<CoreContext, "db">,
  endedSince: Date,
): Promise<Record<GradingTab, number>> {
  const rows = await ctx.db
    .select({ state: buybackItems.state, n: count() })
    .from(buybackItems)
    .where(
      or(
        inArray(buybackItems.state, ["30", "40"]),
        and(inArray(buybackItems.state, ["50", "60"]), gte(buybackItems.updatedAt, endedSince)),
      ),
    )
    .groupBy(buybackItems.state);
  const of = (states: string[]) =>
    rows.filter((r) => states.includes(r.state)).reduce((sum, r) => sum + Number(r.n), 0);
  const [arriving] = await ctx.db
    .select({ n: sql<number>`count(distinct ${buybackItems.applicationId})` })
    .from(buybackItems)
    .where(inArray(buybackItems.state, TAB_STATES.arriving));
  return {
    arriving: Number(arriving?.n ?? 0),
    grade: of(["30"]),
    offered: of(["40"]),
    ended: of(["50", "60"]),
  };
}

/** Devices matching a search: by id, application id, IMEI (declared or recorded) or inbound invoice. */
function search(q: string): SQL {
  const asId = q.length <= 15 ? Number(q) : null;
  return or(
    asId !== null ? eq(buybackItems.id, asId) : undefined,
    asId !== null ? eq(buybackItems.applicationId, asId) : undefined,
    eq(buybackItems.imei, q),
    sql`${buybackItems.diagnostics} -> 'imei' ->> 'value' = ${q}`,
    sql`replace(${buybackApplications.inboundInvoiceNumber}, '-', '') = ${q}`,
  ) as SQL;
}

const ORDER: Record<GradingTab | "search", SQL[]> = {
  arriving: [asc(buybackItems.id)],
  grade: [asc(buybackItems.updatedAt), asc(buybackItems.id)],
  offered: [asc(buybackItems.offerExpiresAt), asc(buybackItems.id)],
  ended: [desc(buybackItems.updatedAt), desc(buybackItems.id)],
  search: [desc(buybackItems.id)],
};

async function devicePage(
  ctx: Pick<CoreContext, "db">,
  where: SQL,
  page: number,
  now: Date,
  tab?: GradingTab,
): Promise<Paged<GradingRow>> {
  const [total] = await ctx.db
    .select({ n: count() })
    .from(buybackItems)
    .innerJoin(buybackApplications, eq(buybackApplications.id, buybackItems.applicationId))
    .where(where);
  const n = Number(total?.n ?? 0);
  const pages = Math.max(1, Math.ceil(n / PAGE_SIZE));
  const rows = await ctx.db
    .select({
      id: buybackItems.id,
      applicationId: buybackItems.applicationId,
      model: deviceModels.name,
      storageGb: buybackItems.storageGb,
      memberId: users.id,
      nickname: users.nickname,
      state: buybackItems.state,
      grade: buybackItems.grade,
      ngConditions: buybackItems.ngConditions,
      offerBidId: buybackItems.offerBidId,
      offerAmount: buybackItems.offerAmount,
      offerExpiresAt: buybackItems.offerExpiresAt,
      endReason: buybackItems.endReason,
      inboundInvoiceNumber: buybackApplications.inboundInvoiceNumber,
      since: buybackItems.updatedAt,
    })
    .from(buybackItems)
    .innerJoin(buybackApplications, eq(buybackApplications.id, buybackItems.applicationId))
    .innerJoin(deviceModels, eq(deviceModels.id, buybackItems.modelId))
    .innerJoin(users, eq(users.id, buybackItems.userId))
    .where(where)
    .orderBy(...ORDER[tab ?? "search"])
    .limit(PAGE_SIZE)
    .offset((Math.min(page, pages) - 1) * PAGE_SIZE);
  const claims = await claimsFor(
    ctx.db,
    "buyback",
    rows.filter((r) => r.state === "30").map((r) => r.id),
  );
  return {
    rows: rows.map(({ memberId, nickname, offerBidId, ...r }) => ({
      ...r,
      member: { id: memberId, nickname },
      noBid: r.state === "30" && r.grade !== null && offerBidId === null,
      ageMs: Math.max(0, now.getTime() - r.since.getTime()),
      overdue: r.state === "30" && isOverdue("buyback", r.since, now),
      claim: claims.get(r.id) ?? null,
    })),
    total: n,
    page: Math.min(page, pages),
    pages,
  };
}

/** Applications with a device still to arrive, oldest first, each with its devices. */
async function arrivingPage(ctx: Pick<CoreContext, "db">, page: number): Promise<Paged<ArrivingApplication>> {
  const waiting = sql`exists (select 1 from ${buybackItems} where ${buybackItems.applicationId} = ${buybackApplications.id} and ${buybackItems.state} in ('10', '20'))`;
  const [total] = await ctx.db.select({ n: count() }).from(buybackApplications).where(waiting);
  const n = Number(total?.n ?? 0);
  const pages = Math.max(1, Math.ceil(n / PAGE_SIZE));
  const apps = await ctx.db
    .select({
      id: buybackApplications.id,
      memberId: users.id,
      nickname: users.nickname,
      shippingMethod: buybackApplications.shippingMethod,
      pickupDate: buybackApplications.pickupDate,
      inboundInvoiceNumber: buybackApplications.inboundInvoiceNumber,
      createdAt: buybackApplications.createdAt,
      shippedAt: buybackApplications.shippedAt,
    })
    .from(buybackApplications)
    .innerJoin(users, eq(users.id, buybackApplications.userId))
    .where(waiting)
    .orderBy(asc(buybackApplications.id))
    .limit(PAGE_SIZE)
    .offset((Math.min(page, pages) - 1) * PAGE_SIZE);
  const devices = apps.length
    ? await ctx.db
        .select({
          id: buybackItems.id,
          applicationId: buybackItems.applicationId,
          model: deviceModels.name,
          state: buybackItems.state,
        })
        .from(buybackItems)
        .innerJoin(deviceModels, eq(deviceModels.id, buybackItems.modelId))
        .where(
          inArray(
            buybackItems.applicationId,
            apps.map((a) => a.id),
          ),
        )
        .orderBy(asc(buybackItems.id))
    : [];
  return {
    rows: apps.map(({ memberId, nickname, ...a }) => ({
      ...a,
      member: { id: memberId, nickname },
      devices: devices.filter((d) => d.applicationId === a.id).map(({ applicationId: _, ...d }) => d),
    })),
    total: n,
    page: Math.min(page, pages),
    pages,
  };
}
