import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "#db/client.ts";
import { sandboxRecords } from "#db/schema/index.ts";
import { defineJob, handleJob } from "../../jobs/define-job.ts";
import { enqueueJob } from "../../jobs/enqueue-job.ts";
import type { Clock } from "../../shared/clock.ts";
import { AppError } from "../../shared/errors.ts";
import { msg } from "../../shared/i18n/translate.ts";
import { checkCard } from "./card-input.ts";
import type {
  CardSummary,
  Charge,
  PaymentEvent,
  PaymentGateway,
  PaymentSource,
  SavedCard,
} from "./gateway.ts";
import type { ChargeStatus } from "./payment-status.ts";
import { cardBrand, isCardNumber, type SandboxCardBehaviour, sandboxBehaviour } from "./test-cards.ts";

const SANDBOX_PROVIDER = "sandbox";
/** Like PAY.JP, a charge waiting for 3-D Secure can no longer be finished after 30 minutes. */
export const SANDBOX_CHALLENGE_TTL_MS = 30 * 60 * 1000;
export const SANDBOX_SIGNATURE_HEADER = "x-sandbox-signature";

const KIND = {
  token: "sandbox-pay.token",
  customer: "sandbox-pay.customer",
  charge: "sandbox-pay.charge",
  ref: "sandbox-pay.ref",
} as const;

type SandboxDeps = { db: Db; clock: Clock; publicUrl: string; secret: string };

type StoredCard = CardSummary & { behaviour: SandboxCardBehaviour };
type ChargeData = {
  amount: number;
  reference: string;
  card: StoredCard;
  failureCode: string | null;
  challenge?: "passed" | "failed";
};

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

async function find<T>(db: Db, kind: string, reference: string) {
  const [row] = await db
    .select()
    .from(sandboxRecords)
    .where(and(eq(sandboxRecords.provider, kind), eq(sandboxRecords.reference, reference)))
    .limit(1);
  return row as (typeof sandboxRecords.$inferSelect & { data: T }) | undefined;
}

function webhookKey(secret: string): Buffer {
  return createHmac("sha256", secret).update("sandbox-payments-webhook").digest();
}

/** `t=<unix seconds>,v1=<hex HMAC-SHA-256 of "t.body">`, the usual shape of a signed webhook. */
export function signSandboxEvent(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac("sha256", webhookKey(secret)).update(`${t}.${body}`).digest("hex");
  return `t=${t},v1=${v1}`;
}

/** Sends one signed event to our own webhook, as the provider would; retried by the job queue. */
const deliverSandboxEvent = defineJob({
  name: "payments.sandbox.deliver-event",
  payload: z.object({ body: z.string() }),
  maxAttempts: 10,
});

export const deliverSandboxEventHandler = handleJob(deliverSandboxEvent, async (ctx, { body }) => {
  const response = await fetch(`${ctx.publicUrl}/webhooks/${SANDBOX_PROVIDER}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      [SANDBOX_SIGNATURE_HEADER]: signSandboxEvent(ctx.secret, body, ctx.clock.now()),
    },
    body,
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`The webhook answered ${response.status}`);
});

/**
 * The built-in card provider: test cards that succeed, decline or ask for a 3-D Secure challenge;
 * a challenge page served by our app (`/sandbox/payments/challenge/{chargeId}/`); challenges that
 * expire; signed events delivered to `/webhooks/sandbox` through the job queue. Its state lives in
 * `sandbox_records`, so it behaves the same across restarts and servers.
 */
export function createSandboxGateway(deps: SandboxDeps): PaymentGateway {
  const { db, clock } = deps;

  function statusOf(row: { state: string; expiresAt: Date | null }): ChargeStatus {
    if (row.state === "requires_3ds" && row.expiresAt && row.expiresAt <= clock.now()) return "expired";
    return row.state as ChargeStatus;
  }

  async function loadCharge(chargeId: string): Promise<Charge | null> {
    const row = await find<ChargeData>(db, KIND.charge, chargeId);
    if (!row) return null;
    const { behaviour: _behaviour, ...card } = row.data.card;
    return {
      id: row.reference,
      amount: row.data.amount,
      status: statusOf(row),
      reference: row.data.reference,
      card,
      failureCode: row.data.failureCode,
    };
  }

  async function emit(type: string, chargeId: string) {
    const body = JSON.stringify({ id: id("evnt"), type, data: { object: "charge", id: chargeId } });
    await enqueueJob(deps, deliverSandboxEvent, { body });
  }

  async function move(
    chargeId: string,
    from: readonly ChargeStatus[],
    to: ChargeStatus,
    event: string,
    patch: Partial<ChargeData> = {},
  ): Promise<Charge> {
    const row = await find<ChargeData>(db, KIND.charge, chargeId);
    if (!row) throw new Error(`Sandbox: no charge ${chargeId}`);
    const status = statusOf(row);
    if (status === to) return (await loadCharge(chargeId))!;
    if (!from.includes(status)) throw new Error(`Sandbox: cannot move a ${status} charge to ${to}`);
    const updated = await db
      .update(sandboxRecords)
      .set({ state: to, data: { ...row.data, ...patch }, updatedAt: clock.now() })
      .where(
        and(
          eq(sandboxRecords.provider, KIND.charge),
          eq(sandboxRecords.reference, chargeId),
          eq(sandboxRecords.state, row.state),
        ),
      )
      .returning({ state: sandboxRecords.state });
    if (updated.length > 0) await emit(event, chargeId);
    return (await loadCharge(chargeId))!;
  }

  async function cardOf(source: PaymentSource, conn: Db = db): Promise<StoredCard | null> {
    if ("token" in source) {
      const token = await find<StoredCard>(conn, KIND.token, source.token);
      if (token?.state !== "unused") return null;
      // Tokens are single use, as with the real provider.
      const used = await conn
        .update(sandboxRecords)
        .set({ state: "used", updatedAt: clock.now() })
        .where(
          and(
            eq(sandboxRecords.provider, KIND.token),
            eq(sandboxRecords.reference, source.token),
            eq(sandboxRecords.state, "unused"),
          ),
        )
        .returning();
      return used.length > 0 ? token.data : null;
    }
    const customer = await find<{ cards: (StoredCard & { id: string })[] }>(
      conn,
      KIND.customer,
      source.customerId,
    );
    const card = customer?.data.cards.find((c) => c.id === source.cardId);
    if (!card) return null;
    const { id: _id, ...stored } = card;
    return stored;
  }

  return {
    name: SANDBOX_PROVIDER,
    kind: "sandbox",
    publicKey: "pk_sandbox",
    async authorize(o) {
      const existing = await find<{ chargeId: string }>(db, KIND.ref, o.reference);
      if (existing) return { ok: true, charge: (await loadCharge(existing.data.chargeId))! };
      // One database transaction, as the real provider makes a charge whole or not at all: a
      // connection cut between these writes leaves neither a spent token nor a reference whose
      // charge was never written (which no retry could ever get past).
      const made = await db.transaction(async (tx) => {
        const conn = tx as unknown as Db;
        const card = await cardOf(o.source, conn);
        if (!card) return { ok: false, code: "invalid_card" } as const;
        if (card.behaviour === "declined") return { ok: false, code: "card_declined" } as const;
        const now = clock.now();
        const chargeId = id("ch");
        const claimed = await conn
          .insert(sandboxRecords)
          .values({
            provider: KIND.ref,
            reference: o.reference,
            state: "used",
            data: { chargeId },
            createdAt: now,
          })
          .onConflictDoNothing()
          .returning();
        if (claimed.length === 0) return { ok: true, chargeId: null, challenge: false } as const;
        const challenge = o.threeDSecure && card.behaviour === "challenge";
        const data: ChargeData = { amount: o.amount, reference: o.reference, card, failureCode: null };
        await conn.insert(sandboxRecords).values({
          provider: KIND.charge,
          reference: chargeId,
          state: challenge ? "requires_3ds" : "authorized",
          data,
          createdAt: now,
          updatedAt: now,
          expiresAt: challenge ? new Date(now.getTime() + SANDBOX_CHALLENGE_TTL_MS) : null,
        });
        return { ok: true, chargeId, challenge } as const;
      });
      if (!made.ok) return made;
      if (made.chargeId === null) {
        // Another request under the same reference made the charge a moment ago: that one.
        const winner = await find<{ chargeId: string }>(db, KIND.ref, o.reference);
        return { ok: true, charge: (await loadCharge(winner!.data.chargeId))! };
      }
      if (!made.challenge) await emit("charge.succeeded", made.chargeId);
      return { ok: true, charge: (await loadCharge(made.chargeId))! };
    },
    challengeUrl(chargeId, returnUrl) {
      const url = new URL(`${deps.publicUrl}/sandbox/payments/challenge/${chargeId}/`);
      url.searchParams.set("return", returnUrl);
      return url.toString();
    },
    async finishThreeDSecure(chargeId) {
      const row = await find<ChargeData>(db, KIND.charge, chargeId);
      if (!row) throw new Error(`Sandbox: no charge ${chargeId}`);
      if (statusOf(row) !== "requires_3ds" || !row.data.challenge) return (await loadCharge(chargeId))!;
      return row.data.challenge === "passed"
        ? move(chargeId, ["requires_3ds"], "authorized", "charge.succeeded")
        : move(chargeId, ["requires_3ds"], "failed", "charge.failed", {
            failureCode: "three_d_secure_failed",
          });
    },
    capture: (chargeId) => move(chargeId, ["authorized"], "captured", "charge.captured"),
    void: (chargeId) =>
      move(chargeId, ["authorized", "requires_3ds", "expired"], "voided", "charge.refunded"),
    refund: (chargeId) => move(chargeId, ["captured"], "refunded", "charge.refunded"),
    getCharge: loadCharge,
    async findCharge(reference) {
      const ref = await find<{ chargeId: string }>(db, KIND.ref, reference);
      return ref ? loadCharge(ref.data.chargeId) : null;
    },
    async createCustomer(o) {
      const customerId = id("cus");
      await db.insert(sandboxRecords).values({
        provider: KIND.customer,
        reference: customerId,
        state: "active",
        data: { userId: o.userId, email: o.email, cards: [] },
        createdAt: clock.now(),
      });
      return customerId;
    },
    async addCard(customerId, token) {
      const card = await cardOf({ token });
      const customer = await find<{ cards: SavedCard[] }>(db, KIND.customer, customerId);
      if (!card || !customer) throw new AppError("VALIDATION", { fields: { card: INVALID_CARD } });
      const saved = { id: id("car"), ...card };
      await db
        .update(sandboxRecords)
        .set({ data: { ...customer.data, cards: [...customer.data.cards, saved] }, updatedAt: clock.now() })
        .where(and(eq(sandboxRecords.provider, KIND.customer), eq(sandboxRecords.reference, customerId)));
      const { behaviour: _b, ...visible } = saved;
      return visible;
    },
    async listCards(customerId) {
      const customer = await find<{ cards: StoredCard[] & SavedCard[] }>(db, KIND.customer, customerId);
      return (customer?.data.cards ?? []).map(({ behaviour: _b, ...c }) => c as SavedCard);
    },
    async deleteCard(customerId, cardId) {
      const customer = await find<{ cards: SavedCard[] }>(db, KIND.customer, customerId);
      if (!customer) return;
      await db
        .update(sandboxRecords)
        .set({ data: { ...customer.data, cards: customer.data.cards.filter((c) => c.id !== cardId) } })
        .where(and(eq(sandboxRecords.provider, KIND.customer), eq(sandboxRecords.reference, customerId)));
    },
    verifyWebhook({ headers, body }): PaymentEvent | null {
      const header = headers[SANDBOX_SIGNATURE_HEADER] ?? "";
      const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
      if (!match) return null;
      const expected = createHmac("sha256", webhookKey(deps.secret)).update(`${match[1]}.${body}`).digest();
      const given = Buffer.from(match[2]!, "hex");
      if (!timingSafeEqual(expected, given)) return null;
      // A signature older than a day is a replay, not a retry.
      if (Math.abs(clock.now().getTime() / 1000 - Number(match[1])) > 24 * 3600) return null;
      return parseEvent(body);
    },
  };
}

const ZEvent = z.object({
  id: z.string().min(1).max(100),
  type: z.string().min(1).max(100),
  data: z
    .object({ object: z.string(), id: z.string().max(100) })
    .partial()
    .optional(),
});

/** The event in a webhook body (PAY.JP's shape, which the sandbox shares), or null. */
export function parseEvent(body: string): PaymentEvent | null {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return null;
  }
  const parsed = ZEvent.safeParse(json);
  if (!parsed.success) return null;
  const data = parsed.data.data;
  return {
    id: parsed.data.id,
    type: parsed.data.type,
    chargeId: data?.object === "charge" ? (data.id ?? null) : null,
  };
}

const INVALID_CARD = msg("payments.errors.invalidCard");

const ZCardInput = z.object({
  number: z.string().max(40),
  expMonth: z.union([z.string().max(4), z.number()]),
  expYear: z.union([z.string().max(4), z.number()]),
  cvc: z.string().max(8),
});

/**
 * The provider's tokenisation endpoint, which the browser calls directly: it keeps the brand, the
 * last four digits and the expiry, never the number or the code, and answers a single-use token.
 * Card details are checked field by field as the card form checks them (`checkCard`): each
 * field's problem comes back under its name, and the first of them as `card` too.
 */
export async function createSandboxCardToken(
  deps: Pick<SandboxDeps, "db" | "clock">,
  input: unknown,
): Promise<{ id: string; card: CardSummary }> {
  const parsed = ZCardInput.safeParse(input);
  if (!parsed.success) throw new AppError("VALIDATION", { fields: { card: INVALID_CARD } });
  const now = deps.clock.now();
  const { problems, details } = checkCard(
    {
      number: parsed.data.number,
      expiry: `${parsed.data.expMonth}/${parsed.data.expYear}`,
      cvc: parsed.data.cvc,
    },
    now,
  );
  const first = problems.number ?? problems.expiry ?? problems.cvc;
  if (!details || !isCardNumber(details.number)) {
    throw new AppError("VALIDATION", { fields: { ...problems, card: first ?? INVALID_CARD } });
  }
  const { number, expMonth, expYear } = details;
  const card: CardSummary = { brand: cardBrand(number), last4: number.slice(-4), expMonth, expYear };
  const token = id("tok");
  await deps.db.insert(sandboxRecords).values({
    provider: KIND.token,
    reference: token,
    state: "unused",
    data: { ...card, behaviour: sandboxBehaviour(number) },
    createdAt: now,
  });
  return { id: token, card };
}

export type SandboxChallenge = { chargeId: string; amount: number; card: CardSummary; status: ChargeStatus };

/** The challenge page's view of a charge, or null when there is no such charge. */
export async function getSandboxChallenge(
  deps: Pick<SandboxDeps, "db" | "clock">,
  chargeId: string,
): Promise<SandboxChallenge | null> {
  if (!/^ch_[0-9a-f]{24}$/.test(chargeId)) return null;
  const row = await find<ChargeData>(deps.db, KIND.charge, chargeId);
  if (!row) return null;
  const expired = row.state === "requires_3ds" && row.expiresAt !== null && row.expiresAt <= deps.clock.now();
  const { behaviour: _b, ...card } = row.data.card;
  return {
    chargeId,
    amount: row.data.amount,
    card,
    status: expired ? "expired" : (row.state as ChargeStatus),
  };
}

/** The buyer passes or fails the challenge; a charge no longer waiting for one is left as it is. */
export async function decideSandboxChallenge(
  deps: Pick<SandboxDeps, "db" | "clock">,
  o: { chargeId: string; pass: boolean },
): Promise<void> {
  const row = await find<ChargeData>(deps.db, KIND.charge, o.chargeId);
  if (row?.state !== "requires_3ds" || row.data.challenge) return;
  await deps.db
    .update(sandboxRecords)
    .set({ data: { ...row.data, challenge: o.pass ? "passed" : "failed" }, updatedAt: deps.clock.now() })
    .where(and(eq(sandboxRecords.provider, KIND.charge), eq(sandboxRecords.reference, o.chargeId)));
}
