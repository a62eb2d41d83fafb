import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { qrMatrix } from "./qr-code.server.ts";

describe("qrMatrix", () => {
  it("draws every dark module of the library's QR code, and nothing else", () => {
    const text = "TSUGU-QR-123456789013-004211";
    const { size, path } = qrMatrix(text);
    const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
    expect(size).toBe(modules.size);
    const squares = path.match(/M\d+ \d+h1v1h-1z/g) ?? [];
    expect(squares.join("")).toBe(path);
    expect(squares).toHaveLength(modules.data.reduce((n, dark) => n + (dark ? 1 : 0), 0));
    // The three finder patterns: the top-left module of each is dark.
    for (const [x, y] of [
      [0, 0],
      [size - 7, 0],
      [0, size - 7],
    ]) {
      expect(path).toContain(`M${x} ${y}h1v1h-1z`);
    }
  });
});
