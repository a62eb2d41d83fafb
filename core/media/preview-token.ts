import { createHmac, timingSafeEqual } from "node:crypto";
import type { CoreContext } from "../shared/context.ts";

/** What a preview token may name: a draft article, news story or author profile. */
export type PreviewSubject = "article" | "news" | "author";

/** Long enough to send a draft round for review, short enough that a leaked link stops working. */
export const PREVIEW_TOKEN_TTL_MS = 48 * 60 * 60 * 1000;

function sign(secret: string, payload: string): string {
  return createHmac("sha256", secret).update(`media-preview:${payload}`).digest("base64url");
}

/**
 * A signed, expiring token that shows one draft at `/articles/draft/`, `/news/draft/` or
 * `/authors/draft/`: `{subject}.{id}.{expiry}.{HMAC-SHA-256}`. Nothing is stored; changing the
 * server secret voids every token.
 */
export function createPreviewToken(
  ctx: Pick<CoreContext, "secret" | "clock">,
  o: { subject: PreviewSubject; id: number },
): string {
  const expires = Math.floor((ctx.clock.now().getTime() + PREVIEW_TOKEN_TTL_MS) / 1000);
  const payload = `${o.subject}.${o.id}.${expires}`;
  return `${payload}.${sign(ctx.secret, payload)}`;
}

/** The draft's id when the token is genuine, unexpired and for this kind of draft; otherwise null. */
export function readPreviewToken(
  ctx: Pick<CoreContext, "secret" | "clock">,
  o: { subject: PreviewSubject; token: string | null | undefined },
): number | null {
  const m = /^(article|news|author)\.([1-9]\d{0,14})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(o.token ?? "");
  if (!m || m[1] !== o.subject) return null;
  const expected = Buffer.from(sign(ctx.secret, `${m[1]}.${m[2]}.${m[3]}`));
  const given = Buffer.from(m[4]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  if (Number(m[3]) * 1000 <= ctx.clock.now().getTime()) return null;
  return Number(m[2]);
}
