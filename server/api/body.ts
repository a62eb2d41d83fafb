import { AppError } from "#core/shared/errors.ts";
import { msg } from "#core/shared/i18n/translate.ts";
import type { MultipartSpec } from "./define.ts";

const MB = 1024 * 1024;

/**
 * How much of an oversized body is still read (and thrown away) before the 413 is sent: a client
 * that writes its whole body before reading the answer then gets the answer instead of a closed
 * socket. Beyond this, the connection is closed after the answer.
 */
const DRAIN_MAX_BYTES = 32 * MB;
const DRAIN_MAX_MS = 10_000;

/**
 * A request body of at most `max` bytes, or null when it is longer: a declared Content-Length is
 * judged before anything is kept, and a body without one is counted while it arrives, so an
 * oversized upload is never held in memory. The rest of an oversized body is read and dropped (up
 * to `DRAIN_MAX_BYTES`), so the answer reaches a client still writing.
 */
export async function readBody(request: Request, max: number): Promise<Uint8Array | null> {
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  if (declared > max) {
    if (declared <= DRAIN_MAX_BYTES) await drain(reader);
    return null;
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await drain(reader, size);
      return null;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}

/** Reads what is left of a body and drops it, within the byte and time budget. */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, already = 0): Promise<void> {
  let size = already;
  const deadline = Date.now() + DRAIN_MAX_MS;
  try {
    for (;;) {
      if (size > DRAIN_MAX_BYTES || Date.now() > deadline) break;
      const { done, value } = await reader.read();
      if (done) return;
      size += value.byteLength;
    }
    await reader.cancel();
  } catch {
    // The client went away: nothing to answer.
  }
}

export function tooLarge(max: number): AppError {
  const mb = Math.floor(max / MB);
  return new AppError("PAYLOAD_TOO_LARGE", {
    // A whole number of megabytes, written as plain digits.
    message: mb >= 1 ? msg("api.body.tooLargeMb", { mb: String(mb) }) : msg("api.body.tooLarge"),
  });
}

const MISSING_FILE = msg("api.multipart.missingFile");

/** The files a multipart route declares, each required and non-empty; anything else in the form is ignored. */
export async function readMultipart(
  request: Request,
  spec: MultipartSpec,
): Promise<Record<string, Uint8Array>> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(type)) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", {
      message: msg("api.multipart.required"),
    });
  }
  const bytes = await readBody(request, spec.maxBytes);
  if (!bytes) throw tooLarge(spec.maxBytes);
  let form: FormData;
  try {
    form = await new Response(bytes as Uint8Array<ArrayBuffer>, {
      headers: { "content-type": type },
    }).formData();
  } catch {
    throw new AppError("BAD_REQUEST", {
      message: msg("api.multipart.invalid"),
    });
  }
  const files: Record<string, Uint8Array> = {};
  const missing: Record<string, typeof MISSING_FILE> = {};
  for (const name of Object.keys(spec.files)) {
    const part = form.get(name);
    if (part instanceof Blob && part.size > 0) files[name] = new Uint8Array(await part.arrayBuffer());
    else missing[name] = MISSING_FILE;
  }
  if (Object.keys(missing).length > 0) throw new AppError("VALIDATION", { fields: missing });
  return files;
}
