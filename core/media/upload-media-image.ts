import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { forImageField, storeImage } from "../storage/images.ts";
import { requireOperator } from "./operators.ts";
import { MEDIA_IMAGE_RENDITIONS, mediaImageUrl } from "./post-view.ts";

/**
 * An image for an article body, a sharing image or an author portrait: checked, re-encoded and kept
 * in the blob store under `media/`. The answer gives the key (for the sharing image and portrait
 * fields) and the Markdown to paste into a body.
 */
export async function uploadMediaImage(
  ctx: Pick<CoreContext, "blobs" | "db">,
  o: { actor: SessionUser | null; bytes: Uint8Array; alt?: string },
): Promise<{ key: string; url: string; markdown: string }> {
  await requireOperator(ctx, o.actor);
  const stored = await forImageField("image", () =>
    storeImage(ctx, { prefix: "media", bytes: o.bytes, renditions: MEDIA_IMAGE_RENDITIONS }),
  );
  const url = mediaImageUrl(ctx, stored.key, "large")!;
  const alt = (o.alt ?? "").replace(/[[\]\n]/g, " ").trim();
  return { key: stored.key, url, markdown: `![${alt}](${url})` };
}
