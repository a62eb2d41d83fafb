import { AppError } from "#core/shared/errors.ts";
import { msg } from "#core/shared/i18n/translate.ts";
import type { MultipartSpec } from "./define.ts";

const MB = 1024 * 1024;

/**
 * A request body of at most `max` bytes, or null when it is longer: a declared Content-Length is
 * judged before anything is read, and a body without one is counted while it arrives, so an
 * oversized upload is never held in memory.
 */
export async function readBody(request: Request, max: number): Promise<Uint8Array | null> {
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (declared > max) return null;
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    // Stop reading; the server drains or closes the rest once the 413 is sent.
    if (size > max) return null;
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
