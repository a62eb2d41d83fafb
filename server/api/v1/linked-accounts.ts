import { z } from "zod";
import { IDENTITY_PROVIDERS } from "#core/identity/identity-providers.ts";
import { listLinkedAccounts, unlinkAccount } from "#core/identity/linked-accounts.ts";
import { defineRoute } from "../define.ts";

const ZProvider = z.enum(IDENTITY_PROVIDERS);
const ZLinked = z.object({
  provider: ZProvider,
  email: z.string().nullable().describe("The address the provider gave when linked"),
  linkedAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
});
const noUser = { 401: { description: "Not signed in, or the session ended (`reason`: invalid-user-token)" } };

/** The member's accounts at LINE, Google and Apple (decision 037); linking is the browser's trip to the provider. */
export const linkedAccountRoutes = [
  defineRoute({
    method: "get",
    path: "/me/linked-accounts",
    summary: "Your linked LINE, Google and Apple accounts, and the providers you can still link",
    tag: "accounts",
    auth: "user",
    responses: {
      200: {
        description: "The linked accounts",
        schema: z.object({ linked: z.array(ZLinked), available: z.array(ZProvider) }),
      },
      ...noUser,
    },
    async handler({ ctx, actor }) {
      const { linked, available } = await listLinkedAccounts(ctx, { actor: actor! });
      return {
        status: 200,
        body: {
          linked: linked.map((l) => ({
            ...l,
            linkedAt: l.linkedAt.toISOString(),
            lastUsedAt: l.lastUsedAt?.toISOString() ?? null,
          })),
          available,
        },
      };
    },
  }),
  defineRoute({
    method: "delete",
    path: "/me/linked-accounts/{provider}",
    summary: "Unlink a provider's account; refused when it is your last way to sign in",
    tag: "accounts",
    auth: "user",
    responses: {
      204: { description: "Unlinked" },
      ...noUser,
      404: { description: "That provider is not linked to your account" },
      409: { description: "No password, passkey or other provider would be left to sign in with" },
    },
    async handler({ ctx, actor, params }) {
      await unlinkAccount(ctx, { actor: actor!, provider: params.provider ?? "" });
      return { status: 204 };
    },
  }),
];
