import { describe, expect, it } from "vitest";
import { languageFromData, pageLanguage } from "./page-messages.ts";

describe("the language a page is written in", () => {
  it("is its path's, Japanese outside the language prefix", () => {
    expect(pageLanguage("/en/items/12/", [{ handle: undefined, loaderData: {} }])).toBe("en");
    expect(pageLanguage("/ja/", [])).toBe("ja");
    expect(pageLanguage("/articles/some-story/", [])).toBe("ja");
    expect(pageLanguage("/sandbox/atm/", [{ handle: { back: "history" }, loaderData: null }])).toBe("ja");
  });

  it("is the one its data says on a page that stands for another site", () => {
    const handle = languageFromData<{ locale: "ja" | "en" }>((data) => data.locale);
    expect(
      pageLanguage("/sandbox/atm/", [
        { handle: undefined, loaderData: {} },
        { handle, loaderData: { locale: "en" } },
      ]),
    ).toBe("en");
    // Without its data (its loader failed), the path's.
    expect(pageLanguage("/sandbox/atm/", [{ handle, loaderData: undefined }])).toBe("ja");
  });
});
