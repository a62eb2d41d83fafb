import { and, desc, eq, inArray } from "drizzle-orm";
import { auditLog, identityChecks, users } from "#db/schema/index.ts";
import type { SessionUser } from "../identity/sessions.ts";
import type { CoreContext } from "../shared/context.ts";
import { AppError } from "../shared/errors.ts";
import { PREFECTURE_NAMES_JA, prefectureNameJa } from "../shared/prefectures.ts";
import { recordAudit } from "../staff/audit.ts";
import { authorize, type RequestMeta } from "../staff/authorize.ts";
import { type Claim, claimsFor } from "../staff/claims.ts";
import { maskAddress } from "../staff/mask.ts";
import { hasPermission } from "../staff/permissions.ts";
import { isOverdue } from "../staff/queues.ts";
import { formatAddress } from "./address-format.ts";
import { type Address, getAddress } from "./get-address.ts";
import type { VerifiedFacts } from "./identity-provider.ts";
import { comparableName, sameName } from "./identity-review-rule.ts";

/** The audit log's name for an identity check, and the office's decisions on one. */
export const IDENTITY_CHECK_TARGET = "identity_check";
const IDENTITY_DECISIONS = ["identity:approve", "identity:reject"] as const;

const HIDDEN = "•";
const HIDDEN_REST = HIDDEN.repeat(4);

/** A name cut to its first character: `山•••`. */
export function maskName(name: string): string {
  const first = Array.from(name.normalize("NFKC").trim())[0];
  return `${first ?? ""}${HIDDEN.repeat(3)}`;
}

/**
 * An address the provider read from a document, cut to its prefecture and city (`東京都千代田区 ••••`)
 * as the back office shows a registered address; an address it cannot read that way is hidden whole.
 */
export function maskFactsAddress(address: string): string {
  const text = address
    .normalize("NFKC")
    .replace(/^〒?\s*\d{3}-?\d{4}\s*/u, "")
    .trim();
  const prefecture = Object.values(PREFECTURE_NAMES_JA).find((name) => text.startsWith(name));
  if (!prefecture) return HIDDEN_REST;
  const rest = text.slice(prefecture.length).trimStart();
  // A ward of a designated city (札幌市中央区), a town or village of a district (XX郡YY町), or a city, ward, town or village.
  const city = /^(\S{1,8}?市\S{1,4}?区|\S{1,6}?郡\S{1,6}?[町村]|\S{1,8}?[市区町村])/u.exec(rest)?.[1] ?? "";
  return `${prefecture}${city} ${HIDDEN_REST}`;
}

/** What the provider confirmed, masked for an operator without `pii:read`. */
function maskFacts(facts: VerifiedFacts): VerifiedFacts {
  return {
    name: maskName(facts.name),
    address: maskFactsAddress(facts.address),
    birthDate: HIDDEN_REST,
    occupation: HIDDEN_REST,
  };
}

type RegisteredIdentity = {
  /** Family and given name, as on the default address. */
  name: string;
  nameKana: string;
  address: string;
};

function registeredOf(address: Address, inFull: boolean): RegisteredIdentity {
  if (!inFull) {
    const cut = maskAddress(address);
    return {
      name: maskName(address.familyName),
      nameKana: HIDDEN_REST,
      address: `${prefectureNameJa(cut.prefectureCode)}${cut.city} ${HIDDEN_REST}`,
    };
  }
  return {
    name: `${address.familyName} ${address.givenName}`,
    nameKana: `${address.familyNameKana} ${address.givenNameKana}`,
    address: formatAddress(address),
  };
}

export type IdentityReviewDetail = {
  check: {
    id: number;
    status: (typeof identityChecks.$inferSelect)["status"];
    provider: string;
    method: string;
    /** The provider's reference, to ask the provider about the check. */
    reference: string;
    /** When the member submitted it (the queue's age counts from here). */
    createdAt: Date;
    /** When the provider decided, or (once the office has decided) when the office did. */
    completedAt: Date | null;
    /** The reason code of a rejected or expired check. */
    reason: string | null;
    ageMs: number;
    overdue: boolean;
  };
  member: { id: number; nickname: string; verifiedAt: Date | null };
  /** The provider's verified facts: in full for `pii:read` holders, else masked. */
  verified: VerifiedFacts | null;
  /** The name and address the member registered (default address): in full or masked, like `verified`. */
  registered: RegisteredIdentity | null;
  /** Compared on the full values, whatever is shown: the whole name, and each part found in the verified name. */
  match: { name: boolean; familyName: boolean; givenName: boolean } | null;
  /** Were the personal values masked (the operator does not hold `pii:read`)? */
  masked: boolean;
  claim: Claim | null;
  /** Only a check under review can be approved or rejected. */
  canDecide: boolean;
  /** The office's decision on it, if it made one: who, which, when and the note. */
  decision: { action: string; operator: string | null; note: string | null; at: Date } | null;
};

/**
 * One identity check for the review page: the member, the provider and method, when it was
 * submitted, and the provider's verified facts beside the name and address the member registered.
 * Those are personal data: masked (first character of a name, prefecture and city of an address)
 * unless the operator holds `pii:read`, who sees them in full, each such view written to the audit
 * log. For `identity:review`.
 */
export async function getIdentityReview(
  ctx: CoreContext,
  o: { actor: SessionUser | null; checkId: number; meta?: RequestMeta | undefined },
): Promise<IdentityReviewDetail> {
  const operator = await authorize(ctx, o.actor, "identity:review");
  const [row] = await ctx.db
    .select({
      check: identityChecks,
      nickname: users.nickname,
      verifiedAt: users.identityVerifiedAt,
    })
    .from(identityChecks)
    .innerJoin(users, eq(users.id, identityChecks.userId))
    .where(eq(identityChecks.id, o.checkId));
  if (!row) throw new AppError("NOT_FOUND");
  const check = row.check;
  const [address, claims, [decided]] = await Promise.all([
    getAddress(ctx, check.userId),
    claimsFor(ctx.db, "identity", [check.id]),
    ctx.db
      .select({
        action: auditLog.action,
        operator: users.nickname,
        note: auditLog.reason,
        at: auditLog.at,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(
        and(
          eq(auditLog.targetType, IDENTITY_CHECK_TARGET),
          eq(auditLog.targetId, String(check.id)),
          inArray(auditLog.action, [...IDENTITY_DECISIONS]),
        ),
      )
      .orderBy(desc(auditLog.id))
      .limit(1),
  ]);
  const facts = (check.verifiedFacts as VerifiedFacts | null) ?? null;
  const inFull = hasPermission(operator.roles, "pii:read");
  if (inFull && (facts || address)) {
    await recordAudit(ctx, {
      operator,
      action: "pii:read",
      target: { type: IDENTITY_CHECK_TARGET, id: check.id },
      changes: { revealed: [null, "identity"] },
      meta: o.meta,
    });
  }
  const now = ctx.clock.now();
  const review = check.status === "review";
  const name = facts ? comparableName(facts.name) : "";
  return {
    check: {
      id: check.id,
      status: check.status,
      provider: check.provider,
      method: check.method,
      reference: check.providerReference,
      createdAt: check.createdAt,
      completedAt: check.completedAt,
      reason: check.reason,
      ageMs: Math.max(0, now.getTime() - check.createdAt.getTime()),
      overdue: review && isOverdue("identity", check.createdAt, now),
    },
    member: { id: check.userId, nickname: row.nickname, verifiedAt: row.verifiedAt },
    verified: facts && (inFull ? facts : maskFacts(facts)),
    registered: address && registeredOf(address, inFull),
    match:
      facts && address
        ? {
            name: sameName(facts.name, address),
            familyName: name.startsWith(comparableName(address.familyName)),
            givenName: name.endsWith(comparableName(address.givenName)),
          }
        : null,
    masked: !inFull,
    claim: claims.get(check.id) ?? null,
    canDecide: review,
    decision: decided ?? null,
  };
}
