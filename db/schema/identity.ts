import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

export const USER_ROLES = ["member", "business", "operator"] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const users = pgTable(
  "users",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity({ startWith: 100001 }),
    email: text("email").notNull(),
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    // Business buyers log in by emailed code and may have no password.
    passwordHash: text("password_hash"),
    nickname: text("nickname").notNull(),
    role: text("role", { enum: USER_ROLES }).notNull().default("member"),
    locale: text("locale", { enum: ["ja", "en"] })
      .notNull()
      .default("ja"),
    companyName: text("company_name"),
    introduction: text("introduction").notNull().default(""),
    /** Blob key prefix of the avatar's WebP renditions. */
    avatarKey: text("avatar_key"),
    phoneNumber: text("phone_number"),
    phoneVerifiedAt: timestamp("phone_verified_at", { withTimezone: true }),
    /** Set when an identity check (eKYC) succeeded; needed to list above the price threshold and for buyback. */
    identityVerifiedAt: timestamp("identity_verified_at", { withTimezone: true }),
    /** First-time sellers go through the setup flow once. */
    sellerSetupAt: timestamp("seller_setup_at", { withTimezone: true }),
    /** Set while the member is suspended by trust and safety: no login, listing, buying, comments or messages. */
    suspendedAt: timestamp("suspended_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("users_email_key").on(t.email),
    check("users_role_check", sql`${t.role} in ('member', 'business', 'operator')`),
    check("users_email_lower_check", sql`${t.email} = lower(${t.email})`),
  ],
);

export const SESSION_KINDS = ["web", "api"] as const;

export const sessions = pgTable(
  "sessions",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text("token_hash").notNull(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: SESSION_KINDS }).notNull(),
    persistent: boolean("persistent").notNull().default(true),
    userAgent: text("user_agent"),
    ip: text("ip"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** When the member last proved it is them again in this session (their password), for money settings. */
    reauthenticatedAt: timestamp("reauthenticated_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("sessions_token_hash_key").on(t.tokenHash), index("sessions_user_id_idx").on(t.userId)],
);

export const CHALLENGE_PURPOSES = [
  "signup",
  "password_reset",
  "email_change",
  "login",
  "phone_verify",
  "two_step",
  // A WebAuthn ceremony's challenge (registering a passkey or signing in with one).
  "passkey",
  // An OpenID Connect sign-in in flight: its state, nonce and PKCE verifier.
  "oidc",
  // A provider's account waiting for the member to prove they own the account with its address.
  "link_identity",
  // A sign-in by a code texted to the member's verified mobile number.
  "phone_login",
  // A sign-in by a one-time link mailed to the member's address, good only in the browser that asked.
  "email_login",
] as const;
export type ChallengePurpose = (typeof CHALLENGE_PURPOSES)[number];

/**
 * One proof of an address or phone number: a 6-digit code and/or a link token sent by email or SMS,
 * plus a ticket that lets the browser or API client that started the flow continue it. All three
 * are stored only as keyed hashes.
 */
export const challenges = pgTable(
  "challenges",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    purpose: text("purpose", { enum: CHALLENGE_PURPOSES }).notNull(),
    channel: text("channel", { enum: ["email", "sms"] })
      .notNull()
      .default("email"),
    /** The email address or phone number the code was sent to. */
    destination: text("destination").notNull(),
    userId: bigint("user_id", { mode: "number" }).references(() => users.id, { onDelete: "cascade" }),
    ticketHash: text("ticket_hash").notNull(),
    codeHash: text("code_hash"),
    linkTokenHash: text("link_token_hash"),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    attempts: integer("attempts").notNull().default(0),
    ip: text("ip"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("challenges_ticket_hash_key").on(t.ticketHash),
    uniqueIndex("challenges_link_token_hash_key").on(t.linkTokenHash),
    index("challenges_destination_created_idx").on(t.destination, t.createdAt),
    check("challenges_attempts_check", sql`${t.attempts} >= 0`),
  ],
);

/** Fixed-window counters shared by every app server (login, reset and code limits). */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  count: integer("count").notNull(),
});

/**
 * A member's two-step verification: an authenticator app (TOTP) and/or codes by SMS to the verified
 * phone number. The TOTP secret is kept encrypted (AES-256-GCM under a key derived from the server
 * secret); it counts only once `totpEnabledAt` is set, after a first code confirmed it. The last
 * time step used is kept so that a code is accepted once only.
 */
export const twoStepSettings = pgTable("two_step_settings", {
  userId: bigint("user_id", { mode: "number" })
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  totpSecret: text("totp_secret"),
  totpEnabledAt: timestamp("totp_enabled_at", { withTimezone: true }),
  totpLastStep: bigint("totp_last_step", { mode: "number" }),
  smsEnabledAt: timestamp("sms_enabled_at", { withTimezone: true }),
  ...timestamps,
});

/** Single-use recovery codes for two-step verification, stored only as keyed hashes. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("recovery_codes_user_code_key").on(t.userId, t.codeHash)],
);

/**
 * A member's passkeys (WebAuthn credentials, decision 036). The public key is kept as its COSE
 * bytes in base64url; the signature counter is kept so that a cloned authenticator shows itself.
 */
export const passkeys = pgTable(
  "passkeys",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The credential's id as the authenticator gave it, in base64url. */
    credentialId: text("credential_id").notNull(),
    publicKey: text("public_key").notNull(),
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    transports: jsonb("transports").$type<string[]>().notNull().default([]),
    /** "singleDevice" or "multiDevice" (synced, e.g. iCloud Keychain or Google Password Manager). */
    deviceType: text("device_type").notNull(),
    backedUp: boolean("backed_up").notNull().default(false),
    /** What the member sees in the list: the browser and system it was made on, renamable. */
    name: text("name").notNull(),
    aaguid: text("aaguid"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("passkeys_credential_id_key").on(t.credentialId),
    index("passkeys_user_id_idx").on(t.userId),
  ],
);

export const IDENTITY_PROVIDERS = ["line", "google", "apple"] as const;
export type IdentityProvider = (typeof IDENTITY_PROVIDERS)[number];

/**
 * An account at another provider (OpenID Connect) linked to a member (decision 037): one per
 * provider and member, and one member per provider's subject.
 */
export const externalIdentities = pgTable(
  "external_identities",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: IDENTITY_PROVIDERS }).notNull(),
    /** The provider's `sub` claim: its stable id of the person. */
    subject: text("subject").notNull(),
    /** The e-mail address the provider gave when linked, for the member's list only. */
    email: text("email"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("external_identities_provider_subject_key").on(t.provider, t.subject),
    uniqueIndex("external_identities_user_provider_key").on(t.userId, t.provider),
    check("external_identities_provider_check", sql`${t.provider} in ('line', 'google', 'apple')`),
  ],
);
