import { describe, expect, it } from "vitest";
import {
  CodeLoadError,
  isCodeLoadError,
  isNewBuild,
  latestBuildId,
  mayReload,
  RELOAD_GUARD_MS,
} from "./new-builds.ts";

/** sessionStorage as a map; `remembers: false` is a browser that refuses to keep anything. */
function storage({ remembers = true } = {}) {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      if (remembers) items.set(key, value);
    },
  };
}

describe("the deployed build against the page's", () => {
  it("reads the id of the server's answer", () => {
    expect(latestBuildId({ id: "f93fbc0d8f7d94d4" })).toBe("f93fbc0d8f7d94d4");
    for (const body of [null, "f93f", {}, { id: "" }, { id: 42 }]) expect(latestBuildId(body)).toBeNull();
  });

  it("is new only when both ids are known and differ", () => {
    expect(isNewBuild("aaaa", "bbbb")).toBe(true);
    expect(isNewBuild("aaaa", "aaaa")).toBe(false);
    expect(isNewBuild(null, "bbbb")).toBe(false);
    expect(isNewBuild("aaaa", null)).toBe(false);
    expect(isNewBuild(undefined, undefined)).toBe(false);
  });
});

describe("reloading a page whose code failed to load", () => {
  it("happens once per path, then not again for ten seconds", () => {
    const s = storage();
    const t0 = 1_750_000_000_000;
    expect(mayReload(s, "/ja/items/1/", t0)).toBe(true);
    expect(mayReload(s, "/ja/items/1/", t0 + 3_000)).toBe(false);
    expect(mayReload(s, "/ja/items/1/", t0 + RELOAD_GUARD_MS - 1)).toBe(false);
    // Another page has its own reload.
    expect(mayReload(s, "/ja/mypage/", t0 + 3_000)).toBe(true);
    // Refusing does not extend the guard: ten seconds after the reload, it may happen again.
    expect(mayReload(s, "/ja/items/1/", t0 + RELOAD_GUARD_MS)).toBe(true);
    expect(mayReload(s, "/ja/items/1/", t0 + RELOAD_GUARD_MS + 1)).toBe(false);
  });

  it("is allowed when the clock went back or the marker is unreadable", () => {
    const s = storage();
    s.items.set("tsugu:code-reload:/ja/", "garbage");
    expect(mayReload(s, "/ja/", 1_000)).toBe(true);
    s.items.set("tsugu:code-reload:/ja/", "5000");
    expect(mayReload(s, "/ja/", 1_000)).toBe(true);
  });

  it("never happens without storage that remembers, since it could not stop a loop", () => {
    expect(mayReload(null, "/ja/", 1_000)).toBe(false);
    expect(mayReload(storage({ remembers: false }), "/ja/", 1_000)).toBe(false);
    const throwing = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {},
    };
    expect(mayReload(throwing, "/ja/", 1_000)).toBe(false);
  });

  it("recognises a failed import in each browser's words, and nothing else", () => {
    for (const message of [
      "Failed to fetch dynamically imported module: http://localhost/assets/detail-B4nSkUCl.js",
      "error loading dynamically imported module: http://localhost/assets/detail-B4nSkUCl.js",
      "Importing a module script failed.",
      "Unable to preload CSS for /assets/app-BlVN8Mp6.css",
    ]) {
      expect(isCodeLoadError(new TypeError(message)), message).toBe(true);
    }
    expect(isCodeLoadError(new CodeLoadError("gone"))).toBe(true);
    expect(isCodeLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isCodeLoadError("Failed to fetch dynamically imported module")).toBe(false);
    expect(isCodeLoadError(null)).toBe(false);
  });
});
