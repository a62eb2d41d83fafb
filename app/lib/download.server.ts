/** `attachment` with the name both plain (ASCII) and as RFC 5987 `filename*`. */
function contentDisposition(filename: string): string {
  const plain = filename.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `attachment; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** A file streamed as a private attachment (never cached, never sniffed as another type). */
export function attachment(file: {
  filename: string;
  contentType: string;
  body: ReadableStream<Uint8Array>;
  size?: number | null;
}): Response {
  const headers = new Headers({
    "Content-Type": file.contentType,
    "Content-Disposition": contentDisposition(file.filename),
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
  });
  if (file.size != null) headers.set("Content-Length", String(file.size));
  return new Response(file.body, { status: 200, headers });
}
