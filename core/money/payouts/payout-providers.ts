import type { Yen } from "../../shared/codes.ts";

/**
 * Cash at a Seven Bank ATM: the provider issues a single-use receipt code (and a confirmation
 * number the ATM also asks for), valid until a deadline. `issued` → `paid` when the cash is taken,
 * `expired` when the deadline passes unused, `cancelled` when we withdraw it first.
 */
export type AtmCodeStatus = "issued" | "paid" | "expired" | "cancelled";
export type AtmCode = {
  id: string;
  reference: string;
  amount: Yen;
  code: string;
  confirmation: string;
  status: AtmCodeStatus;
  expiresAt: Date;
  paidAt: Date | null;
};

export type AtmCodeProvider = {
  readonly name: string;
  readonly kind: "sandbox" | "live" | "off";
  /** Safe to repeat: the same reference answers the same code. */
  issue(o: { reference: string; amount: Yen; expiresAt: Date }): Promise<AtmCode>;
  get(id: string): Promise<AtmCode | null>;
  /** Withdraws an unused code; a code already used answers as paid. */
  cancel(id: string): Promise<AtmCode>;
};

/**
 * Transfers to a mobile wallet (Kyash). `pending` while the wallet processes it, then `paid` or
 * `failed` with the wallet's reason (account closed, limit exceeded…).
 */
export type WalletTransferStatus = "pending" | "paid" | "failed";
export type WalletTransfer = {
  id: string;
  reference: string;
  accountId: string;
  amount: Yen;
  status: WalletTransferStatus;
  failureCode: string | null;
};

export type WalletProvider = {
  readonly name: string;
  readonly kind: "sandbox" | "live" | "off";
  /** Whether the wallet account exists and can receive money. */
  checkAccount(accountId: string): Promise<{ ok: true } | { ok: false; code: "not_found" | "closed" }>;
  /** Safe to repeat: the same reference answers the same transfer. */
  send(o: { reference: string; accountId: string; amount: Yen }): Promise<WalletTransfer>;
  get(id: string): Promise<WalletTransfer | null>;
};

/**
 * The bank that carries our 全銀 bulk-transfer files. Once a run's file is sent, the bank reports
 * the transfers it could not make (振込不能 / 組戻し) with its reason; every other transfer is done.
 */
export type BankReturn = { reference: string; reason: string; code: string };
export type BankTransferProvider = {
  readonly name: string;
  readonly kind: "sandbox" | "live";
  /** Hands a run's file over (a live bank: the upload is done by hand, so this only records it). */
  submit(o: { runId: number; file: Uint8Array; references: string[] }): Promise<void>;
  /** Transfers of the run the bank returned so far. */
  returns(runId: number): Promise<BankReturn[]>;
};
