import { describe, expect, it, vi } from "vitest";
import * as everywhere from "./catalogue.ts";
import { MESSAGES } from "./catalogue.ts";
import { MESSAGE_FILE_NAMES } from "./message-files.ts";

/** A fresh browser catalogue, with nothing loaded yet. */
async function browserCatalogue() {
  vi.resetModules();
  return await import("./catalogue.browser.ts");
}

describe("the message catalogue in the browser", () => {
  it("reads a language only once some of it is loaded, and never the other one", async () => {
    const browser = await browserCatalogue();
    expect(browser.hasMessages("ja", "nav")).toBe(false);
    expect(() => browser.messagesFor("ja")).toThrow("The ja messages are not loaded in this page");
    expect(() => browser.anyMessages()).toThrow("No messages are loaded in this page");

    await browser.loadMessages("ja", ["shell"]);
    expect(browser.hasMessages("ja", "nav.search")).toBe(true);
    expect(browser.hasMessages("ja", "buying.soldOut")).toBe(false);
    expect(browser.hasMessages("ja")).toBe(false);
    expect(browser.messagesFor("ja").nav).toEqual(MESSAGES.ja.nav);
    expect("buying" in browser.messagesFor("ja")).toBe(false);
    expect(browser.anyMessages()).toBe(browser.messagesFor("ja"));
    expect(browser.hasMessages("en", "nav")).toBe(false);
    expect(() => browser.messagesFor("en")).toThrow("The en messages are not loaded in this page");
  });

  it("loads each file once, into the same messages, and passes over names it does not know", async () => {
    const browser = await browserCatalogue();
    await browser.loadMessages("en", ["codes", "no-such-file"]);
    const first = browser.messagesFor("en");
    await Promise.all([browser.loadMessages("en", ["codes"]), browser.loadMessages("en", ["buying"])]);
    expect(browser.messagesFor("en")).toBe(first);
    expect(first.codes.postage.ARRIVAL).toBe("Shipping paid by the buyer");
    expect(first.buying.soldOut).toBe(MESSAGES.en.buying.soldOut);
  });

  it("shows a namespace two files hold only once both are here, joined as on the server", async () => {
    const browser = await browserCatalogue();
    await browser.loadMessages("ja", ["identity-notice"]);
    expect(browser.hasMessages("ja", "identityReview.notice")).toBe(false);
    await browser.loadMessages("ja", ["identity-review"]);
    expect(browser.messagesFor("ja").identityReview).toEqual(MESSAGES.ja.identityReview);
  });

  it("holds the whole language, as the server has it, once every file is loaded", async () => {
    const browser = await browserCatalogue();
    await Promise.all([
      browser.loadMessages("ja"),
      browser.loadMessages("en", [...MESSAGE_FILE_NAMES].reverse()),
    ]);
    expect(browser.hasMessages("ja")).toBe(true);
    expect(browser.messagesFor("ja")).toEqual(MESSAGES.ja);
    expect(browser.messagesFor("en")).toEqual(MESSAGES.en);
  });

  it("makes a component wait for a namespace it reads before its files are here, once for every reader", async () => {
    const browser = await browserCatalogue();
    await browser.loadMessages("ja", ["shell"]);
    expect(browser.pendingMessages("ja", "shell.back")).toBeNull();
    const pending = browser.pendingMessages("ja", "checks.page.title");
    expect(pending).toBeInstanceOf(Promise);
    expect(browser.pendingMessages("ja", "checks")).toBe(pending);
    let thrown: unknown;
    try {
      browser.requireMessages("ja", "checks.page.title");
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBe(pending);
    await pending;
    expect(() => browser.requireMessages("ja", "checks.page.title")).not.toThrow();
    expect(browser.messagesFor("ja").checks).toEqual(MESSAGES.ja.checks);
    // A namespace the catalogue does not have is not waited for: reading it fails as on the server.
    expect(browser.pendingMessages("ja", "noSuchNamespace.key")).toBeNull();
  });

  it("answers the same functions as the catalogue outside the browser, which has everything", async () => {
    const browser = await browserCatalogue();
    const { MESSAGES: _all, ...functions } = everywhere;
    expect(Object.keys(browser).sort()).toEqual(Object.keys(functions).sort());
    await everywhere.loadMessages("en");
    for (const locale of ["ja", "en"] as const) {
      expect(everywhere.hasMessages(locale)).toBe(true);
      expect(everywhere.hasMessages(locale, "viewAs.banner")).toBe(true);
      expect(everywhere.pendingMessages(locale, "checks")).toBeNull();
      expect(everywhere.messagesFor(locale)).toBe(MESSAGES[locale]);
    }
    expect(everywhere.anyMessages()).toBe(MESSAGES.ja);
  });
});
