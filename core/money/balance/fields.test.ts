import { describe, expect, it } from "vitest";
import { typedYen, yenField } from "./fields.ts";

describe("typed amounts of yen", () => {
  it("reads what people type: separators, full-width digits and currency marks", () => {
    for (const typed of ["3000", "3,000", "３，０００円", "¥3000", "￥ 3 000"])
      expect(typedYen(typed)).toBe(3000);
  });

  it("answers null for what is not an amount", () => {
    for (const typed of ["", "三千", "-3000", "3.5", "1234567890"]) expect(typedYen(typed)).toBeNull();
  });

  it("reads a form's amount the same way before checking its bounds", () => {
    const field = yenField(500, 10_000);
    expect(field.parse("３，０００円")).toBe(3000);
    expect(field.safeParse("¥499").success).toBe(false);
    expect(field.safeParse("10,001").success).toBe(false);
  });
});
