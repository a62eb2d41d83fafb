import { describe, expect, it } from "vitest";
import { type CodeTable, codesOf } from "#core/shared/codes.ts";
import { renderMessage } from "#core/shared/i18n/translate.ts";

/** Checks each table against the codes the spec lists, in the spec's order, and its labels in both languages. */
export function describeCodeTables(tables: [name: string, table: CodeTable, expected: string[]][]): void {
  describe.each(tables)("%s", (_, table, expected) => {
    it("lists the spec's codes in the spec's order", () => {
      expect(codesOf(table)).toEqual(expected);
    });

    it("has unique codes", () => {
      expect(new Set(codesOf(table)).size).toBe(table.length);
    });

    it("labels every code in Japanese and English", () => {
      for (const { label } of table) {
        const ja = renderMessage(label, "ja");
        const en = renderMessage(label, "en");
        expect(ja.trim()).not.toBe("");
        expect(en.trim()).not.toBe("");
        expect(en).toBe(en.trim());
        expect(ja).toBe(ja.trim());
      }
    });

    it("has unique labels per language", () => {
      expect(new Set(table.map(({ label }) => renderMessage(label, "ja"))).size).toBe(table.length);
      expect(new Set(table.map(({ label }) => renderMessage(label, "en"))).size).toBe(table.length);
    });
  });
}
