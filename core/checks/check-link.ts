import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { msg } from "../shared/i18n/translate.ts";

/** How long the QR code on the sell form opens the check on another device. */
const CHECK_LINK_MINUTES = 60;

const sign = (secret: string, body: string) =>
  createHmac("sha256", `device-check-link:${secret}`).update(body).digest("base64url");

/**
 * A link that lets the device being sold run the check for its member without signing in there
 * (the QR code on the sell form and the buyback application): the member's id, an hour's validity
 * and a random part, signed by the server.
 */
export function createCheckLink(
  ctx: Pick<CoreContext, "secret" | "clock">,
  o: { actor: { id: number } },
): { token: string; expiresAt: Date } {
  const expiresAt = new Date(ctx.clock.now().getTime() + CHECK_LINK_MINUTES * 60_000);
  const body = `${o.actor.id}.${expiresAt.getTime()}.${randomBytes(9).toString("base64url")}`;
  return { token: `${body}.${sign(ctx.secret, body)}`, expiresAt };
}

/** The member a check link was made for; a link that was altered or has run out is refused. */
export function memberOfCheckLink(ctx: Pick<CoreContext, "secret" | "clock">, token: string): number {
  const match = /^(\d{1,15})\.(\d{1,15})\.([A-Za-z0-9_-]{12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  const invalid = () => new AppError("VALIDATION", { fields: { link: msg("checks.errors.link") } });
  if (!match) throw invalid();
  const [, member, expires, nonce, signature] = match;
  const expected = Buffer.from(sign(ctx.secret, `${member}.${expires}.${nonce}`));
  const given = Buffer.from(signature!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalid();
  if (Number(expires) <= ctx.clock.now().getTime()) {
    throw new AppError("VALIDATION", { fields: { link: msg("checks.errors.linkExpired") } });
  }
  return Number(member);
}
