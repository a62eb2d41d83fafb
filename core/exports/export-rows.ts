import { and, asc, eq, gt, gte, inArray, lt, type SQL } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import {
  auditLog,
  type EXPORT_KINDS,
  items,
  OPERATOR_ROLES,
  type OperatorRole,
  transactions,
  users,
} from "#db/schema/index.ts";
import { labelOf } from "../shared/codes.ts";
import { type MessageKey, msg, renderMessage } from "../shared/i18n/translate.ts";
import { maskEmail } from "../staff/mask.ts";
import { TRANSACTION_STATES } from "../trading/codes.ts";

export type ExportKind = (typeof EXPORT_KINDS)[number];

/** Rows are read this many at a time, by id (keyset), so memory does not grow with the export. */
export const EXPORT_BATCH_ROWS = 2000;

const JST_OFFSET_MS = 9 * 3600 * 1000;
const DAY_MS = 24 * 3600 * 1000;

/** The instants a range of Tokyo days covers: from 00:00 JST of `from` up to (not including) 00:00 JST after `to`. */
export function tokyoRange(from: string, to: string): { start: Date; end: Date } {
  return {
    start: new Date(Date.parse(`${from}T00:00:00Z`) - JST_OFFSET_MS),
    end: new Date(Date.parse(`${to}T00:00:00Z`) - JST_OFFSET_MS + DAY_MS),
  };
}

/** `2026-11-22 12:34:56` in Tokyo time, as Excel reads a date and time; empty for no instant. */
function jst(at: Date | null): string {
  if (!at) return "";
  return new Date(at.getTime() + JST_OFFSET_MS).toISOString().slice(0, 19).replace("T", " ");
}

/**
 * Text a member typed, made safe to open in a spreadsheet: a cell starting with `=`, `+`, `-`,
 * `@`, a tab or a carriage return would be read as a formula (CSV injection), so it gets a leading
 * apostrophe, which spreadsheets show as text. Quoting is csv-stringify's job, not this one's.
 */
export function cellText(value: string | null | undefined): string {
  if (!value) return "";
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

const ja = (key: MessageKey) => renderMessage(msg(key), "ja");

type Cell = string | number;
type Options = { db: Db; from: string; to: string; showPersonalData: boolean };

/** Reads a table in id order, `EXPORT_BATCH_ROWS` at a time, each batch after the last id seen. */
async function* keyset<T extends { id: number }>(
  batch: (afterId: number) => Promise<T[]>,
): AsyncGenerator<T> {
  let after = 0;
  for (;;) {
    const rows = await batch(after);
    yield* rows;
    if (rows.length < EXPORT_BATCH_ROWS) return;
    after = rows[rows.length - 1]!.id;
  }
}

/** One kind of export: its header (catalogue keys, always written in Japanese) and its rows. */
type Source = {
  columns: readonly MessageKey[];
  rows(o: Options): AsyncGenerator<Cell[]>;
};

const paymentMethod = (method: string) => ja(`exports.csv.values.${method === "points" ? "points" : "card"}`);

const transactionsSource: Source = {
  columns: [
    "exports.csv.transactions.id",
    "exports.csv.transactions.createdAt",
    "exports.csv.transactions.state",
    "exports.csv.transactions.itemId",
    "exports.csv.transactions.title",
    "exports.csv.transactions.price",
    "exports.csv.transactions.fee",
    "exports.csv.transactions.proceeds",
    "exports.csv.transactions.paymentMethod",
    "exports.csv.transactions.buyerId",
    "exports.csv.transactions.sellerId",
    "exports.csv.transactions.shippedAt",
    "exports.csv.transactions.completedAt",
  ],
  async *rows({ db, from, to }) {
    const { start, end } = tokyoRange(from, to);
    const rows = keyset((after) =>
      transactionRows(db, after, [gte(transactions.createdAt, start), lt(transactions.createdAt, end)]),
    );
    for await (const t of rows) {
      yield [
        t.id,
        jst(t.createdAt),
        labelOf(TRANSACTION_STATES, t.state, "ja"),
        t.itemId,
        cellText(t.title),
        t.price,
        t.fee,
        t.proceeds,
        paymentMethod(t.paymentMethod),
        t.buyerId,
        t.sellerId,
        jst(t.shippedAt),
        jst(t.completedAt),
      ];
    }
  },
};

function transactionRows(db: Db, after: number, where: SQL[]) {
  return db
    .select({
      id: transactions.id,
      createdAt: transactions.createdAt,
      state: transactions.state,
      itemId: transactions.itemId,
      title: items.title,
      price: transactions.price,
      fee: transactions.fee,
      proceeds: transactions.proceeds,
      paymentMethod: transactions.paymentMethod,
      buyerId: transactions.buyerId,
      sellerId: transactions.sellerId,
      shippedAt: transactions.shippedAt,
      completedAt: transactions.completedAt,
    })
    .from(transactions)
    .innerJoin(items, eq(items.id, transactions.itemId))
    .where(and(gt(transactions.id, after), ...where))
    .orderBy(asc(transactions.id))
    .limit(EXPORT_BATCH_ROWS);
}

/**
 * Sales: one row per transaction COMPLETED in the period (by its completion time), with what the
 * buyer paid, the fee and the seller's proceeds. One row per sale rather than a per-day summary:
 * finance can total it any way (a pivot by 完了日 gives the daily figures) and reconcile each sale
 * against the ledger by its transaction id.
 */
const salesSource: Source = {
  columns: [
    "exports.csv.sales.completedOn",
    "exports.csv.sales.completedAt",
    "exports.csv.sales.id",
    "exports.csv.sales.itemId",
    "exports.csv.sales.title",
    "exports.csv.sales.sellerId",
    "exports.csv.sales.buyerId",
    "exports.csv.sales.paymentMethod",
    "exports.csv.sales.price",
    "exports.csv.sales.fee",
    "exports.csv.sales.proceeds",
  ],
  async *rows({ db, from, to }) {
    const { start, end } = tokyoRange(from, to);
    const rows = keyset((after) =>
      transactionRows(db, after, [
        eq(transactions.state, "COMPLETED"),
        gte(transactions.completedAt, start),
        lt(transactions.completedAt, end),
      ]),
    );
    for await (const t of rows) {
      const at = jst(t.completedAt);
      yield [
        at.slice(0, 10),
        at,
        t.id,
        t.itemId,
        cellText(t.title),
        t.sellerId,
        t.buyerId,
        paymentMethod(t.paymentMethod),
        t.price,
        t.fee,
        t.proceeds,
      ];
    }
  },
};

/** Members and business buyers who signed up in the period (staff accounts are not members). */
const membersSource: Source = {
  columns: [
    "exports.csv.members.id",
    "exports.csv.members.nickname",
    "exports.csv.members.email",
    "exports.csv.members.createdAt",
    "exports.csv.members.role",
    "exports.csv.members.identity",
    "exports.csv.members.suspended",
  ],
  async *rows({ db, from, to, showPersonalData }) {
    const { start, end } = tokyoRange(from, to);
    const rows = keyset((after) =>
      db
        .select({
          id: users.id,
          nickname: users.nickname,
          email: users.email,
          createdAt: users.createdAt,
          role: users.role,
          identityVerifiedAt: users.identityVerifiedAt,
          suspendedAt: users.suspendedAt,
        })
        .from(users)
        .where(
          and(
            gt(users.id, after),
            inArray(users.role, ["member", "business"]),
            gte(users.createdAt, start),
            lt(users.createdAt, end),
          ),
        )
        .orderBy(asc(users.id))
        .limit(EXPORT_BATCH_ROWS),
    );
    for await (const u of rows) {
      yield [
        u.id,
        cellText(u.nickname),
        cellText(showPersonalData ? u.email : maskEmail(u.email)),
        jst(u.createdAt),
        ja(`exports.csv.values.${u.role === "business" ? "business" : "member"}`),
        ja(`exports.csv.values.${u.identityVerifiedAt ? "verified" : "notVerified"}`),
        u.suspendedAt ? ja("exports.csv.values.suspended") : "",
      ];
    }
  },
};

const roleLabel = (role: string) =>
  (OPERATOR_ROLES as readonly string[]).includes(role)
    ? ja(`backOffice.roles.${role as OperatorRole}`)
    : role;

const auditSource: Source = {
  columns: [
    "exports.csv.audit.at",
    "exports.csv.audit.actorId",
    "exports.csv.audit.roles",
    "exports.csv.audit.action",
    "exports.csv.audit.targetType",
    "exports.csv.audit.targetId",
    "exports.csv.audit.changes",
    "exports.csv.audit.reason",
    "exports.csv.audit.requestId",
  ],
  async *rows({ db, from, to }) {
    const { start, end } = tokyoRange(from, to);
    const rows = keyset((after) =>
      db
        .select()
        .from(auditLog)
        .where(and(gt(auditLog.id, after), gte(auditLog.at, start), lt(auditLog.at, end)))
        .orderBy(asc(auditLog.id))
        .limit(EXPORT_BATCH_ROWS),
    );
    for await (const a of rows) {
      yield [
        jst(a.at),
        a.actorId ?? "",
        a.actorId === null ? ja("exports.csv.values.system") : a.actorRoles.map(roleLabel).join("・"),
        a.action,
        a.targetType,
        cellText(a.targetId),
        cellText(JSON.stringify(a.changes)),
        cellText(a.reason),
        a.requestId ?? "",
      ];
    }
  },
};

export const EXPORT_SOURCES: Record<ExportKind, Source> = {
  transactions: transactionsSource,
  sales: salesSource,
  members: membersSource,
  audit: auditSource,
};

/** The header row of a kind of export, in Japanese. */
export function exportHeader(kind: ExportKind): string[] {
  return EXPORT_SOURCES[kind].columns.map(ja);
}
