import { describe, expect, it, vi } from "vitest";
import * as everywhere from "./catalogue.ts";
import { MESSAGES } from "./catalogue.ts";
import { jaSite } from "./messages/ja-site.ts";

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
    expect(browser.messagesFor("ja")).toEqual(jaSite);
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

  it("leaves the back office's part out until a page asks for it, then holds the whole language", async () => {
    const browser = await browserCatalogue();
    await browser.loadMessages("ja");
    const site = browser.messagesFor("ja");
    expect(browser.hasMessages("ja", "office")).toBe(false);
    expect(site.backOffice.viewAs.end).toBe(MESSAGES.ja.backOffice.viewAs.end);
    expect(site.identityReview.notice).toEqual(MESSAGES.ja.identityReview.notice);
    expect("office" in site).toBe(false);
    expect("dashboard" in site.backOffice).toBe(false);

    await Promise.all([browser.loadMessages("ja", "office"), browser.loadMessages("ja", "office")]);
    expect(browser.hasMessages("ja", "office")).toBe(true);
    expect(browser.messagesFor("ja")).toEqual(MESSAGES.ja);
    expect(browser.hasMessages("en", "office")).toBe(false);

    // Straight into the back office: both parts at once.
    await browser.loadMessages("en", "office");
    expect(browser.hasMessages("en")).toBe(true);
    expect(browser.messagesFor("en")).toEqual(MESSAGES.en);
  });

  it("answers the same functions as the catalogue outside the browser, which has both languages", async () => {
    const browser = await browserCatalogue();
    const { MESSAGES: _all, ...functions } = everywhere;
    expect(Object.keys(browser).sort()).toEqual(Object.keys(functions).sort());
    await everywhere.loadMessages("en");
    for (const locale of ["ja", "en"] as const) {
      expect(everywhere.hasMessages(locale)).toBe(true);
      expect(everywhere.hasMessages(locale, "office")).toBe(true);
      expect(everywhere.messagesFor(locale)).toBe(MESSAGES[locale]);
    }
    expect(everywhere.anyMessages()).toBe(MESSAGES.ja);
  });
});
