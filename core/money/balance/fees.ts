import type { Yen } from "../../shared/codes.ts";

/**
 * Spec §9 payout fees, the one table: bank transfer ¥250, cash at a Seven Bank ATM ¥300, a Kyash
 * wallet ¥0. The engine charges them and the terms, the help centre and the pages quote them.
 */
export const PAYOUT_FEES = { bank: 250, seven: 300, kyash: 0 } as const satisfies Record<string, Yen>;
export type PayoutMethod = keyof typeof PAYOUT_FEES;
