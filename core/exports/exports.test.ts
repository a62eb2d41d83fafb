import { and, eq, sql } from "drizzle-orm";
import iconv from "iconv-lite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "#core/identity/sessions.ts";
import {
  auditLog,
  exports,
  items,
  jobs,
  operatorRoles,
  stateHistory,
  transactions,
  users,
} from "#db/schema/index.ts";
import { makeMember, makeOperator } from "#tests/helpers/catalog.ts";
import { createTestCore, failure, said, type TestCore } from "#tests/helpers/core.ts";
import { ENGINES } from "#tests/helpers/db.ts";
import { TEST_ADDRESS } from "#tests/helpers/trading.ts";
import { createJobRunner, retryDelayMs } from "../jobs/job-runner.ts";
import { maskEmail } from "../staff/mask.ts";
import { nextState } from "../state/machine.ts";
import { getExportDownload } from "./export-download.ts";
import { cellText, EXPORT_BATCH_ROWS, exportHeader, tokyoRange } from "./export-rows.ts";
import { EXPORT_MACHINE } from "./export-states.ts";
import { getExport, listExports } from "./list-exports.ts";
import { requestExport } from "./request-export.ts";
import { toShiftJisText, writeExportHandler } from "./write-export.ts";

const TITLE = "画面割れ iPhone 13 ジャンク";
const TX_HEADER =
  "取引ID,作成日時(JST),状態,商品ID,商品名,価格,手数料,販売利益,支払方法,購入者ID,出品者ID,発送日時,完了日時";
const MEMBERS_HEADER = "会員ID,ニックネーム,メール,登録日時,種別,本人確認,利用停止";
const AUDIT_HEADER = "日時,操作者ID,ロール,操作,対象,対象ID,変更内容(JSON),理由,リクエストID";
const SALES_HEADER =
  "完了日(JST),完了日時(JST),取引ID,商品ID,商品名,出品者ID,購入者ID,支払方法,価格,手数料,販売利益";

/** An instant given as Tokyo wall-clock time. */
const jst = (local: string) => new Date(`${local}+09:00`);

describe("export state machine", () => {
  it("is created QUEUED by operators and moved only by the system", () => {
    expect(EXPORT_MACHINE.create).toEqual({ QUEUED: ["operator"] });
    expect(nextState(EXPORT_MACHINE, "QUEUED", "start", "system")).toBe("RUNNING");
    expect(nextState(EXPORT_MACHINE, "RUNNING", "finish", "system")).toBe("DONE");
    expect(nextState(EXPORT_MACHINE, "RUNNING", "fail", "system")).toBe("FAILED");
    expect(nextState(EXPORT_MACHINE, "FAILED", "retry", "system")).toBe("RUNNING");
    expect(() => nextState(EXPORT_MACHINE, "QUEUED", "start", "operator")).toThrow();
    expect(() => nextState(EXPORT_MACHINE, "QUEUED", "finish", "system")).toThrow();
    expect(() => nextState(EXPORT_MACHINE, "DONE", "fail", "system")).toThrow();
    expect(() => nextState(EXPORT_MACHINE, "DONE", "retry", "system")).toThrow();
  });

  it("reads Tokyo days as instants, the last day included to its end", () => {
    const { start, end } = tokyoRange("2026-11-01", "2026-11-30");
    expect(start.toISOString()).toBe("2026-10-31T15:00:00.000Z");
    expect(end.toISOString()).toBe("2026-11-30T15:00:00.000Z");
  });

  it("keeps member-typed text from being read as a spreadsheet formula", () => {
    expect(cellText('=HYPERLINK("http://x")')).toBe('\'=HYPERLINK("http://x")');
    expect(cellText("+81")).toBe("'+81");
    expect(cellText("@sum")).toBe("'@sum");
    expect(cellText(TITLE)).toBe(TITLE);
    expect(cellText(null)).toBe("");
  });

  it("writes Mac and Windows variants of a character as the one Shift_JIS holds", () => {
    expect(toShiftJisText("1〜2 −3 a•b")).toBe("1～2 －3 a・b");
    expect(iconv.decode(iconv.encode(toShiftJisText("〜−‖—¢£¬"), "Shift_JIS"), "Shift_JIS")).toBe(
      "～－∥―￠￡￢",
    );
  });
});

describe.each(ENGINES)("CSV exports on %s", (engine) => {
  let t: TestCore;
  let finance: SessionUser;
  let admin: SessionUser;
  let support: SessionUser;
  let member: SessionUser;
  let seller: SessionUser;
  let buyer: SessionUser;
  const runner = () => createJobRunner({ ctx: t.ctx, handlers: [writeExportHandler] });
  const NOV = { dateFrom: "2026-11-01", dateTo: "2026-11-30" };

  async function item(title: string, sellerId = seller.id): Promise<number> {
    const [row] = await t.ctx.db
      .insert(items)
      .values({
        sellerId,
        state: "SOLD",
        title,
        price: 12000,
        categoryCode: "05",
        condition: "DEFECTIVE",
        postage: "INCLUDED",
        shippingMethod: "05",
        leadTime: "01",
      })
      .returning({ id: items.id });
    return row!.id;
  }

  async function sale(o: {
    title: string;
    createdAt: Date;
    completedAt?: Date;
    paymentMethod?: "card" | "points";
  }) {
    const itemId = await item(o.title);
    const [row] = await t.ctx.db
      .insert(transactions)
      .values({
        itemId,
        buyerId: buyer.id,
        sellerId: seller.id,
        state: o.completedAt ? "COMPLETED" : "START",
        paymentMethod: o.paymentMethod ?? "card",
        price: 12000,
        fee: 600,
        proceeds: 11400,
        postage: "INCLUDED",
        shippingMethod: "05",
        shippingAddress: {
          name: "山田 花子",
          postalCode: TEST_ADDRESS.postalCode,
          prefectureCode: TEST_ADDRESS.prefectureCode,
          city: TEST_ADDRESS.city,
          street: TEST_ADDRESS.street,
          building: "",
          phone: TEST_ADDRESS.phone,
        },
        shippedAt: o.completedAt ?? null,
        completedAt: o.completedAt ?? null,
        createdAt: o.createdAt,
        updatedAt: o.createdAt,
      })
      .returning({ id: transactions.id });
    return row!.id;
  }

  async function download(actor: SessionUser, id: number) {
    const file = await getExportDownload(t.ctx, {
      actor,
      id,
      meta: { requestId: "req-dl", ip: "192.0.2.1" },
    });
    const parts: Uint8Array[] = [];
    for await (const part of file.body) parts.push(part);
    return { ...file, bytes: Buffer.concat(parts) };
  }

  /** Decoded CSV lines (CRLF ends), without the final empty one. */
  const linesOf = (text: string) => text.split("\r\n").filter((line, i, all) => i < all.length - 1 || line);

  beforeAll(async () => {
    t = await createTestCore(engine);
    finance = await makeOperator(t.ctx, ["finance"]);
    admin = await makeOperator(t.ctx, ["admin"]);
    support = await makeOperator(t.ctx, ["support"]);
    member = await makeMember(t.ctx);
    seller = await makeMember(t.ctx, { nickname: "出品者さん" });
    buyer = await makeMember(t.ctx, { nickname: "購入者さん" });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("refuses a missing period with a message on each date, and other bad input field by field", async () => {
    const missing = await failure(
      requestExport(t.ctx, { actor: finance, input: { kind: "transactions", encoding: "sjis" } }),
    );
    expect(missing.code).toBe("VALIDATION");
    expect(said(missing).fields.dateFrom).toEqual({ ja: "期間を指定してください", en: "Choose a period" });
    expect(said(missing).fields.dateTo?.ja).toBe("期間を指定してください");

    const blank = await failure(
      requestExport(t.ctx, {
        actor: finance,
        input: { kind: "transactions", dateFrom: " ", dateTo: "2026-11-30", encoding: "sjis" },
      }),
    );
    expect(said(blank).fields).toEqual({ dateFrom: { ja: "期間を指定してください", en: "Choose a period" } });

    const reversed = await failure(
      requestExport(t.ctx, {
        actor: finance,
        input: { kind: "sales", dateFrom: "2026-11-30", dateTo: "2026-11-01", encoding: "utf8" },
      }),
    );
    expect(said(reversed).fields.dateTo?.ja).toBe("終了日は開始日と同じか、それより後の日付にしてください");

    const tooLong = await failure(
      requestExport(t.ctx, {
        actor: finance,
        input: { kind: "sales", dateFrom: "2025-01-01", dateTo: "2026-01-02", encoding: "utf8" },
      }),
    );
    expect(said(tooLong).fields.dateTo?.ja).toBe("期間は366日以内にしてください");
    // A whole leap year (366 days) is fine.
    await requestExport(t.ctx, {
      actor: finance,
      input: { kind: "sales", dateFrom: "2028-01-01", dateTo: "2028-12-31", encoding: "utf8" },
    });

    const bad = await failure(
      requestExport(t.ctx, {
        actor: finance,
        input: { kind: "payouts", dateFrom: "2026-02-30", dateTo: "2026-03-01", encoding: "latin1" },
      }),
    );
    expect(said(bad).fields).toEqual({
      kind: { ja: "出力する種類を選んでください", en: "Choose what to export" },
      dateFrom: { ja: "日付を正しく入力してください", en: "Enter a valid date" },
      encoding: { ja: "文字コードを選んでください", en: "Choose an encoding" },
    });
  });

  it("lets finance and admins export; members, support and visitors are refused before anything is read", async () => {
    const input = { kind: "transactions", ...NOV, encoding: "sjis" };
    expect((await failure(requestExport(t.ctx, { actor: null, input }))).code).toBe("UNAUTHORIZED");
    expect((await failure(requestExport(t.ctx, { actor: member, input }))).code).toBe("FORBIDDEN");
    const denied = await failure(requestExport(t.ctx, { actor: support, input }));
    expect(denied.code).toBe("FORBIDDEN");
    expect(said(denied).message.ja).toBe("この操作の権限がありません（exports:create）");
    // Support is refused even with bad input: the permission is checked first.
    expect((await failure(requestExport(t.ctx, { actor: support, input: {} }))).code).toBe("FORBIDDEN");
    expect((await failure(listExports(t.ctx, { actor: support }))).code).toBe("FORBIDDEN");
    expect((await failure(listExports(t.ctx, { actor: member }))).code).toBe("FORBIDDEN");

    const queued = await requestExport(t.ctx, { actor: finance, input });
    expect(queued).toMatchObject({ kind: "transactions", state: "QUEUED", requestedBy: finance.id });
    expect(queued.filename).toBe("tsugu-transactions-20261101-20261130.csv");
    expect((await requestExport(t.ctx, { actor: admin, input: { ...input, kind: "audit" } })).state).toBe(
      "QUEUED",
    );
    expect((await requestExport(t.ctx, { actor: finance, input: { ...input, kind: "audit" } })).state).toBe(
      "QUEUED",
    );
    expect((await failure(getExportDownload(t.ctx, { actor: support, id: queued.id }))).code).toBe(
      "FORBIDDEN",
    );
    await runner().runDue();
  });

  it("writes transactions in Shift_JIS with the Japanese header, Tokyo days at both ends, and audits it all", async () => {
    const inside = await sale({
      title: TITLE,
      createdAt: jst("2026-11-01T00:00:00"),
      completedAt: jst("2026-11-20T10:00:00"),
    });
    const lastMoment = await sale({
      title: "絵文字🎉と〜波ダッシュ",
      createdAt: jst("2026-11-30T23:59:59"),
      paymentMethod: "points",
    });
    await sale({ title: "範囲外（前日）", createdAt: jst("2026-10-31T23:59:59") });
    await sale({ title: "範囲外（翌日）", createdAt: jst("2026-12-01T00:00:00") });
    const formula = await sale({ title: "=1+2", createdAt: jst("2026-11-15T12:00:00") });

    const queued = await requestExport(t.ctx, {
      actor: finance,
      input: { kind: "transactions", ...NOV, encoding: "sjis" },
      meta: { requestId: "req-create", ip: "192.0.2.1" },
    });
    expect((await failure(getExportDownload(t.ctx, { actor: finance, id: queued.id }))).code).toBe(
      "CONFLICT",
    );
    expect(await runner().runDue()).toBe(1);
    const done = await getExport(t.ctx, { actor: finance, id: queued.id });
    expect(done).toMatchObject({ state: "DONE", rowCount: 3, error: null });

    const file = await download(finance, queued.id);
    expect(file.filename).toBe("tsugu-transactions-20261101-20261130.csv");
    expect(file.contentType).toBe("text/csv; charset=Shift_JIS");
    expect(file.bytes.byteLength).toBe(done.byteCount);
    // No BOM in Shift_JIS, and the bytes are not UTF-8.
    expect([...file.bytes.subarray(0, 2)]).toEqual([...iconv.encode("取", "Shift_JIS")]);
    const text = iconv.decode(file.bytes, "Shift_JIS");
    const lines = linesOf(text);
    expect(lines[0]).toBe(TX_HEADER);
    expect(exportHeader("transactions").join(",")).toBe(TX_HEADER);
    expect(lines).toHaveLength(4);
    expect(lines[1]).toBe(
      `${inside},2026-11-01 00:00:00,取引完了,${await itemOf(inside)},${TITLE},12000,600,11400,クレジットカード,${buyer.id},${seller.id},2026-11-20 10:00:00,2026-11-20 10:00:00`,
    );
    // In id order, whatever the times.
    expect(lines[2]).toMatch(new RegExp(`^${lastMoment},2026-11-30 23:59:59,発送待ち,`));
    // What Shift_JIS cannot hold becomes "?"; the wave dash becomes Windows' full-width tilde.
    expect(lines[2]).toContain(",絵文字?と～波ダッシュ,");
    expect(lines[2]).toContain(",ポイント,");
    // A title that looks like a formula is written as text.
    expect(lines[3]).toMatch(new RegExp(`^${formula},2026-11-15 12:00:00,`));
    expect(lines[3]).toContain(",'=1+2,");
    expect(text).not.toContain("範囲外");

    const audits = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, "export"), eq(auditLog.targetId, String(queued.id))))
      .orderBy(auditLog.id);
    expect(audits.map((a) => a.action)).toEqual(["exports:create", "exports:download"]);
    expect(audits[0]).toMatchObject({
      actorId: finance.id,
      actorRoles: ["finance"],
      changes: {
        kind: [null, "transactions"],
        dateFrom: [null, "2026-11-01"],
        dateTo: [null, "2026-11-30"],
        encoding: [null, "sjis"],
      },
      requestId: "req-create",
    });
    expect(audits[1]).toMatchObject({ actorId: finance.id, requestId: "req-dl", ip: "192.0.2.1" });
  });

  async function itemOf(transactionId: number) {
    const [row] = await t.ctx.db
      .select({ itemId: transactions.itemId })
      .from(transactions)
      .where(eq(transactions.id, transactionId));
    return row!.itemId;
  }

  it("writes UTF-8 with a BOM, and sales as one row per completed transaction by its completion day", async () => {
    const queued = await requestExport(t.ctx, {
      actor: finance,
      input: { kind: "sales", dateFrom: "2026-11-20", dateTo: "2026-11-20", encoding: "utf8" },
    });
    await runner().runDue();
    const file = await download(finance, queued.id);
    expect(file.contentType).toBe("text/csv; charset=utf-8");
    expect([...file.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = linesOf(new TextDecoder().decode(file.bytes.subarray(3)));
    expect(lines[0]).toBe(SALES_HEADER);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(
      /^2026-11-20,2026-11-20 10:00:00,\d+,\d+,画面割れ iPhone 13 ジャンク,\d+,\d+,クレジットカード,12000,600,11400$/,
    );
  });

  it("masks members' email addresses without pii:read, and asks for pii:read again to download a full one", async () => {
    const [joined] = await t.ctx.db
      .insert(users)
      .values({
        email: "hanako.yamada@example.jp",
        nickname: "はなこ",
        role: "business",
        createdAt: jst("2026-11-10T09:00:00"),
        identityVerifiedAt: jst("2026-11-11T09:00:00"),
      })
      .returning();
    const input = { kind: "members", dateFrom: "2026-11-10", dateTo: "2026-11-10", encoding: "utf8" };
    const masked = await requestExport(t.ctx, { actor: finance, input });
    const full = await requestExport(t.ctx, { actor: admin, input });
    await runner().runDue();

    const maskedLines = linesOf(
      new TextDecoder().decode((await download(finance, masked.id)).bytes.subarray(3)),
    );
    expect(maskedLines).toEqual([
      MEMBERS_HEADER,
      `${joined!.id},はなこ,${maskEmail("hanako.yamada@example.jp")},2026-11-10 09:00:00,法人バイヤー,済,`,
    ]);
    expect(maskedLines[1]).not.toContain("hanako.yamada");

    const fullLines = linesOf(new TextDecoder().decode((await download(admin, full.id)).bytes.subarray(3)));
    expect(fullLines[1]).toContain(",hanako.yamada@example.jp,");

    // Someone else's export is not there for finance to see or take.
    expect((await failure(getExportDownload(t.ctx, { actor: finance, id: full.id }))).code).toBe("NOT_FOUND");
    expect((await failure(getExport(t.ctx, { actor: finance, id: full.id }))).code).toBe("NOT_FOUND");
  });

  it("asks again for pii:read when the requester of a full members export lost it", async () => {
    const piiFinance = await makeOperator(t.ctx, ["finance", "trust_safety"]);
    const queued = await requestExport(t.ctx, {
      actor: piiFinance,
      input: { kind: "members", dateFrom: "2026-11-10", dateTo: "2026-11-10", encoding: "sjis" },
    });
    await runner().runDue();
    expect((await download(piiFinance, queued.id)).bytes.byteLength).toBeGreaterThan(0);
    await t.ctx.db
      .delete(operatorRoles)
      .where(and(eq(operatorRoles.userId, piiFinance.id), eq(operatorRoles.role, "trust_safety")));
    const refused = await failure(getExportDownload(t.ctx, { actor: piiFinance, id: queued.id }));
    expect(refused.code).toBe("FORBIDDEN");
    expect(said(refused).message.ja).toContain("pii:read");
  });

  it("exports the audit log with the operator's roles and the changes as JSON", async () => {
    const queued = await requestExport(t.ctx, {
      actor: admin,
      input: { kind: "audit", dateFrom: "2026-11-22", dateTo: "2026-11-22", encoding: "sjis" },
      meta: { requestId: "req-audit" },
    });
    await runner().runDue();
    const lines = linesOf(iconv.decode((await download(admin, queued.id)).bytes, "Shift_JIS"));
    expect(lines[0]).toBe(AUDIT_HEADER);
    const own = lines.find((l) => l.includes(",req-audit"));
    expect(own).toContain(`,${admin.id},管理者,exports:create,export,${queued.id},`);
    expect(own).toContain(`"{""kind"":[null,""audit""],`);
  });

  it("lists an operator's own exports, and everyone's for admins", async () => {
    const mine = await listExports(t.ctx, { actor: finance });
    expect(mine.all).toBe(false);
    expect(mine.exports.length).toBeGreaterThan(0);
    expect(mine.exports.every((e) => e.requestedBy === finance.id)).toBe(true);
    const all = await listExports(t.ctx, { actor: admin });
    expect(all.all).toBe(true);
    expect(new Set(all.exports.map((e) => e.requestedBy)).size).toBeGreaterThan(1);
    expect(all.exports[0]!.id).toBeGreaterThan(all.exports[all.exports.length - 1]!.id);
    const [adminsOwn] = all.exports.filter((e) => e.requestedBy === admin.id);
    expect((await failure(getExport(t.ctx, { actor: finance, id: adminsOwn!.id }))).code).toBe("NOT_FOUND");
    expect((await getExport(t.ctx, { actor: admin, id: mine.exports[0]!.id })).requesterName).toBe(
      finance.nickname,
    );
  });

  it("records a failure, and the job queue's retry finishes the export", async () => {
    const queued = await requestExport(t.ctx, {
      actor: finance,
      input: { kind: "transactions", ...NOV, encoding: "utf8" },
    });
    const blobs = t.ctx.blobs;
    let failures = 1;
    const flaky = {
      ...t.ctx,
      blobs: {
        ...blobs,
        async putStream(key: string, body: AsyncIterable<Uint8Array>, type: string) {
          if (failures-- > 0) throw new Error("bucket unavailable");
          return blobs.putStream(key, body, type);
        },
      },
    };
    const flakyRunner = createJobRunner({ ctx: flaky, handlers: [writeExportHandler] });
    await flakyRunner.runDue();
    expect(await getExport(t.ctx, { actor: finance, id: queued.id })).toMatchObject({
      state: "FAILED",
      error: "bucket unavailable",
    });
    const [job] = await t.ctx.db
      .select()
      .from(jobs)
      .where(eq(jobs.uniqueKey, `exports.write:${queued.id}`));
    expect(job!.state).toBe("pending");
    t.clock.advance(retryDelayMs(1));
    await flakyRunner.runDue();
    expect(await getExport(t.ctx, { actor: finance, id: queued.id })).toMatchObject({
      state: "DONE",
      rowCount: 3,
      error: null,
    });
    const history = await t.ctx.db
      .select({ action: stateHistory.action })
      .from(stateHistory)
      .where(and(eq(stateHistory.machine, "export"), eq(stateHistory.rowId, queued.id)))
      .orderBy(stateHistory.id);
    expect(history.map((r) => r.action)).toEqual(["create", "start", "fail", "retry", "finish"]);
  });

  it(`reads more rows than one batch (${EXPORT_BATCH_ROWS}) in order, each once`, async () => {
    const n = EXPORT_BATCH_ROWS * 2 + 17;
    // Canceled sales may share an item (only one live sale per item), which keeps this quick.
    const itemId = await item("まとめて作った取引");
    await t.ctx.db.execute(sql`
      insert into transactions (item_id, buyer_id, seller_id, state, payment_method, price, fee, proceeds,
        postage, shipping_method, shipping_address, created_at, updated_at)
      select ${itemId}, ${buyer.id}, ${seller.id}, 'CANCELED', 'card', 1000 + g, 50, 950 + g, 'INCLUDED', '05',
        '{}'::jsonb, ${jst("2027-01-15T12:00:00").toISOString()}::timestamptz, now()
      from generate_series(1, ${n}) g`);
    const queued = await requestExport(t.ctx, {
      actor: finance,
      input: { kind: "transactions", dateFrom: "2027-01-15", dateTo: "2027-01-15", encoding: "sjis" },
    });
    await runner().runDue();
    const lines = linesOf(iconv.decode((await download(finance, queued.id)).bytes, "Shift_JIS"));
    expect(lines).toHaveLength(n + 1);
    const ids = lines.slice(1).map((l) => Number(l.split(",")[0]));
    expect(new Set(ids).size).toBe(n);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(lines[1]).toContain(",キャンセル済み,");
    const [row] = await t.ctx.db.select().from(exports).where(eq(exports.id, queued.id));
    expect(row!.rowCount).toBe(n);
    expect(row!.blobKey).toBe(`private/exports/${queued.id}/data.csv`);
  });
});
