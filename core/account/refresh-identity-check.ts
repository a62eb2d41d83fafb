import { createHash } from "node:crypto";
import { and, desc, eq, isNull } from "drizzle-orm";
import { identityChecks, users } from "#db/schema/index.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError, isAppError } from "../shared/errors.ts";
import { oncePerEvent } from "../shared/provider-events.ts";
import { changeState } from "../state/change-state.ts";
import { getAddress } from "./get-address.ts";
import {
  IDENTITY_CHECK_MACHINE,
  type IdentityCheckAction,
  type IdentityCheckState,
} from "./identity-check-states.ts";
import type { IdentityCheckStatus, VerifiedFacts } from "./identity-provider.ts";
import { needsOfficeReview } from "./identity-review-rule.ts";

export type IdentityCheckView = {
  reference: string;
  status: IdentityCheckStatus;
  method: string;
  reason: string | null;
  facts: VerifiedFacts | null;
  createdAt: Date;
  completedAt: Date | null;
};

export type IdentityCheckRow = typeof identityChecks.$inferSelect;

/** The step of the check's machine that records each outcome the provider's result leads to. */
const PROVIDER_OUTCOMES = {
  verified: "verify",
  review: "refer",
  rejected: "fail",
  expired: "expire",
} as const satisfies Record<Exclude<IdentityCheckState, "pending">, IdentityCheckAction>;

export function toCheckView(row: IdentityCheckRow): IdentityCheckView {
  // Under the office's review the member still sees it as being checked, as a pending check reads.
  const review = row.status === "review";
  return {
    reference: row.providerReference,
    status: row.status === "review" ? "pending" : row.status,
    method: row.method,
    reason: review ? null : row.reason,
    facts: review ? null : ((row.verifiedFacts as VerifiedFacts | null) ?? null),
    createdAt: row.createdAt,
    completedAt: review ? null : row.completedAt,
  };
}

/**
 * Brings a pending check up to date with what the provider says about it. This, and never the
 * provider's redirect back to us, decides the outcome: a redirect to the success page for a check
 * the provider has not approved leaves it pending. A verified check marks the member verified,
 * unless the verified name is not the one the member registered (`needsOfficeReview`): then the
 * check waits in the office's review queue (`review`) and the member is not verified yet.
 */
export async function syncIdentityCheck(ctx: CoreContext, row: IdentityCheckRow): Promise<IdentityCheckView> {
  if (row.status !== "pending" || row.provider !== ctx.identity.name) return toCheckView(row);
  const now = ctx.clock.now();
  const result = await ctx.identity.getResult(row.providerReference);
  let next:
    | ({ status: Exclude<IdentityCheckState, "pending"> } & Pick<
        IdentityCheckRow,
        "verifiedFacts" | "reason" | "completedAt"
      >)
    | null = null;
  if (result && result.status !== "pending") {
    const facts = result.status === "verified" ? result.facts : null;
    const review = facts !== null && needsOfficeReview(facts, await getAddress(ctx, row.userId));
    next = {
      status: review ? "review" : result.status,
      verifiedFacts: facts,
      reason: result.reason,
      completedAt: result.completedAt ?? now,
    };
  } else if (!result && row.expiresAt <= now) {
    // The provider no longer knows the check: once its time is up it can only have expired.
    next = { status: "expired", verifiedFacts: null, reason: "expired", completedAt: now };
  }
  if (!next) return toCheckView(row);
  const { status, ...decided } = next;
  return ctx.db.transaction(async (tx) => {
    const recorded = await changeState(
      { db: tx, clock: ctx.clock },
      {
        machine: IDENTITY_CHECK_MACHINE,
        table: identityChecks,
        id: row.id,
        from: "pending",
        action: PROVIDER_OUTCOMES[status],
        actor: { role: "system" },
        reason: decided.reason,
        set: decided,
      },
    ).then(
      () => true,
      (error: unknown) => {
        // CONFLICT: another request recorded the outcome first.
        if (isAppError(error) && error.code === "CONFLICT") return false;
        throw error;
      },
    );
    const [current] = await tx.select().from(identityChecks).where(eq(identityChecks.id, row.id));
    if (recorded && current?.status === "verified") {
      await tx
        .update(users)
        .set({ identityVerifiedAt: current.completedAt ?? now, updatedAt: now })
        .where(and(eq(users.id, row.userId), isNull(users.identityVerifiedAt)));
    }
    return toCheckView(current ?? row);
  });
}

/**
 * The provider's callback about a check (signed): the result is read from the provider and
 * recorded. A forged callback is UNAUTHORIZED, and so is the same callback delivered again (a
 * replay); one about a check we do not have, or one already decided, changes nothing.
 */
export async function receiveIdentityCallback(
  ctx: CoreContext,
  o: { headers: Record<string, string>; body: string },
): Promise<{ applied: boolean }> {
  const reference = ctx.identity.verifyCallback?.(o.headers, o.body) ?? null;
  if (!reference) throw new AppError("UNAUTHORIZED");
  const delivery = createHash("sha256").update(o.body).digest("hex");
  return oncePerEvent(
    ctx,
    { provider: ctx.identity.name, id: delivery, type: "identity.callback" },
    async () => {
      const row = await checkAtProvider(ctx, { reference });
      if (row?.status !== "pending") return { applied: false };
      const view = await syncIdentityCheck(ctx, row);
      return { applied: view.status !== "pending" };
    },
  );
}

/**
 * The member is back from the provider's page (at the success or the error address, which says
 * nothing by itself): records the provider's result for the check with that reference.
 */
export async function refreshIdentityCheck(
  ctx: CoreContext,
  o: { userId: number; reference: string | null | undefined },
): Promise<IdentityCheckView> {
  const reference = o.reference ?? "";
  if (reference.length > 128 || (!reference && !ctx.identity.backWithoutReference)) {
    throw new AppError("NOT_FOUND");
  }
  // A provider that sends members back without the reference: their newest check, in whatever
  // state (its signed callback may have decided it before the member's browser came back).
  const row = await checkAtProvider(ctx, { reference: reference || null, userId: o.userId });
  if (!row) throw new AppError("NOT_FOUND");
  return syncIdentityCheck(ctx, row);
}

/** The newest check at the provider in use with that reference, or of that member, or both. */
async function checkAtProvider(
  ctx: CoreContext,
  o: { reference: string | null; userId?: number },
): Promise<IdentityCheckRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(identityChecks)
    .where(
      and(
        eq(identityChecks.provider, ctx.identity.name),
        o.reference ? eq(identityChecks.providerReference, o.reference) : undefined,
        o.userId === undefined ? undefined : eq(identityChecks.userId, o.userId),
      ),
    )
    .orderBy(desc(identityChecks.id))
    .limit(1);
  return row;
}
