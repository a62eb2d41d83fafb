import { describe, expect, it } from "vitest";
import { z } from "zod";
import { codeMap } from "../codes.ts";
import { COURIER_INVOICE_KIND, PICKUP_TIME_SLOTS, SHUKA_FLAG } from "../courier.ts";
import { bidRow, confirmed, yamatoInvoiceKb, yamatoShukaTime } from "./cross-field.ts";
import { formatIssues } from "./format.ts";
import { maxLength, minLength, required, text, yamatoShukaDate } from "./rules.ts";

const PICKUP_TIME_SLOT = codeMap(PICKUP_TIME_SLOTS);

/** A text as the test expects it in each language. */
type InBoth = { readonly ja: string; readonly en: string };

/** Every field's message in both languages, with the labels of each language. */
function errorsOf(
  schema: z.ZodType,
  input: unknown,
  labels: Record<string, InBoth> = {},
): Record<string, InBoth> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const labelsIn = (locale: "ja" | "en") =>
    Object.fromEntries(Object.entries(labels).map(([field, label]) => [field, label[locale]]));
  const ja = formatIssues(result.error, "ja", labelsIn("ja"));
  const en = formatIssues(result.error, "en", labelsIn("en"));
  return Object.fromEntries(
    Object.keys(ja).map((path) => [path, { ja: ja[path] as string, en: en[path] as string }]),
  );
}

describe("confirmed", () => {
  const ZPasswords = z
    .object({
      password: text(required(), minLength(8)),
      passwordConfirmation: text(required()),
    })
    .check(confirmed("password", "passwordConfirmation"));
  const labels = {
    password: { ja: "パスワード", en: "Password" },
    passwordConfirmation: { ja: "パスワード（確認）", en: "Password confirmation" },
  };

  it("accepts matching values", () => {
    expect(errorsOf(ZPasswords, { password: "s3cret-pass", passwordConfirmation: "s3cret-pass" })).toEqual(
      {},
    );
  });

  it("reports a mismatch on the confirming field, naming the other field", () => {
    expect(
      errorsOf(ZPasswords, { password: "s3cret-pass", passwordConfirmation: "s3cret-pasS" }, labels),
    ).toEqual({
      passwordConfirmation: {
        ja: "パスワード（確認）がパスワードと一致しません",
        en: "Password confirmation does not match Password",
      },
    });
  });

  it("still runs when another field has its own error, each field keeping one message", () => {
    expect(errorsOf(ZPasswords, { password: "short", passwordConfirmation: "shorter" }, labels)).toEqual({
      password: {
        ja: "パスワードは8文字以上で入力してください",
        en: "Password must be at least 8 characters",
      },
      passwordConfirmation: {
        ja: "パスワード（確認）がパスワードと一致しません",
        en: "Password confirmation does not match Password",
      },
    });
  });

  it("lets the confirming field's own rules speak first", () => {
    expect(errorsOf(ZPasswords, { password: "s3cret-pass", passwordConfirmation: "" }, labels)).toEqual({
      passwordConfirmation: {
        ja: "パスワード（確認）を入力してください",
        en: "Password confirmation is required",
      },
    });
  });

  it("names the sibling field inside a nested object", () => {
    const ZNested = z.object({ account: ZPasswords });
    const nestedLabels = {
      "account.password": { ja: "新しいパスワード", en: "New password" },
      passwordConfirmation: { ja: "確認用", en: "Confirmation" },
    };
    expect(
      errorsOf(ZNested, { account: { password: "aaaaaaaa", passwordConfirmation: "b" } }, nestedLabels),
    ).toEqual({
      "account.passwordConfirmation": {
        ja: "確認用が新しいパスワードと一致しません",
        en: "Confirmation does not match New password",
      },
    });
  });
});

describe("yamatoShukaTime", () => {
  const schemaAt = (iso: string) =>
    z
      .object({ shukaDate: text(), shukaTime: text() })
      .check(yamatoShukaTime({ date: "shukaDate", slot: "shukaTime", now: new Date(iso) }));
  const labels = { shukaTime: { ja: "集荷希望時間帯", en: "Pickup time" } };
  const invalid = {
    shukaTime: { ja: "集荷希望時間帯が正しくありません", en: "Pickup time is not valid" },
  };
  const today = "2025-07-01";

  it.each([
    // [Tokyo time, slot, still bookable for today?]
    ["2025-07-01T00:59:00Z", "09:59", PICKUP_TIME_SLOT.MORNING, true],
    ["2025-07-01T01:00:00Z", "10:00", PICKUP_TIME_SLOT.MORNING, false],
    ["2025-07-01T04:59:00Z", "13:59", PICKUP_TIME_SLOT.FROM_14, true],
    ["2025-07-01T05:00:00Z", "14:00", PICKUP_TIME_SLOT.FROM_14, false],
    ["2025-07-01T06:59:00Z", "15:59", PICKUP_TIME_SLOT.FROM_16, true],
    ["2025-07-01T07:00:00Z", "16:00", PICKUP_TIME_SLOT.FROM_16, false],
    ["2025-07-01T07:59:00Z", "16:59", PICKUP_TIME_SLOT.FROM_17, true],
    ["2025-07-01T08:00:00Z", "17:00", PICKUP_TIME_SLOT.FROM_17, false],
    ["2025-07-01T07:59:00Z", "16:59", PICKUP_TIME_SLOT.ANY, true],
    ["2025-07-01T08:00:00Z", "17:00", PICKUP_TIME_SLOT.ANY, false],
  ])("at %s (%s in Tokyo) slot %s today: valid=%s", (iso, _, slot, valid) => {
    expect(errorsOf(schemaAt(iso), { shukaDate: today, shukaTime: slot }, labels)).toEqual(
      valid ? {} : invalid,
    );
  });

  it("accepts any slot for a later day", () => {
    for (const slot of Object.values(PICKUP_TIME_SLOT)) {
      expect(
        errorsOf(schemaAt("2025-07-01T14:00:00Z"), { shukaDate: "2025-07-02", shukaTime: slot }),
      ).toEqual({});
    }
  });

  it("judges today and the hour in Tokyo, not UTC", () => {
    // 16:00 UTC on 1 July is 01:00 on 2 July in Tokyo: 1 July is no longer today, 2 July's morning is open.
    const schema = schemaAt("2025-07-01T16:00:00Z");
    expect(errorsOf(schema, { shukaDate: "2025-07-02", shukaTime: PICKUP_TIME_SLOT.MORNING })).toEqual({});
    expect(errorsOf(schema, { shukaDate: "2025-07-01", shukaTime: PICKUP_TIME_SLOT.MORNING })).toEqual({});
    // 00:30 UTC is 09:30 in Tokyo, so the morning slot is still open although UTC's hour is 0.
    expect(errorsOf(schemaAt("2025-07-01T00:30:00Z"), { shukaDate: today, shukaTime: "07" })).toEqual({});
    // 23:30 UTC on 30 June is 08:30 on 1 July in Tokyo.
    expect(errorsOf(schemaAt("2025-06-30T23:30:00Z"), { shukaDate: today, shukaTime: "07" })).toEqual({});
  });

  it("rejects an unknown slot code", () => {
    expect(
      errorsOf(schemaAt("2025-07-01T00:00:00Z"), { shukaDate: "2025-07-02", shukaTime: "99" }, labels),
    ).toEqual(invalid);
  });

  it("leaves an empty slot or an unusable date to those fields' own rules", () => {
    const schema = schemaAt("2025-07-01T09:00:00Z");
    expect(errorsOf(schema, { shukaDate: today, shukaTime: "" })).toEqual({});
    expect(errorsOf(schema, { shukaDate: "", shukaTime: "07" })).toEqual({});
    expect(errorsOf(schema, { shukaDate: "2025/07/01", shukaTime: "07" })).toEqual({});
  });

  it("works together with the date rule on a pickup form", () => {
    const now = new Date("2025-07-01T08:30:00Z"); // 17:30 in Tokyo
    const ZPickup = z
      .object({
        shukaDate: text(required(), yamatoShukaDate({ now })),
        shukaTime: text(required()),
      })
      .check(yamatoShukaTime({ date: "shukaDate", slot: "shukaTime", now }));
    expect(errorsOf(ZPickup, { shukaDate: today, shukaTime: "10" }, labels)).toEqual({
      shukaDate: {
        ja: "本日の受付は終了しました。明日以降の日付を選択してください",
        en: "Today's reception has ended. Please choose tomorrow or later",
      },
      ...invalid,
    });
    expect(errorsOf(ZPickup, { shukaDate: "2025-07-02", shukaTime: "10" })).toEqual({});
  });
});

describe("yamatoInvoiceKb", () => {
  const ZShipment = z
    .object({ shukaFlg: z.string(), invoiceKb: z.string() })
    .check(yamatoInvoiceKb({ shukaFlag: "shukaFlg", invoiceKind: "invoiceKb" }));
  const message = {
    ja: "ネコポスは集荷サービスの対象外です",
    en: "Nekoposu is not eligible for the pickup service",
  };

  it("rejects Nekoposu with pickup, on the invoice kind", () => {
    expect(
      errorsOf(ZShipment, { shukaFlg: SHUKA_FLAG.PICKUP, invoiceKb: COURIER_INVOICE_KIND.NEKOPOSU }),
    ).toEqual({ invoiceKb: message });
    expect(errorsOf(ZShipment, { shukaFlg: "1", invoiceKb: "13" })).toEqual({ invoiceKb: message });
  });

  it("accepts Nekoposu brought in, and the other kinds with pickup", () => {
    expect(
      errorsOf(ZShipment, { shukaFlg: SHUKA_FLAG.BRING_IN, invoiceKb: COURIER_INVOICE_KIND.NEKOPOSU }),
    ).toEqual({});
    expect(
      errorsOf(ZShipment, { shukaFlg: SHUKA_FLAG.PICKUP, invoiceKb: COURIER_INVOICE_KIND.COMPACT }),
    ).toEqual({});
    expect(
      errorsOf(ZShipment, { shukaFlg: SHUKA_FLAG.PICKUP, invoiceKb: COURIER_INVOICE_KIND.PARCEL }),
    ).toEqual({});
  });
});

describe("bidRow", () => {
  const ZBidRow = z
    .object({ price: text(maxLength(7)), enabled: z.boolean() })
    .check(bidRow({ price: "price", enabled: "enabled" }));
  const message = {
    ja: "金額を入力してからチェックしてください",
    en: "If money is not input, it can not be checked",
  };

  it("accepts a checked row with a price and an unchecked row without one", () => {
    expect(errorsOf(ZBidRow, { price: "12000", enabled: true })).toEqual({});
    expect(errorsOf(ZBidRow, { price: "", enabled: false })).toEqual({});
    expect(errorsOf(ZBidRow, { price: "12000", enabled: false })).toEqual({});
  });

  it.each(["", "   ", undefined])("rejects a checked row with price %j, on the checkbox", (price) => {
    expect(errorsOf(ZBidRow, { price, enabled: true })).toEqual({ enabled: message });
  });

  it("reports each row of a bid list by its position", () => {
    const ZBids = z.object({ bids: z.array(ZBidRow) });
    const bids = [
      { price: "1000", enabled: true },
      { price: "", enabled: true },
      { price: "", enabled: false },
      { price: "", enabled: true },
    ];
    expect(errorsOf(ZBids, { bids })).toEqual({ "bids.1.enabled": message, "bids.3.enabled": message });
  });
});
