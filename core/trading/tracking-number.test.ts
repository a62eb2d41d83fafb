import { describe, expect, it } from "vitest";
import { renderMessage } from "../shared/i18n/translate.ts";
import {
  carrierOf,
  checkTrackingNumber,
  formatTrackingNumber,
  normalizeTrackingNumber,
  sevenCheckDigit,
  trackingLinks,
} from "./tracking-number.ts";

const YAMATO = "05";
const YU_PACK = "06";
const LETTER_PACK = "03";
const UNDECIDED = "01";

/** A 12-digit number with a right 7DR check digit, from eleven digits. */
const seven = (body: string) => `${body}${sevenCheckDigit(body)}`;

function messageOf(method: string, raw: string) {
  const result = checkTrackingNumber(method, raw);
  if (result.ok) throw new Error(`expected ${raw} to be refused`);
  return { ja: renderMessage(result.message, "ja"), en: renderMessage(result.message, "en") };
}

describe("tracking numbers", () => {
  it("knows each shipping method's carrier, and that the courier integration issues its own", () => {
    expect(carrierOf("05")).toBe("yamato");
    for (const method of ["02", "03", "04", "06", "07", "08", "09"])
      expect(carrierOf(method)).toBe("japan_post");
    expect(carrierOf("01")).toBe("any");
    expect(carrierOf("10")).toBeNull();
  });

  it("computes the 7DR check digit: the first eleven digits modulo 7", () => {
    expect(sevenCheckDigit("12345678901")).toBe(3);
    expect(sevenCheckDigit("00000000007")).toBe(0);
    expect(sevenCheckDigit("99999999999")).toBe(99999999999 % 7);
  });

  it("takes numbers as people type them: full width, hyphens, spaces, lower-case letters", () => {
    expect(normalizeTrackingNumber("１２３４－５６７８－９０１３")).toBe("123456789013");
    expect(normalizeTrackingNumber(" 1234 5678\u30009013 ")).toBe("123456789013");
    expect(normalizeTrackingNumber("1234‐5678ー9013")).toBe("123456789013");
    expect(normalizeTrackingNumber("ej 123 456 785 jp")).toBe("EJ123456785JP");
    expect(checkTrackingNumber(YAMATO, "１２３４－５６７８－９０１３")).toEqual({
      ok: true,
      value: "123456789013",
    });
  });

  it("leaves an empty number alone: it is optional", () => {
    expect(checkTrackingNumber(YAMATO, "")).toEqual({ ok: true, value: "" });
    expect(checkTrackingNumber(YAMATO, " －  ")).toEqual({ ok: true, value: "" });
  });

  it("checks Yamato's 12 digits and check digit, saying what a Yamato number looks like", () => {
    expect(checkTrackingNumber(YAMATO, seven("43210987654"))).toMatchObject({ ok: true });
    expect(messageOf(YAMATO, "12345678901").ja).toBe(
      "ヤマト運輸の伝票番号は12桁の数字です（例: 1234-5678-9012）",
    );
    expect(messageOf(YAMATO, "1234567890123").en).toBe(
      "A Yamato Transport tracking number has 12 digits (for example 1234-5678-9012)",
    );
    expect(messageOf(YAMATO, "EJ123456785JP").ja).toContain("ヤマト運輸");
    // One digit mistyped: the shape is right, the check digit is not.
    expect(messageOf(YAMATO, "123456789014").ja).toBe(
      "追跡番号が正しくありません。伝票の控えと見比べて、番号を確かめてください",
    );
  });

  it("checks Japan Post's 11 to 13 digits (7DR on 12) and international S10 numbers", () => {
    expect(checkTrackingNumber(YU_PACK, seven("11112222333"))).toMatchObject({ ok: true });
    expect(checkTrackingNumber(LETTER_PACK, "12345678901")).toMatchObject({ ok: true });
    expect(checkTrackingNumber(LETTER_PACK, "1234567890123")).toMatchObject({ ok: true });
    // RR473124829GB: the UPU's own S10 example (8·4+6·7+4·3+2·1+3·2+5·4+9·8+7·2 = 200, 11 − 200 mod 11 = 9).
    expect(checkTrackingNumber(YU_PACK, "RR473124829GB")).toEqual({ ok: true, value: "RR473124829GB" });
    expect(messageOf(YU_PACK, "RR473124828GB").en).toBe(
      "This tracking number is not valid. Please compare it with your receipt",
    );
    expect(messageOf(YU_PACK, "123456789014").ja).toContain("正しくありません");
    expect(messageOf(YU_PACK, "1234567890").ja).toBe(
      "日本郵便のお問い合わせ番号は11〜13桁の数字です（例: 1234-5678-9012）。国際郵便は EA123456789JP の形です",
    );
    expect(messageOf(LETTER_PACK, "JP123").en).toContain("Japan Post");
  });

  it("accepts any carrier's 10 to 13 digits when the shipping was left undecided", () => {
    expect(checkTrackingNumber(UNDECIDED, "1234567890")).toMatchObject({ ok: true });
    expect(checkTrackingNumber(UNDECIDED, "123456789014")).toMatchObject({ ok: true });
    expect(checkTrackingNumber(UNDECIDED, "RR473124829GB")).toMatchObject({ ok: true });
    expect(messageOf(UNDECIDED, "123456789").ja).toBe(
      "追跡番号は10〜13桁の数字で入力してください（国際郵便は EA123456789JP の形）",
    );
    expect(messageOf(UNDECIDED, "RR473124828GB").ja).toContain("正しくありません");
  });

  it("writes a 12-digit number as printed on the slip", () => {
    expect(formatTrackingNumber("123456789013")).toBe("1234-5678-9013");
    expect(formatTrackingNumber("12345678901")).toBe("12345678901");
    expect(formatTrackingNumber("RR473124829GB")).toBe("RR473124829GB");
  });
});

describe("tracking links", () => {
  it("leads to the carrier's own page for the number, as printed or plain", () => {
    expect(trackingLinks("10", "4400-1234-5678")).toEqual([
      {
        carrier: "yamato",
        url: "https://toi.kuronekoyamato.co.jp/cgi-bin/tneko?number00=1&number01=440012345678",
      },
    ]);
    expect(trackingLinks("06", "１２３４ ５６７８ ９０１２")[0]?.carrier).toBe("japan_post");
    // "Undecided": each carrier that uses 12-digit numbers.
    expect(trackingLinks("01", "123456789012").map((l) => l.carrier)).toEqual([
      "yamato",
      "japan_post",
      "sagawa",
    ]);
    expect(trackingLinks("10", null)).toEqual([]);
    expect(trackingLinks("10", "<script>")).toEqual([]);
  });
});

describe("a carrier named by the seller of an undecided method", () => {
  it("checks the number as that carrier's, and links to that carrier alone", () => {
    const sagawa = checkTrackingNumber(UNDECIDED, "1234 5678 901", "sagawa");
    if (sagawa.ok) throw new Error("11 digits are not a Sagawa number");
    expect(renderMessage(sagawa.message, "ja")).toBe(
      "佐川急便のお問い合わせ番号は12桁の数字です（例: 1234-5678-9012）",
    );
    const typo = checkTrackingNumber(
      UNDECIDED,
      seven("12345678901").replace(/\d$/, (d) => String((+d + 1) % 10)),
      "sagawa",
    );
    expect(typo.ok).toBe(false);
    expect(checkTrackingNumber(UNDECIDED, seven("12345678901"), "sagawa")).toEqual({
      ok: true,
      value: seven("12345678901"),
    });
    // Japan Post's 11-digit numbers are fine once the seller says it is Japan Post's.
    expect(checkTrackingNumber(UNDECIDED, "12345678901", "japan_post").ok).toBe(true);
    expect(checkTrackingNumber(UNDECIDED, "12345678901", "yamato").ok).toBe(false);
    expect(trackingLinks(UNDECIDED, seven("12345678901"), "sagawa")).toEqual([
      {
        carrier: "sagawa",
        url: `https://k2k.sagawa-exp.co.jp/p/web/okurijosearch.do?okurijoNo=${seven("12345678901")}`,
      },
    ]);
    // A method with its own carrier ignores a name given anyway; an unknown name is no name.
    expect(trackingLinks(YAMATO, seven("12345678901"), "sagawa").map((l) => l.carrier)).toEqual(["yamato"]);
    expect(trackingLinks(UNDECIDED, seven("12345678901"), "dhl").map((l) => l.carrier)).toHaveLength(3);
  });
});
