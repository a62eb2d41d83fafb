export * from "./account.ts";
export * from "./catalog.ts";
export * from "./identity.ts";
export * from "./jobs.ts";
export * from "./ledger.ts";
export * from "./sandbox.ts";
export * from "./social.ts";
export * from "./trade.ts";
