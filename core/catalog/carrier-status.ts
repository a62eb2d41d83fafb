import type { NetworkRestriction } from "./device-facts.ts";

/**
 * Network-use restriction status of an IMEI (○ none, △ instalments unpaid, × restricted, − not
 * applicable / unknown), as the carriers' public lookup services answer it. `null`: not looked up
 * (no lookup service is configured), which the checker says in words, never as a guessed ○.
 */
export type CarrierStatusProvider = {
  readonly name: string;
  readonly kind: "sandbox" | "live" | "off";
  status(imei: string): Promise<{ status: NetworkRestriction; checkedAt: Date } | null>;
};

/**
 * The built-in stand-in for the carriers' lookups: the same IMEI always gets the same answer, and
 * every status occurs, so each can be seen and tested. The 14 digits before the check digit decide
 * it: their sum modulo 10 is 0–5 ○, 6–7 △, 8 ×, 9 −.
 */
export function createCarrierStatusSandbox(clock: { now(): Date }): CarrierStatusProvider {
  return {
    name: "carrier-status-sandbox",
    kind: "sandbox",
    async status(imei) {
      const sum = [...imei.slice(0, 14)].reduce((s, d) => s + Number(d), 0) % 10;
      const status: NetworkRestriction = sum <= 5 ? "○" : sum <= 7 ? "△" : sum === 8 ? "×" : "−";
      return { status, checkedAt: clock.now() };
    },
  };
}

/**
 * No lookup service: what production runs until a carrier-status provider is integrated (the
 * carriers' own lookups are web pages, without an API). Every status is "not checked".
 */
export function unofferedCarrierStatus(): CarrierStatusProvider {
  return { name: "off", kind: "off", status: async () => null };
}
