import { eq } from "drizzle-orm";
import sharp from "sharp";
import type { TItemInput } from "#core/catalog/item-fields.ts";
import { saveItem } from "#core/catalog/save-item.ts";
import type { SessionUser } from "#core/identity/sessions.ts";
import { sealTotpSecret } from "#core/identity/two-step.ts";
import type { CoreContext } from "#core/shared/context.ts";
import { type OperatorRole, operatorRoles, twoStepSettings, users } from "#db/schema/index.ts";

let counter = 0;

/** The authenticator secret of the operators tests make (Base32). */
export const TEST_OPERATOR_TOTP_SECRET = "TESTOPERATORTWOSTEPSECRETAAAAAAA";

/** A member ready to act in core tests. */
export async function makeMember(
  ctx: CoreContext,
  o: { nickname?: string; verified?: boolean; sellerSetup?: boolean } = {},
): Promise<SessionUser> {
  counter += 1;
  const [u] = await ctx.db
    .insert(users)
    .values({
      email: `member${counter}-${Date.now()}@example.jp`,
      nickname: o.nickname ?? `member${counter}`,
      identityVerifiedAt: o.verified ? new Date() : null,
      // Members in tests have been through the seller setup unless a test says otherwise.
      sellerSetupAt: o.sellerSetup === false ? null : new Date(),
    })
    .returning();
  return {
    id: u!.id,
    email: u!.email,
    nickname: u!.nickname,
    role: "member",
    locale: "ja",
    sessionId: 0,
    staffRoles: [],
  };
}

/** A back-office operator holding `roles` (every permission, as an admin, unless a test says otherwise). */
export async function makeOperator(
  ctx: CoreContext,
  roles: OperatorRole[] = ["admin"],
  o: { nickname?: string } = {},
): Promise<SessionUser> {
  counter += 1;
  const [u] = await ctx.db
    .insert(users)
    .values({
      email: `staff${counter}-${Date.now()}@example.jp`,
      nickname: o.nickname ?? `staff${counter}`,
      role: "operator",
    })
    .returning();
  if (roles.length) await ctx.db.insert(operatorRoles).values(roles.map((role) => ({ userId: u!.id, role })));
  // Operators must use two-step verification before the back office opens: these have it on.
  await ctx.db.insert(twoStepSettings).values({
    userId: u!.id,
    totpSecret: sealTotpSecret(ctx.secret, u!.id, TEST_OPERATOR_TOTP_SECRET),
    totpEnabledAt: new Date(),
  });
  return {
    id: u!.id,
    email: u!.email,
    nickname: u!.nickname,
    role: "operator",
    locale: "ja",
    sessionId: 0,
    staffRoles: [...roles].sort(),
  };
}

export async function verifyIdentity(ctx: CoreContext, userId: number) {
  await ctx.db.update(users).set({ identityVerifiedAt: new Date() }).where(eq(users.id, userId));
}

/** A small real JPEG, a different colour each time. */
export async function jpeg(seed = counter++): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp({
      create: {
        width: 64,
        height: 48,
        channels: 3,
        background: { r: (seed * 53) % 256, g: (seed * 97) % 256, b: 128 },
      },
    })
      .jpeg()
      .toBuffer(),
  );
}

export const LISTING: TItemInput = {
  title: "iPhone 13 128GB ミッドナイト 画面割れ",
  description: "画面右下にヒビがあります。タッチ操作は問題ありません。",
  price: "18000",
  categoryCode: "05",
  brandCode: "00001",
  condition: "DEFECTIVE",
  postage: "INCLUDED",
  shippingMethod: "05",
  leadTime: "01",
  storageGb: "128",
  color: "black",
  carrier: "simfree",
  networkRestriction: "○",
  activationLock: "off",
  batteryHealth: "86",
  defects: ["screen_cracked"],
};

/** Publishes a listing with one photo and returns its id. */
export async function listItem(
  ctx: CoreContext,
  seller: SessionUser,
  input: Partial<TItemInput> = {},
): Promise<number> {
  const { id } = await saveItem(ctx, {
    actor: seller,
    input: { ...LISTING, ...input },
    photos: [{ bytes: await jpeg() }],
    publish: true,
  });
  return id;
}
