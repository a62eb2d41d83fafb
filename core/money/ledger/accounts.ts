import type { MEMBER_ACCOUNT_KINDS, PLATFORM_ACCOUNT_KINDS } from "#db/schema/index.ts";
import type { Yen } from "../../shared/codes.ts";

export type MemberAccountKind = (typeof MEMBER_ACCOUNT_KINDS)[number];
export type PlatformAccountKind = (typeof PLATFORM_ACCOUNT_KINDS)[number];

/** Names an account without knowing its row: a member's own, or one of the platform's. */
export type AccountRef =
  | { userId: number; kind: MemberAccountKind }
  | { userId: null; kind: PlatformAccountKind };

export const memberAccount = (userId: number, kind: MemberAccountKind): AccountRef => ({ userId, kind });
export const platformAccount = (kind: PlatformAccountKind): AccountRef => ({ userId: null, kind });

export type JournalLine = { account: AccountRef; amount: Yen };
