import { AppError } from "#core/shared/errors.ts";

/**
 * The form of a multipart page POST, or null when its body is larger than `maxBytes`. Browsers
 * declare the length of a form they send, so an oversized upload is refused before it is read.
 */
export async function readUploadForm(request: Request, maxBytes: number): Promise<FormData | null> {
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > maxBytes) return null;
  try {
    if (declared !== null) return await request.formData();
    // Without a declared length the server's page body limit has already bounded what arrives.
    const body = await request.arrayBuffer();
    if (body.byteLength > maxBytes) return null;
    const type = request.headers.get("content-type") ?? "";
    return await new Response(body, { headers: { "content-type": type } }).formData();
  } catch {
    throw new AppError("BAD_REQUEST");
  }
}
