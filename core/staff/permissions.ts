import { OPERATOR_ROLES, type OperatorRole } from "#db/schema/index.ts";

export { OPERATOR_ROLES, type OperatorRole };

/**
 * What can be done in the back office, as `resource:action`. Roles grant these; every operator use
 * case asks for one (`authorize`), and the back office shows only what the operator may open.
 */
export const PERMISSIONS = [
  "staff:access",
  "transactions:read",
  "transactions:hold",
  "transactions:cancel",
  "transactions:complete",
  "reports:read",
  "listings:moderate",
  "comments:moderate",
  "members:read",
  "members:suspend",
  "members:impersonate",
  "members:reset_two_step",
  "identity:review",
  "support:read",
  "support:answer",
  "replies:manage",
  "pii:read",
  "audit:read",
  "exports:create",
  "payouts:read",
  "payouts:run",
  "payouts:approve",
  "points:grant",
  "buyback:grade",
  "buyback:ship",
  "buyback:manage",
  "buyback:ledger",
  "news:write",
  "roles:assign",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/**
 * Each role's permissions. Support answers members and sees what they ask about; trust and safety
 * moderates and reviews transactions; finance releases payouts and exports the books; graders
 * assess buyback devices and ship deliveries to buyer companies; editors write the media and news; admins do everything, including
 * granting roles. Personal data in full is for trust and safety and admins.
 */
export const ROLE_PERMISSIONS: Record<OperatorRole, readonly Permission[]> = {
  support: [
    "staff:access",
    "transactions:read",
    "members:read",
    "members:impersonate",
    "members:reset_two_step",
    "support:read",
    "support:answer",
    "replies:manage",
    "reports:read",
    "buyback:manage",
  ],
  trust_safety: [
    "staff:access",
    "transactions:read",
    "transactions:hold",
    "transactions:cancel",
    "transactions:complete",
    "reports:read",
    "listings:moderate",
    "comments:moderate",
    "members:read",
    "members:suspend",
    "members:impersonate",
    "identity:review",
    "support:read",
    "pii:read",
    "audit:read",
    "buyback:ledger",
  ],
  finance: [
    "staff:access",
    "transactions:read",
    "members:read",
    "payouts:read",
    "payouts:run",
    "payouts:approve",
    "points:grant",
    "exports:create",
    "audit:read",
    "buyback:ledger",
  ],
  grader: ["staff:access", "buyback:grade", "buyback:ship"],
  editor: ["staff:access", "news:write"],
  admin: PERMISSIONS,
};

/** Every permission the roles grant together. */
export function permissionsOf(roles: readonly OperatorRole[]): Set<Permission> {
  return new Set(roles.flatMap((role) => ROLE_PERMISSIONS[role]));
}

export function hasPermission(roles: readonly OperatorRole[], permission: Permission): boolean {
  return roles.some((role) => ROLE_PERMISSIONS[role].includes(permission));
}
