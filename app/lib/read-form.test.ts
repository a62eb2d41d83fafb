import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const APP = path.resolve(import.meta.dirname, "..");

/** Every source file of app/, relative to it. */
function sources(dir = APP): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".test.ts") ? [path.relative(APP, file)] : [];
  });
}

/** The readers that turn a body that is no form into the page's 400 (never a 500). */
const READERS = new Set(["lib/request.server.ts", "lib/upload.server.ts", "routes/mypage/support.tsx"]);

describe("page forms", () => {
  it("are read through readForm (or an upload reader), never with a bare request.formData()", () => {
    const bare = sources().filter(
      (file) =>
        !READERS.has(file) && /\brequest\.formData\(/.test(readFileSync(path.join(APP, file), "utf8")),
    );
    expect(bare).toEqual([]);
  });
});
