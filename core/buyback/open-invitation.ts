import { eq } from "drizzle-orm";
import { buybackCompanies, buybackInvitations } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { keyedHash } from "../shared/secrets.ts";
import type { Invitation } from "./buyer-invitations.ts";

/** What an invitation link stands for, as the sign-up page tells it. */
export type InvitationLink =
  | { status: "open"; invitation: Invitation; companyName: string }
  | { status: "invalid" | "expired" | "used" };

/** The invitation behind a link's token: open, run out, used, or no invitation at all. */
export async function openInvitation(
  ctx: Pick<CoreContext, "db" | "clock" | "secret">,
  token: string | null | undefined,
): Promise<InvitationLink> {
  if (!token || token.length > 128) return { status: "invalid" };
  const [row] = await ctx.db
    .select({ invitation: buybackInvitations, companyName: buybackCompanies.name })
    .from(buybackInvitations)
    .innerJoin(buybackCompanies, eq(buybackCompanies.id, buybackInvitations.companyId))
    .where(eq(buybackInvitations.tokenHash, keyedHash(ctx.secret, token)))
    .limit(1);
  if (!row) return { status: "invalid" };
  if (row.invitation.acceptedAt) return { status: "used" };
  if (row.invitation.expiresAt <= ctx.clock.now()) return { status: "expired" };
  return { status: "open", ...row };
}
