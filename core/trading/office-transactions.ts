import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { z } from "zod";
import {
  auditLog,
  items,
  payments,
  shipments,
  TRANSACTION_STATE_CODES,
  transactions,
  users,
} from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import { PAYMENT_MACHINE } from "../money/payments/payment-states.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";
import { parseInput } from "../shared/parse-input.ts";
import { recordAudit } from "../staff/audit.ts";
import { authorize, type RequestMeta } from "../staff/authorize.ts";
import { type Claim, claimsFor } from "../staff/claims.ts";
import { maskAddress } from "../staff/mask.ts";
import { hasPermission } from "../staff/permissions.ts";
import { isOverdue } from "../staff/queues.ts";
import { stateHistoryOf } from "../state/change-state.ts";
import type { TransactionState } from "./codes.ts";
import { loadTransaction } from "./load-transaction.ts";
import { type OfficeStep, officeStepsFor } from "./office-rules.ts";
import { listTransactionMessages } from "./transaction-messages.ts";
import { TRANSACTION_MACHINE } from "./transaction-states.ts";

/** A party of a sale as the office sees it. */
type Party = { id: number; nickname: string };

/** How many transactions one page of the office's search shows. */
const OFFICE_PAGE_SIZE = 20;
/** How many of the oldest waiting transactions the queue lists (the count covers them all). */
const QUEUE_LIMIT = 100;
const JST_OFFSET_MS = 9 * 3600 * 1000;
const DAY_MS = 24 * 3600 * 1000;

/** Columns the search may be sorted by. */
export const OFFICE_SORTS = ["id", "createdAt", "updatedAt", "price", "state"] as const;
type OfficeSort = (typeof OFFICE_SORTS)[number];

/** An empty form field (a GET form sends every field) counts as not given. */
const blank = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === "" || v === null ? undefined : v), schema.optional());

const ZSearch = z.object({
  /** A transaction, item or member id, or part of an item title or a nickname. */
  q: blank(z.string().trim().max(100)),
  state: blank(z.enum(TRANSACTION_STATE_CODES)),
  /** Days in Asia/Tokyo (`YYYY-MM-DD`), both included, on the day the sale was made. */
  from: blank(z.iso.date()),
  to: blank(z.iso.date()),
  sort: blank(z.enum(OFFICE_SORTS)),
  dir: blank(z.enum(["asc", "desc"])),
  page: blank(z.coerce.number().int().min(1).max(100_000)),
});
export type OfficeSearch = z.input<typeof ZSearch>;

const SEARCH_LABELS = {
  q: msg("office.search.q"),
  state: msg("office.search.state"),
  from: msg("office.search.from"),
  to: msg("office.search.to"),
  sort: msg("office.search.sort"),
  dir: msg("office.search.sort"),
  page: msg("office.search.page"),
};

export type OfficeQueueRow = {
  id: number;
  itemId: number;
  title: string;
  state: string;
  heldFrom: string | null;
  price: number;
  buyer: Party;
  seller: Party;
  /** When it entered the queue (its last state change). */
  since: Date;
  ageMs: number;
  overdue: boolean;
  claim: Claim | null;
};

export type OfficeSearchRow = {
  id: number;
  itemId: number;
  title: string;
  state: string;
  price: number;
  paymentMethod: string;
  buyer: Party;
  seller: Party;
  createdAt: Date;
  updatedAt: Date;
};

export type OfficeTransactionList = {
  queue: { rows: OfficeQueueRow[]; total: number };
  search: {
    rows: OfficeSearchRow[];
    total: number;
    page: number;
    pageSize: number;
    sort: OfficeSort;
    dir: "asc" | "desc";
    /** The filters as understood, for the form to show again. */
    filters: { q: string; state: string; from: string; to: string };
  };
  /** May this operator claim queue items (`transactions:hold`)? */
  canClaim: boolean;
};

/** Midnight in Tokyo of a `YYYY-MM-DD` day, as an instant. */
function tokyoDayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - JST_OFFSET_MS);
}

/** `%`, `_` and `\` are themselves in a LIKE pattern. */
function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const buyers = alias(users, "buyer");
const sellers = alias(users, "seller");

const ROW_COLUMNS = {
  id: transactions.id,
  itemId: transactions.itemId,
  title: items.title,
  state: transactions.state,
  heldFrom: transactions.heldFrom,
  price: transactions.price,
  paymentMethod: transactions.paymentMethod,
  buyerId: transactions.buyerId,
  buyerNickname: buyers.nickname,
  sellerId: transactions.sellerId,
  sellerNickname: sellers.nickname,
  createdAt: transactions.createdAt,
  updatedAt: transactions.updatedAt,
};

const SORT_COLUMNS = {
  id: transactions.id,
  createdAt: transactions.createdAt,
  updatedAt: transactions.updatedAt,
  price: transactions.price,
  state: transactions.state,
} as const;

/**
 * The office's transactions page: the queue of transactions under review (PENDING, oldest first,
 * with their age, whether they are past the queue's target and who has claimed them), and a search
 * over every transaction by id, item title, member id or nickname, state and days, sorted by a
 * column and paged. For operators holding `transactions:read`.
 */
export async function listOfficeTransactions(
  ctx: CoreContext,
  o: { actor: SessionUser | null; input?: OfficeSearch },
): Promise<OfficeTransactionList> {
  const operator = await authorize(ctx, o.actor, "transactions:read");
  const input = parseInput(ZSearch, o.input ?? {}, SEARCH_LABELS);
  if (input.from && input.to && input.from > input.to) {
    throw new AppError("VALIDATION", { fields: { to: msg("office.errors.dateOrder") } });
  }
  const now = ctx.clock.now();

  const queueWhere = eq(transactions.state, "PENDING");
  const [queueRows, [queueCount]] = await Promise.all([
    rowsQuery(ctx)
      .where(queueWhere)
      .orderBy(asc(transactions.updatedAt), asc(transactions.id))
      .limit(QUEUE_LIMIT),
    ctx.db.select({ n: count() }).from(transactions).where(queueWhere),
  ]);
  const claims = await claimsFor(
    ctx.db,
    "transactions",
    queueRows.map((r) => r.id),
  );

  const where: SQL[] = [];
  if (input.q) {
    const pattern = likePattern(input.q);
    const text = [
      ilike(items.title, pattern),
      ilike(buyers.nickname, pattern),
      ilike(sellers.nickname, pattern),
    ];
    const id = /^\d{1,15}$/.test(input.q) ? Number(input.q) : null;
    where.push(
      or(
        ...text,
        ...(id === null
          ? []
          : [
              eq(transactions.id, id),
              eq(transactions.itemId, id),
              eq(transactions.buyerId, id),
              eq(transactions.sellerId, id),
            ]),
      )!,
    );
  }
  if (input.state) where.push(eq(transactions.state, input.state));
  if (input.from) where.push(gte(transactions.createdAt, tokyoDayStart(input.from)));
  if (input.to) where.push(lt(transactions.createdAt, new Date(tokyoDayStart(input.to).getTime() + DAY_MS)));
  const sort = input.sort ?? "id";
  const dir = input.dir ?? "desc";
  const order = dir === "asc" ? asc : desc;
  const page = input.page ?? 1;
  const [searchRows, [searchCount]] = await Promise.all([
    rowsQuery(ctx)
      .where(and(...where))
      .orderBy(order(SORT_COLUMNS[sort]), order(transactions.id))
      .limit(OFFICE_PAGE_SIZE)
      .offset((page - 1) * OFFICE_PAGE_SIZE),
    ctx.db
      .select({ n: count() })
      .from(transactions)
      .innerJoin(items, eq(items.id, transactions.itemId))
      .innerJoin(buyers, eq(buyers.id, transactions.buyerId))
      .innerJoin(sellers, eq(sellers.id, transactions.sellerId))
      .where(and(...where)),
  ]);

  return {
    queue: {
      rows: queueRows.map((r) => {
        const since = new Date(r.updatedAt);
        return {
          id: r.id,
          itemId: r.itemId,
          title: r.title,
          state: r.state,
          heldFrom: r.heldFrom,
          price: r.price,
          buyer: { id: r.buyerId, nickname: r.buyerNickname },
          seller: { id: r.sellerId, nickname: r.sellerNickname },
          since,
          ageMs: Math.max(0, now.getTime() - since.getTime()),
          overdue: isOverdue("transactions", since, now),
          claim: claims.get(r.id) ?? null,
        };
      }),
      total: Number(queueCount?.n ?? 0),
    },
    search: {
      rows: searchRows.map((r) => ({
        id: r.id,
        itemId: r.itemId,
        title: r.title,
        state: r.state,
        price: r.price,
        paymentMethod: r.paymentMethod,
        buyer: { id: r.buyerId, nickname: r.buyerNickname },
        seller: { id: r.sellerId, nickname: r.sellerNickname },
        createdAt: r.createdAt,
        updatedAt: r.updatedAt,
      })),
      total: Number(searchCount?.n ?? 0),
      page,
      pageSize: OFFICE_PAGE_SIZE,
      sort,
      dir,
      filters: { q: input.q ?? "", state: input.state ?? "", from: input.from ?? "", to: input.to ?? "" },
    },
    canClaim: hasPermission(operator.roles, "transactions:hold"),
  };
}

function rowsQuery(ctx: CoreContext) {
  return ctx.db
    .select(ROW_COLUMNS)
    .from(transactions)
    .innerJoin(items, eq(items.id, transactions.itemId))
    .innerJoin(buyers, eq(buyers.id, transactions.buyerId))
    .innerJoin(sellers, eq(sellers.id, transactions.sellerId))
    .$dynamic();
}

/** The shipping address: in full for an operator who asked to see it with `pii:read`, else prefecture and city. */
export type OfficeAddress = {
  prefectureCode: string;
  city: string;
  name?: string;
  postalCode?: string;
  street?: string;
  building?: string;
  phone?: string;
};

type ActorRef = { role: string; id: number | null; nickname: string | null };

/** One line of a transaction's timeline, oldest first. */
export type TimelineEntry =
  | {
      kind: "state";
      id: number;
      at: Date;
      from: string | null;
      to: string;
      action: string;
      actor: ActorRef;
      reason: string | null;
    }
  | {
      kind: "payment";
      id: number;
      at: Date;
      paymentId: number;
      from: string | null;
      to: string;
      action: string;
      actor: ActorRef;
      reason: string | null;
    }
  | { kind: "message"; id: number; at: Date; side: "buyer" | "seller"; sender: Party; body: string }
  | {
      kind: "audit";
      id: number;
      at: Date;
      action: string;
      actor: ActorRef;
      actorRoles: string[];
      changes: Record<string, [unknown, unknown]>;
      reason: string | null;
    };

export type OfficeTransactionView = {
  id: number;
  state: TransactionState;
  heldFrom: string | null;
  cancelRequestedBy: string | null;
  item: { id: number; title: string; price: number | null };
  amounts: { price: number; fee: number; proceeds: number };
  paymentMethod: string;
  buyer: Party;
  seller: Party;
  shipping: {
    method: string;
    postage: string;
    address: OfficeAddress;
    /** False when only prefecture and city are shown. */
    addressInFull: boolean;
    /** May this operator ask to see the address in full (`pii:read`)? */
    canRevealAddress: boolean;
    shipment: {
      invoiceNumber: string | null;
      trackingNumber: string | null;
      parcelSize: number | null;
      pickupDate: string | null;
      fee: number | null;
      createdAt: Date;
    } | null;
  };
  payments: {
    id: number;
    state: string;
    amount: number;
    provider: string;
    createdAt: Date;
    updatedAt: Date;
  }[];
  timeline: TimelineEntry[];
  /** The office steps this operator may take now (state table ∩ roles). */
  steps: OfficeStep[];
  /** In the review queue (PENDING): since when, how long, late or not, and who has it. */
  queue: { since: Date; ageMs: number; overdue: boolean; claim: Claim | null; canClaim: boolean } | null;
  createdAt: Date;
  updatedAt: Date;
  shippedAt: Date | null;
  completedAt: Date | null;
};

// Entries written in one database transaction share a time: the change, then what it moved, then
// the audit entry that records it; messages come after.
const KIND_ORDER = { state: 0, payment: 1, audit: 2, message: 3 } as const;

/**
 * One transaction as the office sees it: the parties, the item, the amounts, the shipping (the
 * address cut to prefecture and city unless an operator holding `pii:read` asks for it, which is
 * audited), the payments, one timeline of state changes, payment changes, the parties' messages and
 * the office's audit entries, and the steps this operator may take now. For `transactions:read`.
 */
export async function getOfficeTransaction(
  ctx: CoreContext,
  o: {
    actor: SessionUser | null;
    transactionId: number;
    /** Show the full shipping address (needs `pii:read`; recorded in the audit log). */
    revealAddress?: boolean;
    meta?: RequestMeta | undefined;
  },
): Promise<OfficeTransactionView> {
  const operator = await authorize(ctx, o.actor, "transactions:read");
  const t = await loadTransaction(ctx.db, o.transactionId);
  const mayRevealAddress = hasPermission(operator.roles, "pii:read");
  if (o.revealAddress) {
    if (!mayRevealAddress) await authorize(ctx, o.actor, "pii:read");
    await recordAudit(ctx, {
      operator,
      action: "pii:read",
      target: { type: "transaction", id: t.id },
      changes: { shippingAddress: [null, "shown"] },
      meta: o.meta,
    });
  }
  const now = ctx.clock.now();
  const [[item], people, [shipment], paymentRows, history, messages, audits, claims] = await Promise.all([
    ctx.db.select({ title: items.title, price: items.price }).from(items).where(eq(items.id, t.itemId)),
    ctx.db
      .select({ id: users.id, nickname: users.nickname })
      .from(users)
      .where(inArray(users.id, [t.buyerId, t.sellerId])),
    ctx.db.select().from(shipments).where(eq(shipments.transactionId, t.id)),
    ctx.db.select().from(payments).where(eq(payments.transactionId, t.id)).orderBy(asc(payments.id)),
    stateHistoryOf(ctx.db, TRANSACTION_MACHINE, t.id),
    listTransactionMessages(ctx, t.id),
    ctx.db
      .select()
      .from(auditLog)
      .where(
        and(
          // The office's steps on the transaction, and its claims in the review queue.
          inArray(auditLog.targetType, ["transaction", "transactions"]),
          eq(auditLog.targetId, String(t.id)),
        ),
      )
      .orderBy(asc(auditLog.id)),
    claimsFor(ctx.db, "transactions", [t.id]),
  ]);
  const paymentHistory = (
    await Promise.all(paymentRows.map((p) => stateHistoryOf(ctx.db, PAYMENT_MACHINE, p.id)))
  ).flat();

  const actorIds = [
    ...new Set(
      [...history, ...paymentHistory, ...audits]
        .map((r) => r.actorId)
        .filter((id): id is number => typeof id === "number"),
    ),
  ];
  const actors = actorIds.length
    ? await ctx.db
        .select({ id: users.id, nickname: users.nickname })
        .from(users)
        .where(inArray(users.id, actorIds))
    : [];
  const nickname = (id: number | null) =>
    id === null ? null : (actors.find((a) => a.id === id)?.nickname ?? null);
  const party = (id: number): Party => ({ id, nickname: people.find((p) => p.id === id)?.nickname ?? "" });

  const timeline: TimelineEntry[] = [
    ...history.map(
      (h): TimelineEntry => ({
        kind: "state",
        id: h.id,
        at: h.at,
        from: h.fromState,
        to: h.toState,
        action: h.action,
        actor: { role: h.actorRole, id: h.actorId, nickname: nickname(h.actorId) },
        reason: h.reason,
      }),
    ),
    ...paymentHistory.map(
      (h): TimelineEntry => ({
        kind: "payment",
        id: h.id,
        at: h.at,
        paymentId: h.rowId,
        from: h.fromState,
        to: h.toState,
        action: h.action,
        actor: { role: h.actorRole, id: h.actorId, nickname: nickname(h.actorId) },
        reason: h.reason,
      }),
    ),
    ...messages.map(
      (m): TimelineEntry => ({
        kind: "message",
        id: m.id,
        at: m.createdAt,
        side: m.senderId === t.buyerId ? "buyer" : "seller",
        sender: { id: m.senderId, nickname: m.senderNickname },
        body: m.body,
      }),
    ),
    ...audits.map(
      (a): TimelineEntry => ({
        kind: "audit",
        id: a.id,
        at: a.at,
        action: a.action,
        actor: { role: "operator", id: a.actorId, nickname: nickname(a.actorId) },
        actorRoles: a.actorRoles,
        changes: a.changes,
        reason: a.reason,
      }),
    ),
  ].sort(
    (a, b) =>
      new Date(a.at).getTime() - new Date(b.at).getTime() ||
      KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
      a.id - b.id,
  );

  const inFull = Boolean(o.revealAddress);
  const address: OfficeAddress = inFull ? { ...t.shippingAddress } : maskAddress(t.shippingAddress);
  const since = new Date(t.updatedAt);
  return {
    id: t.id,
    state: t.state,
    heldFrom: t.heldFrom,
    cancelRequestedBy: t.cancelRequestedBy,
    item: { id: t.itemId, title: item?.title ?? "", price: item?.price ?? null },
    amounts: { price: t.price, fee: t.fee, proceeds: t.proceeds },
    paymentMethod: t.paymentMethod,
    buyer: party(t.buyerId),
    seller: party(t.sellerId),
    shipping: {
      method: t.shippingMethod,
      postage: t.postage,
      address,
      addressInFull: inFull,
      canRevealAddress: mayRevealAddress,
      shipment: shipment
        ? {
            invoiceNumber: shipment.invoiceNumber,
            trackingNumber: shipment.trackingNumber,
            parcelSize: shipment.parcelSize,
            pickupDate: shipment.pickupDate,
            fee: shipment.fee,
            createdAt: shipment.createdAt,
          }
        : null,
    },
    payments: paymentRows.map((p) => ({
      id: p.id,
      state: p.state,
      amount: p.amount,
      provider: p.provider,
      createdAt: p.createdAt,
      updatedAt: p.updatedAt,
    })),
    timeline,
    steps: officeStepsFor(t.state, t.heldFrom, operator.roles),
    queue:
      t.state === "PENDING"
        ? {
            since,
            ageMs: Math.max(0, now.getTime() - since.getTime()),
            overdue: isOverdue("transactions", since, now),
            claim: claims.get(t.id) ?? null,
            canClaim: hasPermission(operator.roles, "transactions:hold"),
          }
        : null,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
    shippedAt: t.shippedAt,
    completedAt: t.completedAt,
  };
}
