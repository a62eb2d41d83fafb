import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

export type HeicResult =
  | { ok: true; width: number; height: number; rgba: Uint8Array }
  | { ok: false; reason: "undecodable" | "too-many-pixels" };

// Runs in a worker thread: libheif (WebAssembly) decodes synchronously, about half a second for a
// 12-megapixel photo, which must not stall every other request. The size is checked from the
// header before any pixel is decoded; libheif applies the file's rotation and mirroring itself.
const WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
const decode = require(workerData.decoder);
(async () => {
  let images;
  try {
    images = await decode.all({ buffer: workerData.bytes });
    const primary = images[0];
    if (!primary) return parentPort.postMessage({ ok: false, reason: "undecodable" });
    if (primary.width * primary.height > workerData.maxPixels) {
      return parentPort.postMessage({ ok: false, reason: "too-many-pixels" });
    }
    const { width, height, data } = await primary.decode();
    const rgba = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    parentPort.postMessage({ ok: true, width, height, rgba }, [data.buffer]);
  } catch {
    parentPort.postMessage({ ok: false, reason: "undecodable" });
  } finally {
    if (images) images.dispose();
  }
})();
`;

const TIMEOUT_MS = 30_000;

/** Decodes a HEIC file's primary image to RGBA pixels in a worker thread of its own. */
export function decodeHeic(bytes: Uint8Array, maxPixels: number): Promise<HeicResult> {
  const decoder = createRequire(import.meta.url).resolve("heic-decode");
  return new Promise((resolve) => {
    const worker = new Worker(WORKER, {
      eval: true,
      workerData: { decoder, bytes, maxPixels },
      // libheif prints its parse errors; they are answered as "undecodable", not logged.
      stdout: true,
      stderr: true,
    });
    worker.stdout.resume();
    worker.stderr.resume();
    let settled = false;
    const finish = (result: HeicResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(result);
    };
    const timer = setTimeout(() => finish({ ok: false, reason: "undecodable" }), TIMEOUT_MS);
    worker.once("message", (message: HeicResult) => finish(message));
    worker.once("error", () => finish({ ok: false, reason: "undecodable" }));
    worker.once("exit", () => finish({ ok: false, reason: "undecodable" }));
  });
}
