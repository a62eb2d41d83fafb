import type { MessageKey } from "#core/shared/i18n/translate.ts";
import type { Permission } from "#core/staff/permissions.ts";
import type { QueueName } from "#core/staff/queues.ts";

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

/** The menu's sections, in their order; the dashboard stands above them all. */
const SECTIONS = ["queues", "money", "buyback", "content", "admin"] as const;
type NavSection = (typeof SECTIONS)[number];

const QUEUE_SECTION: readonly string[] = ["transactions", "reports", "identity", "support"];
const CONTENT_SECTION: readonly string[] = ["replies", "media"];

/** Where an entry sits in the menu: money and buyback by their lists; anything else not a queue or content is administration. */
function sectionOf(key: StaffNavKey): NavSection | null {
  if (key === "dashboard") return null;
  if (isOfficeMoneyNavKey(key)) return "money";
  if (isBuybackNavKey(key)) return "buyback";
  if (QUEUE_SECTION.includes(key)) return "queues";
  if (CONTENT_SECTION.includes(key)) return "content";
  return "admin";
}

/** The work queue an entry opens, whose waiting items the menu counts. */
const QUEUE_OF: Partial<Record<StaffNavKey, QueueName>> = {
  transactions: "transactions",
  reports: "reports",
  identity: "identity",
  support: "support",
  payouts: "payouts",
  moneyAlerts: "moneyAlerts",
  buybackGrading: "buyback",
  buyerApplications: "buyer-applications",
};

export function queueOfNav(key: StaffNavKey): QueueName | undefined {
  return QUEUE_OF[key];
}

/** An entry's name in the message catalogue. */
export function navLabel(key: StaffNavKey): MessageKey {
  if (isOfficeMoneyNavKey(key)) return `officeMoney.nav.${key}`;
  if (isBuybackNavKey(key)) return `buybackOffice.nav.${key}`;
  return `backOffice.nav.${key}`;
}

/** The entries an operator may open, grouped by section in the menu's order (the dashboard first, alone). */
export function groupNav<E extends { key: StaffNavKey }>(
  entries: readonly E[],
): { section: NavSection | null; entries: E[] }[] {
  const order: (NavSection | null)[] = [null, ...SECTIONS];
  return order
    .map((section) => ({ section, entries: entries.filter((e) => sectionOf(e.key) === section) }))
    .filter((g) => g.entries.length > 0);
}
