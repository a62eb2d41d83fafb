import type { Permission } from "#core/staff/permissions.ts";

/**
 * The back office's sections, each with the permission that opens it. The navigation shows only
 * the sections the operator's roles grant; the pages check the same permission.
 */
export const STAFF_NAV = [
  { path: "", key: "dashboard", permission: "staff:access" },
  { path: "transactions/", key: "transactions", permission: "transactions:read" },
  { path: "reports/", key: "reports", permission: "reports:read" },
  { path: "identity/", key: "identity", permission: "identity:review" },
  { path: "support/", key: "support", permission: "support:read" },
  { path: "replies/", key: "replies", permission: "replies:manage" },
  { path: "members/", key: "members", permission: "members:read" },
  { path: "payouts/", key: "payouts", permission: "payouts:read" },
  { path: "payout-runs/", key: "payoutRuns", permission: "payouts:read" },
  { path: "money-alerts/", key: "moneyAlerts", permission: "payouts:read" },
  { path: "buyback/", key: "buybackGrading", permission: "buyback:grade" },
  { path: "buyback/deliveries/", key: "buybackDeliveries", permission: "buyback:ship" },
  { path: "buyback/companies/", key: "buybackCompanies", permission: "buyback:manage" },
  { path: "buyer-applications/", key: "buyerApplications", permission: "buyback:manage" },
  { path: "buyback/spots/", key: "buybackSpots", permission: "buyback:manage" },
  { path: "buyback/ledger/", key: "dealerLedger", permission: "buyback:ledger" },
  { path: "media/", key: "media", permission: "news:write" },
  { path: "audit/", key: "audit", permission: "audit:read" },
  { path: "exports/", key: "exports", permission: "exports:create" },
  { path: "roles/", key: "roles", permission: "staff:access" },
] as const satisfies readonly {
  path: string;
  key:
    | "dashboard"
    | "transactions"
    | "reports"
    | "support"
    | "identity"
    | "members"
    | "audit"
    | "exports"
    | "replies"
    | "media"
    | "roles"
    | OfficeMoneyNavKey
    | BuybackNavKey;
  permission: Permission;
}[];

export type StaffNavKey = (typeof STAFF_NAV)[number]["key"];

/** The money sections, whose names live in the `officeMoney` messages. */
const OFFICE_MONEY_NAV = ["payouts", "payoutRuns", "moneyAlerts"] as const;
type OfficeMoneyNavKey = (typeof OFFICE_MONEY_NAV)[number];

export function isOfficeMoneyNavKey(key: string): key is OfficeMoneyNavKey {
  return (OFFICE_MONEY_NAV as readonly string[]).includes(key);
}

/** The buyback sections, whose names live in the `buybackOffice` messages. */
const BUYBACK_NAV = [
  "buybackGrading",
  "buybackDeliveries",
  "buybackCompanies",
  "buyerApplications",
  "buybackSpots",
  "dealerLedger",
] as const;
type BuybackNavKey = (typeof BUYBACK_NAV)[number];

export function isBuybackNavKey(key: string): key is BuybackNavKey {
  return (BUYBACK_NAV as readonly string[]).includes(key);
}
