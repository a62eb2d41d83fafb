import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "#db/client.ts";
import { sandboxRecords } from "#db/schema/index.ts";
import type { Clock } from "../shared/clock.ts";
import { AppError } from "../shared/errors.ts";
import { type Message, msg } from "../shared/i18n/translate.ts";
import type { Locale } from "../shared/locale.ts";
import { parseInput } from "../shared/parse-input.ts";
import { maxLength, required, text } from "../shared/validation/index.ts";
import { isCalendarDate, tokyoNow } from "../shared/validation/tokyo-clock.ts";
import type { BlobStore } from "../storage/blob-store.ts";
import {
  type CheckResult,
  IDENTITY_REJECTION_REASONS,
  type IdentityDocument,
  type IdentityProvider,
  type StartCheckInput,
  type VerifiedFacts,
} from "./identity-provider.ts";

const PROVIDER = "polarify";
/** Like the real service, a check not finished on its hosted page within 30 minutes expires. */
export const POLARIFY_CHECK_TTL_MS = 30 * 60 * 1000;

type SandboxDeps = { db: Db; clock: Clock; publicUrl: string };

type SandboxData = {
  applicant: StartCheckInput["applicant"];
  documents: IdentityDocument[];
  returnUrls: StartCheckInput["returnUrls"];
  locale: Locale;
  facts?: VerifiedFacts;
  reason?: string;
};

type SandboxRow = typeof sandboxRecords.$inferSelect & { data: SandboxData };

async function findRecord(deps: Pick<SandboxDeps, "db">, reference: string): Promise<SandboxRow | null> {
  if (!/^plr_[A-Za-z0-9_-]{24}$/.test(reference)) return null;
  const [row] = await deps.db
    .select()
    .from(sandboxRecords)
    .where(and(eq(sandboxRecords.provider, PROVIDER), eq(sandboxRecords.reference, reference)))
    .limit(1);
  return (row as SandboxRow | undefined) ?? null;
}

function statusOf(row: SandboxRow, now: Date): CheckResult["status"] {
  if (row.state === "verified" || row.state === "rejected") return row.state;
  return row.expiresAt && row.expiresAt <= now ? "expired" : "pending";
}

function returnUrl(row: SandboxRow, outcome: "success" | "error"): string {
  const url = new URL(row.data.returnUrls[outcome]);
  url.searchParams.set("reference", row.reference);
  return url.toString();
}

/**
 * The built-in stand-in for the Polarify eKYC service. It keeps its checks in `sandbox_records` and
 * serves its "hosted page" from our own app (`/sandbox/polarify/{reference}/`), where a tester plays
 * the provider's reviewer and approves or rejects.
 */
export function createPolarifySandbox(deps: SandboxDeps): IdentityProvider {
  return {
    name: PROVIDER,
    kind: "sandbox",
    method: "ekyc-photo-id-selfie",
    async startCheck(input) {
      for (const url of [input.returnUrls.success, input.returnUrls.error]) {
        if (!/^https?:\/\//.test(url))
          throw new Error(`Polarify sandbox: not an absolute return URL: ${url}`);
      }
      const reference = `plr_${randomBytes(18).toString("base64url")}`;
      const now = deps.clock.now();
      const expiresAt = new Date(now.getTime() + POLARIFY_CHECK_TTL_MS);
      const data: SandboxData = {
        applicant: input.applicant,
        documents: input.documents,
        returnUrls: input.returnUrls,
        locale: input.locale,
      };
      await deps.db.insert(sandboxRecords).values({
        provider: PROVIDER,
        reference,
        state: "pending",
        data,
        createdAt: now,
        updatedAt: now,
        expiresAt,
      });
      return { reference, redirectUrl: `${deps.publicUrl}/sandbox/polarify/${reference}/`, expiresAt };
    },
    async getResult(reference) {
      const row = await findRecord(deps, reference);
      if (!row) return null;
      const status = statusOf(row, deps.clock.now());
      return {
        status,
        facts: status === "verified" ? (row.data.facts ?? null) : null,
        reason: status === "rejected" ? (row.data.reason ?? null) : status === "expired" ? "expired" : null,
        completedAt: status === "verified" || status === "rejected" ? row.updatedAt : null,
      };
    },
  };
}

export type PolarifyHostedCheck = {
  reference: string;
  status: CheckResult["status"];
  locale: Locale;
  applicant: StartCheckInput["applicant"];
  /** The submitted images as data URLs: the sandbox shows them the way the provider's reviewer sees them. */
  documents: { kind: IdentityDocument["kind"]; src: string | null }[];
  expiresAt: Date | null;
  /** Where the person goes back to now: the success page once approved, otherwise the error page. */
  backUrl: string;
};

/** The hosted page's view of a check, or null for an unknown reference. */
export async function getPolarifyHostedCheck(
  deps: Pick<SandboxDeps, "db" | "clock"> & { blobs: BlobStore },
  reference: string,
): Promise<PolarifyHostedCheck | null> {
  const row = await findRecord(deps, reference);
  if (!row) return null;
  const status = statusOf(row, deps.clock.now());
  const documents = await Promise.all(
    row.data.documents.map(async (d) => {
      if (status !== "pending") return { kind: d.kind, src: null };
      const blob = await deps.blobs.get(d.key);
      return {
        kind: d.kind,
        src: blob ? `data:${blob.contentType};base64,${Buffer.from(blob.body).toString("base64")}` : null,
      };
    }),
  );
  return {
    reference,
    status,
    locale: row.data.locale,
    applicant: row.data.applicant,
    documents,
    expiresAt: row.expiresAt,
    backUrl: returnUrl(row, status === "verified" ? "success" : "error"),
  };
}

const FACT_LABELS: Record<string, Message> = {
  name: msg("account.polarifyFields.name"),
  address: msg("account.polarifyFields.address"),
  birthDate: msg("account.polarifyFields.birthDate"),
  occupation: msg("account.polarifyFields.occupation"),
  reason: msg("account.polarifyFields.reason"),
};

const NOT_A_BIRTH_DATE: Message = msg("account.errors.notABirthDate");

const ZPolarifyApproval = z.object({
  name: text(required(), maxLength(60)),
  address: text(required(), maxLength(200)),
  birthDate: text(required()),
  occupation: text(required(), maxLength(40)),
});

const ZPolarifyRejection = z.object({ reason: z.enum(IDENTITY_REJECTION_REASONS) });

export type PolarifyDecision =
  | { decision: "approve"; facts: z.input<typeof ZPolarifyApproval> }
  | { decision: "reject"; reason: string };

/**
 * The tester's verdict on the hosted page. Answers the address to send the person back to; a check
 * that expired, or was decided already, is left as it is and the person is sent back all the same.
 */
export async function decidePolarifyCheck(
  deps: Pick<SandboxDeps, "db" | "clock">,
  o: { reference: string } & PolarifyDecision,
): Promise<{ redirectUrl: string }> {
  const row = await findRecord(deps, o.reference);
  if (!row) throw new AppError("NOT_FOUND");
  const now = deps.clock.now();
  const status = statusOf(row, now);
  if (status !== "pending")
    return { redirectUrl: returnUrl(row, status === "verified" ? "success" : "error") };
  let data: SandboxData;
  if (o.decision === "approve") {
    const facts = parseInput(ZPolarifyApproval, o.facts, FACT_LABELS);
    if (!isCalendarDate(facts.birthDate) || facts.birthDate >= tokyoNow(now).date) {
      throw new AppError("VALIDATION", { fields: { birthDate: NOT_A_BIRTH_DATE } });
    }
    data = { ...row.data, facts };
  } else {
    const { reason } = parseInput(ZPolarifyRejection, { reason: o.reason }, FACT_LABELS);
    data = { ...row.data, reason };
  }
  const state = o.decision === "approve" ? "verified" : "rejected";
  await deps.db
    .update(sandboxRecords)
    .set({ state, data, updatedAt: now })
    .where(
      and(
        eq(sandboxRecords.provider, PROVIDER),
        eq(sandboxRecords.reference, o.reference),
        eq(sandboxRecords.state, "pending"),
      ),
    );
  return { redirectUrl: returnUrl(row, o.decision === "approve" ? "success" : "error") };
}
