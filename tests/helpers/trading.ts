import { randomUUID } from "node:crypto";
import type { SessionUser } from "#core/identity/sessions.ts";
import {
  createSandboxCardToken,
  SANDBOX_SIGNATURE_HEADER,
  signSandboxEvent,
} from "#core/money/payments/sandbox-gateway.ts";
import { SANDBOX_TEST_CARDS, type SandboxCardBehaviour } from "#core/money/payments/test-cards.ts";
import type { CoreContext } from "#core/shared/context.ts";
import { addresses } from "#db/schema/index.ts";
import { makeMember } from "./catalog.ts";

/** A delivery address for test buyers. */
export const TEST_ADDRESS = {
  familyName: "山田",
  givenName: "花子",
  familyNameKana: "ヤマダ",
  givenNameKana: "ハナコ",
  postalCode: "1500001",
  prefectureCode: "13",
  city: "渋谷区神宮前",
  street: "1-2-3",
  building: "",
  phone: "09012345678",
};

/** A member with a delivery address, ready to buy. */
export async function makeBuyer(ctx: CoreContext, nickname?: string): Promise<SessionUser> {
  const member = await makeMember(ctx, nickname ? { nickname } : {});
  await ctx.db.insert(addresses).values({ userId: member.id, ...TEST_ADDRESS });
  return member;
}

/** A single-use token for one of the sandbox's test cards, as the browser would get it. */
export async function cardToken(ctx: CoreContext, kind: SandboxCardBehaviour = "success"): Promise<string> {
  const token = await createSandboxCardToken(ctx, {
    number: SANDBOX_TEST_CARDS[kind],
    expMonth: 12,
    expYear: 2035,
    cvc: "123",
  });
  return token.id;
}

/** A provider event about a charge, signed as the sandbox signs its webhooks. */
export function sandboxChargeEvent(
  ctx: Pick<CoreContext, "secret" | "clock">,
  chargeId: string,
): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify({
    id: `evnt_${randomUUID()}`,
    type: "charge.succeeded",
    data: { object: "charge", id: chargeId },
  });
  return {
    body,
    headers: { [SANDBOX_SIGNATURE_HEADER]: signSandboxEvent(ctx.secret, body, ctx.clock.now()) },
  };
}
