import { describe, expect, it, vi } from "vitest";
import * as everywhere from "./catalogue.ts";
import { MESSAGES } from "./catalogue.ts";

/** A fresh browser catalogue, with nothing loaded yet. */
async function browserCatalogue() {
  vi.resetModules();
  return await import("./catalogue.browser.ts");
}

describe("the message catalogue in the browser", () => {
  it("reads a language only once it is loaded, and never the other one", async () => {
    const browser = await browserCatalogue();
    expect(browser.hasMessages("ja")).toBe(false);
    expect(() => browser.messagesFor("ja")).toThrow("The ja messages are not loaded in this page");
    expect(() => browser.anyMessages()).toThrow("No messages are loaded in this page");

    await browser.loadMessages("ja");
    expect(browser.hasMessages("ja")).toBe(true);
    expect(browser.messagesFor("ja")).toEqual(MESSAGES.ja);
    expect(browser.anyMessages()).toBe(browser.messagesFor("ja"));
    expect(browser.hasMessages("en")).toBe(false);
    expect(() => browser.messagesFor("en")).toThrow("The en messages are not loaded in this page");
  });

  it("loads a language once, and another beside it when a page asks", async () => {
    const browser = await browserCatalogue();
    await browser.loadMessages("en");
    const first = browser.messagesFor("en");
    await browser.loadMessages("en");
    expect(browser.messagesFor("en")).toBe(first);
    expect(first.codes.postage.ARRIVAL).toBe("Shipping paid by the buyer");
    expect(browser.anyMessages()).toBe(first);

    await Promise.all([browser.loadMessages("ja"), browser.loadMessages("ja")]);
    expect(browser.messagesFor("ja").nav.search).toBe("さがす");
    expect(browser.messagesFor("en").nav.search).toBe("Search");
  });

  it("answers the same functions as the catalogue outside the browser, which has both languages", async () => {
    const browser = await browserCatalogue();
    const { MESSAGES: _all, ...functions } = everywhere;
    expect(Object.keys(browser).sort()).toEqual(Object.keys(functions).sort());
    await everywhere.loadMessages("en");
    for (const locale of ["ja", "en"] as const) {
      expect(everywhere.hasMessages(locale)).toBe(true);
      expect(everywhere.messagesFor(locale)).toBe(MESSAGES[locale]);
    }
    expect(everywhere.anyMessages()).toBe(MESSAGES.ja);
  });
});
