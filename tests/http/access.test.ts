import type { RouteConfigEntry } from "@react-router/dev/routes";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import routes from "#app/routes.ts";
import { createSession } from "#core/identity/sessions.ts";
import { hasPermission, type OperatorRole, type Permission } from "#core/staff/permissions.ts";
import { itemPhotos, items, users } from "#db/schema/index.ts";
import { DEMO_ACCOUNTS, seedDemoAccounts } from "#db/seed/demo-accounts.ts";
import { seedDemoBuyerCompanies } from "#db/seed/demo-buyback.ts";
import { seedDemoMedia } from "#db/seed/demo-media.ts";
import { API_ROUTES } from "#server/api/v1/index.ts";
import { startTestServer, type TestServer } from "../helpers/http-server.ts";

/**
 * Every API endpoint and every page has a row saying what each kind of visitor gets. A route
 * added without a row fails here, so access rules are decided, not inherited by accident.
 */
// "owner" is the member who owns the sample listing (and is the first demo member); "member" is
// another member; each operator role is a demo account holding that one role ("admin" is
// staff@, who holds every permission). The owner goes last, so an owner's action that removes
// something comes after everyone else has been refused.
const STAFF = [
  "support",
  "trust_safety",
  "finance",
  "grader",
  "editor",
  "admin",
] as const satisfies OperatorRole[];
const ROLES = ["anonymous", "member", "business", ...STAFF, "owner"] as const;
type Role = (typeof ROLES)[number];
type Row = Record<Role, number>;

/** What each kind of visitor gets; every operator role gets `staff`. */
const byKind = (o: {
  anonymous: number;
  member: number;
  business: number;
  staff: number;
  owner: number;
}): Row => ({
  anonymous: o.anonymous,
  member: o.member,
  business: o.business,
  ...(Object.fromEntries(STAFF.map((r) => [r, o.staff])) as Record<(typeof STAFF)[number], number>),
  owner: o.owner,
});
const all = (status: number): Row =>
  byKind({ anonymous: status, member: status, business: status, staff: status, owner: status });
const signedIn = (anonymous: number, others: number): Row =>
  byKind({ anonymous, member: others, business: others, staff: others, owner: others });
/** The owner of the sample listing gets `owner`; every other signed-in role gets `others`. */
const ownerOnly = (anonymous: number, owner: number, others: number): Row =>
  byKind({ anonymous, member: others, business: others, staff: others, owner });
/**
 * A back-office page or endpoint: operators whose roles grant `permission` get `allowed`, every
 * other signed-in account 403 (never a 404 that would tell what exists), visitors `anonymous`.
 */
const staffOnly = (permission: Permission, allowed: number, anonymous: number): Row => ({
  ...byKind({ anonymous, member: 403, business: 403, staff: 403, owner: 403 }),
  ...(Object.fromEntries(
    STAFF.filter((r) => hasPermission([r], permission)).map((r) => [r, allowed]),
  ) as Partial<Row>),
});
const staffPage = (permission: Permission, allowed = 200) => staffOnly(permission, allowed, 302);
const staffApi = (permission: Permission, allowed: number) => staffOnly(permission, allowed, 401);

/** The buyer portal: only a buyer company's account gets in; visitors are sent to the buyback login. */
const buyerOnly = (business: number, anonymous: number): Row =>
  byKind({ anonymous, member: 403, business, staff: 403, owner: 403 });

// API calls with state changes are sent an empty JSON object: they must validate (422) or refuse (401).
const API_ACCESS: Record<string, Row> = {
  "get /health": all(200),
  "post /signup": all(422),
  "post /signup/verify": all(422),
  "post /signup/complete": all(422),
  "post /tokens": all(422),
  "post /tokens/two-step": all(422),
  "post /tokens/two-step/sms": all(422),
  "post /tokens/phone": all(422),
  "post /tokens/phone/verify": all(422),
  // Passkeys: a sign-in's challenge for anyone; an empty body is no credential.
  "post /tokens/passkey/options": all(201),
  "post /tokens/passkey": all(422),
  "get /me": signedIn(401, 200),
  "post /logout": signedIn(401, 204),
  "post /password-reset": all(422),
  "post /me/password": signedIn(401, 422),
  "post /me/email": signedIn(401, 422),
  "post /me/email/confirm": signedIn(401, 422),
  // Listings: "{id}" is a fresh listing on sale owned by "owner".
  "get /items": all(200),
  "get /items/{id}": all(200),
  "post /items": signedIn(401, 422),
  // Checked as input first: an empty body is refused before whose listing it is matters.
  "patch /items/{id}": signedIn(401, 422),
  "post /items/{id}/publish": ownerOnly(401, 409, 403),
  "post /items/{id}/private": ownerOnly(401, 200, 403),
  "post /items/{id}/stop": ownerOnly(401, 200, 403),
  "post /items/{id}/negotiation": ownerOnly(401, 200, 403),
  // A listing on sale is not under negotiation: putting it back on sale is out of order.
  "post /items/{id}/resume": ownerOnly(401, 409, 403),
  // The owner's listing on sale is not over yet: only a sold or stopped one is copied.
  "post /items/{id}/copy": ownerOnly(401, 409, 403),
  "delete /items/{id}": ownerOnly(401, 204, 403),
  "get /me/items": signedIn(401, 200),
  "get /catalog/codes": all(200),
  "get /models": all(200),
  // Market prices are public; "{id}" names no model.
  "get /models/{id}/market-prices": all(404),
  "get /search/suggestions": all(200),
  "get /items/count": all(200),
  "get /me/saved-searches": signedIn(401, 200),
  "post /me/saved-searches": signedIn(401, 422),
  "delete /me/saved-searches/{id}": signedIn(401, 404),
  "patch /me/saved-searches/{id}": signedIn(401, 422),
  // Uploads are multipart: sent no body at all, they refuse the missing form (415).
  "post /items/{id}/photos": signedIn(401, 415),
  "delete /items/{id}/photos/{photo_id}": signedIn(401, 404),
  "put /items/{id}/photos/order": signedIn(401, 422),
  "get /me/profile": signedIn(401, 200),
  "patch /me/profile": signedIn(401, 422),
  "put /me/avatar": signedIn(401, 415),
  "delete /me/avatar": signedIn(401, 204),
  // Social: the literal "{id}" is no id, so a 404 once the caller may ask at all.
  "get /users/{id}": all(404),
  "get /users/{id}/items": all(404),
  "get /users/{id}/followers": all(404),
  "get /users/{id}/follows": all(404),
  "put /users/{id}/follow": signedIn(401, 404),
  "delete /users/{id}/follow": signedIn(401, 404),
  "put /users/{id}/block": signedIn(401, 404),
  "delete /users/{id}/block": signedIn(401, 404),
  "get /me/blocked-users": signedIn(401, 200),
  // Sessions: the literal "{id}" names no session; ending the others leaves the caller's.
  "get /me/sessions": signedIn(401, 200),
  "delete /me/sessions/{id}": signedIn(401, 404),
  "delete /me/sessions": signedIn(401, 204),
  // Linked accounts: the literal "{provider}" is no provider, so nothing to unlink.
  "get /me/linked-accounts": signedIn(401, 200),
  "delete /me/linked-accounts/{provider}": signedIn(401, 404),
  "get /me/passkeys": signedIn(401, 200),
  "post /me/passkeys/options": signedIn(401, 201),
  "post /me/passkeys": signedIn(401, 422),
  // "{id}" names no passkey.
  "delete /me/passkeys/{id}": signedIn(401, 404),
  "get /me/liked-items": signedIn(401, 200),
  // Likes are for other members' listings; business and staff accounts take no part in them.
  "put /items/{id}/like": byKind({ anonymous: 401, member: 200, business: 403, staff: 403, owner: 409 }),
  // Taking back a like that was never given is harmless for anyone signed in.
  "delete /items/{id}/like": signedIn(401, 200),
  "get /items/{id}/comments": all(200),
  "post /items/{id}/comments": signedIn(401, 422),
  "delete /items/{id}/comments/{comment_id}": signedIn(401, 404),
  "get /me/notifications": signedIn(401, 200),
  "post /me/notifications/read": signedIn(401, 204),
  // Settings: nothing saved yet for the demo accounts; "{code}" is no postal code.
  "get /me/address": signedIn(401, 404),
  "put /me/address": signedIn(401, 422),
  "get /me/to-do": signedIn(401, 200),
  "get /me/notification-settings": signedIn(401, 200),
  "put /me/notification-settings": signedIn(401, 200),
  "get /me/push-subscriptions": signedIn(401, 200),
  "post /me/push-subscriptions": signedIn(401, 422),
  "delete /me/push-subscriptions": signedIn(401, 422),
  "get /postal-codes/{code}": all(422),
  "get /me/bank-account": signedIn(401, 404),
  "put /me/bank-account": signedIn(401, 422),
  "post /me/phone": signedIn(401, 422),
  "post /me/phone/verify": signedIn(401, 422),
  "get /me/identification": signedIn(401, 200),
  "post /me/identification": signedIn(401, 415),
  "post /imei-checks": all(422),
  // Device self-checks: an empty body is no result (whoever sends it); "{id}" names no report; a
  // listing's report is its owner's to set (an empty body is 422 before anything else).
  "post /device-checks/links": signedIn(401, 201),
  "post /device-checks": all(422),
  "get /device-checks": signedIn(401, 200),
  "get /device-checks/{id}": all(404),
  "put /items/{id}/device-check": signedIn(401, 422),
  // Buying: an empty body is no purchase; "{id}" of a transaction is no id.
  "post /items/{id}/purchase": signedIn(401, 422),
  // Members only: the spots near their own address (business buyers and staff do not buy).
  "get /items/{id}/pickup-spots": byKind({
    anonymous: 401,
    member: 200,
    business: 403,
    staff: 403,
    owner: 200,
  }),
  // Offers: an empty body is no amount; "{id}" names no offer.
  "post /items/{id}/offers": signedIn(401, 422),
  "get /offers": signedIn(401, 200),
  "post /offers/{id}/accept": signedIn(401, 404),
  "post /offers/{id}/decline": signedIn(401, 404),
  "post /offers/{id}/counter": signedIn(401, 422),
  "post /items/{id}/purchase/secure-result": signedIn(401, 404),
  "get /me/purchases": signedIn(401, 200),
  "get /me/sales": signedIn(401, 200),
  "get /transactions/{id}": signedIn(401, 404),
  "post /transactions/{id}/ship": signedIn(401, 404),
  "post /transactions/{id}/rating": signedIn(401, 422),
  "post /transactions/{id}/messages": signedIn(401, 422),
  "post /transactions/{id}/cancel": signedIn(401, 422),
  "get /me/balance": signedIn(401, 200),
  "get /me/cards": signedIn(401, 200),
  "post /me/cards": signedIn(401, 422),
  "delete /me/cards/{card_id}": signedIn(401, 404),
  "get /users/{id}/reviews": all(404),
  // The back office: the permission is checked before the request is read, so a member or an
  // operator without it gets 403 however the request looks; "{id}" names no one.
  "get /staff/queues": staffApi("staff:access", 200),
  "get /staff/audit": staffApi("audit:read", 200),
  "get /staff/permissions": staffApi("staff:access", 200),
  "get /staff/operators": staffApi("roles:assign", 200),
  "put /staff/operators/{id}/roles": staffApi("roles:assign", 422),
  "get /staff/members/{id}/personal-data": staffApi("members:read", 404),
  "post /staff/members/{id}/personal-data/reveal": staffApi("pii:read", 422),
  // Reports and moderation. "{id}" of a listing is the sample listing (so an empty body is 422);
  // of anything else it names nothing.
  "post /reports": signedIn(401, 422),
  "get /staff/reports": staffApi("reports:read", 200),
  "get /staff/reports/{id}": staffApi("reports:read", 404),
  "post /staff/reports/{id}/claim": staffApi("reports:read", 404),
  "post /staff/reports/{id}/dismiss": staffApi("reports:read", 404),
  "post /staff/items/{id}/hide": staffApi("listings:moderate", 422),
  "post /staff/items/{id}/restore": staffApi("listings:moderate", 422),
  "post /staff/comments/{id}/hide": staffApi("comments:moderate", 404),
  "post /staff/comments/{id}/restore": staffApi("comments:moderate", 404),
  "get /staff/members/{id}": staffApi("members:read", 404),
  "post /staff/members/{id}/suspend": staffApi("members:suspend", 404),
  "post /staff/members/{id}/restore": staffApi("members:suspend", 404),
  "post /staff/members/{id}/two-step/reset": staffApi("members:reset_two_step", 422),
  "post /staff/exports": staffApi("exports:create", 422),
  "get /staff/exports": staffApi("exports:create", 200),
  "get /staff/exports/{id}": staffApi("exports:create", 404),
  "get /staff/exports/{id}/download": staffApi("exports:create", 404),
  // Support: members ask about their own affairs; "{id}" names no inquiry.
  "get /me/inquiries": signedIn(401, 200),
  "post /me/inquiries": signedIn(401, 422),
  "get /me/inquiries/{id}": signedIn(401, 404),
  "post /me/inquiries/{id}/messages": signedIn(401, 422),
  "get /staff/inquiries": staffApi("support:read", 200),
  "get /staff/inquiries/{id}": staffApi("support:read", 404),
  "post /staff/inquiries/{id}/answer": staffApi("support:answer", 422),
  "post /staff/inquiries/{id}/claim": staffApi("support:read", 404),
  // Transactions under office review; the steps need a reason, so an empty body is 422.
  "get /staff/transactions": staffApi("transactions:read", 200),
  "get /staff/transactions/{id}": staffApi("transactions:read", 404),
  "post /staff/transactions/{id}/hold": staffApi("transactions:hold", 422),
  "post /staff/transactions/{id}/release": staffApi("transactions:hold", 422),
  "post /staff/transactions/{id}/cancel": staffApi("transactions:cancel", 422),
  "post /staff/transactions/{id}/complete": staffApi("transactions:complete", 422),
  "post /staff/transactions/{id}/claim": staffApi("transactions:hold", 404),
  // Identity checks under office review; the decisions need a note, so an empty body is 422.
  "get /staff/identity-reviews": staffApi("identity:review", 200),
  "get /staff/identity-reviews/{id}": staffApi("identity:review", 404),
  "post /staff/identity-reviews/{id}/approve": staffApi("identity:review", 422),
  "post /staff/identity-reviews/{id}/reject": staffApi("identity:review", 422),
  "post /staff/identity-reviews/{id}/claim": staffApi("identity:review", 404),
  // The balance: an empty body is no top-up, payout or points purchase; "{id}" names nothing; the
  // demo accounts have no Kyash account linked.
  "get /me/balance/history": signedIn(401, 200),
  "post /me/balance/top-ups": signedIn(401, 422),
  "get /me/balance/top-ups/{id}": signedIn(401, 404),
  "post /me/balance/top-ups/{id}/cancel": signedIn(401, 404),
  "post /me/balance/payouts": signedIn(401, 422),
  "get /me/balance/payouts/{id}": signedIn(401, 404),
  "post /me/balance/payouts/{id}/cancel": signedIn(401, 404),
  "post /me/balance/points": signedIn(401, 422),
  "get /me/balance/kyash": signedIn(401, 404),
  "put /me/balance/kyash": signedIn(401, 422),
  // Finance: payouts, bank runs (none is ready to run here) and free points.
  "get /staff/payouts": staffApi("payouts:read", 200),
  "get /staff/payouts/{id}": staffApi("payouts:read", 404),
  "post /staff/payouts/{id}/approve": staffApi("payouts:approve", 404),
  "post /staff/payouts/{id}/reject": staffApi("payouts:approve", 422),
  "post /staff/payouts/{id}/return": staffApi("payouts:run", 422),
  "get /staff/payout-runs": staffApi("payouts:read", 200),
  "post /staff/payout-runs": staffApi("payouts:run", 409),
  "get /staff/payout-runs/{id}/file": staffApi("payouts:run", 404),
  "post /staff/payout-runs/{id}/sent": staffApi("payouts:run", 404),
  "post /staff/payout-runs/{id}/discard": staffApi("payouts:run", 404),
  "post /staff/members/{id}/free-points": staffApi("points:grant", 422),
  // Business buyers' log-in by emailed code: an empty body is no address; the account is a buyer's.
  "post /buyback/login/code": all(422),
  "post /buyback/login": all(422),
  "post /buyback/logout": signedIn(401, 204),
  "get /buyback/account": byKind({ anonymous: 401, member: 403, business: 200, staff: 403, owner: 403 }),
  "put /buyback/account": signedIn(401, 422),
  // The buyer portal's deliveries and products; "{id}" is no id, so a 404 for a buyer.
  "get /buyback/deliveries": buyerOnly(200, 401),
  "get /buyback/deliveries/{id}": buyerOnly(404, 401),
  "get /buyback/products": buyerOnly(200, 401),
  "get /buyback/products/{id}": buyerOnly(404, 401),
  // The member's buyback: an estimate is for anyone (an empty body is no device); the rest is for
  // members only (business buyers and operators 403); "{id}" names no device; an application
  // without its Idempotency-Key is refused.
  "post /buyback/estimate": all(422),
  "post /buyback/applications": byKind({
    anonymous: 401,
    member: 422,
    business: 403,
    staff: 403,
    owner: 422,
  }),
  "get /buyback/transactions": byKind({ anonymous: 401, member: 200, business: 403, staff: 403, owner: 200 }),
  "get /buyback/transactions/{id}": byKind({
    anonymous: 401,
    member: 404,
    business: 403,
    staff: 403,
    owner: 404,
  }),
  "post /buyback/transactions/{id}/ship": byKind({
    anonymous: 401,
    member: 404,
    business: 403,
    staff: 403,
    owner: 404,
  }),
  "post /buyback/transactions/{id}/cancel": byKind({
    anonymous: 401,
    member: 404,
    business: 403,
    staff: 403,
    owner: 404,
  }),
  "post /buyback/transactions/{id}/accept": byKind({
    anonymous: 401,
    member: 404,
    business: 403,
    staff: 403,
    owner: 404,
  }),
  "post /buyback/transactions/{id}/decline": byKind({
    anonymous: 401,
    member: 404,
    business: 403,
    staff: 403,
    owner: 404,
  }),
  "put /buyback/transactions/{id}/address": byKind({
    anonymous: 401,
    member: 404,
    business: 403,
    staff: 403,
    owner: 404,
  }),
  // The buyer portal's bid list: the company's own bids, for buyer accounts only. The body and the
  // recommended prices' query are checked first, so an empty request is 422 for anyone signed in.
  "get /buyback/bids": byKind({ anonymous: 401, member: 403, business: 200, staff: 403, owner: 403 }),
  "put /buyback/bids": signedIn(401, 422),
  "get /buyback/bids/recommended": signedIn(401, 422),
  // The public buyback reads: open to everyone; "{id}" names no model.
  "get /buyback/categories": all(200),
  "get /buyback/models": all(200),
  "get /buyback/models/{id}/prices": all(404),
  "get /buyback/results": all(200),
  "get /buyback/spots": all(200),
};

// Page paths under /ja/ (":id" gets a sample value). Mail is sent by SMTP here, so no mailbox.
const PAGE_ACCESS: Record<string, Row> = {
  "": all(200),
  login: signedIn(200, 302),
  // Without a ticket from the password step, back to log in; signed in, on to the target.
  "login/two-step": all(302),
  "login/phone": signedIn(200, 302),
  // Without a ticket from the number page, back to it; signed in, on to the target.
  "login/phone/code": all(302),
  "login/email": signedIn(200, 302),
  // Without the mailed link's token, a page saying the link is no good (and the way to ask again).
  "login/email/open": all(404),
  // The literal ":provider" is no provider the site knows (a known one's page is in providers.test.ts).
  "login/with/:provider": all(404),
  "signup/with-provider": all(302),
  // The passkey sign-in's JSON door: a visit goes to the sign-in page.
  "login/passkey": all(302),
  logout: all(302),
  signup: signedIn(200, 302),
  "signup/email": signedIn(200, 302),
  "signup/user-info": all(302),
  "reset-password": all(200),
  "reset-password/sent": all(200),
  settings: signedIn(302, 200),
  "settings/reset-password": all(200),
  "settings/email": signedIn(302, 200),
  "settings/change-password": signedIn(302, 200),
  "settings/profile": signedIn(302, 200),
  "settings/address": signedIn(302, 200),
  "settings/bank-account": signedIn(302, 200),
  // The form's suggestions: nothing asked, nothing found; branches need a bank code.
  "settings/bank-account/banks": signedIn(302, 200),
  "settings/bank-account/branches": signedIn(302, 400),
  "settings/sms": signedIn(302, 200),
  // Without a code sent, back to the number page.
  "settings/sms/verify": all(302),
  "settings/identification": signedIn(302, 200),
  "settings/sessions": signedIn(302, 200),
  "settings/two-step": signedIn(302, 200),
  "settings/linked-accounts": signedIn(302, 200),
  "settings/passkeys": signedIn(302, 200),
  "settings/notifications": signedIn(302, 200),
  // The literal ":provider" is not the identity provider this deployment uses (polarify's return
  // pages are in account-settings.test.ts).
  "ekyc/:provider/success": all(404),
  "ekyc/:provider/error": all(404),
  "setup/address": signedIn(302, 200),
  "setup/bank-account": signedIn(302, 200),
  // The optional card step: a card can be saved or the step skipped.
  "setup/credit-card": signedIn(302, 200),
  // Nothing saved yet: back to the first step.
  "setup/complete": all(302),
  items: all(200),
  "items/search": all(200),
  "items/search/results": all(200),
  "items/brand/:code": all(200),
  "items/:id": all(200),
  "items/:id/comments": all(200),
  "items/:id/edit": ownerOnly(302, 200, 403),
  // Buying the sample listing (on sale, owned by "owner"): the page tells the owner it is theirs;
  // business and staff accounts do not buy.
  "items/:id/buy": byKind({ anonymous: 302, member: 200, business: 403, staff: 403, owner: 200 }),
  // Nothing waits for 3-D Secure: on to the result, which knows of no purchase.
  "items/:id/secure": signedIn(302, 302),
  "items/:id/secure/result": signedIn(302, 404),
  "items/:id/transactions": signedIn(302, 404),
  "items/:id/transactions/buyer": signedIn(302, 404),
  "items/:id/transactions/buyer/address": signedIn(302, 404),
  "items/:id/transactions/buyer/review": signedIn(302, 404),
  "items/:id/transactions/seller": signedIn(302, 404),
  "items/:id/transactions/seller/address": signedIn(302, 404),
  "items/:id/transactions/seller/review": signedIn(302, 404),
  "settings/credit-card": signedIn(302, 200),
  "settings/credit-card/add": signedIn(302, 200),
  balance: signedIn(302, 200),
  "balance/transfer-history": signedIn(302, 200),
  "balance/transfer-points": signedIn(302, 200),
  // Without ?entry= there is no purchase to show.
  "balance/transfer-points/finish": signedIn(302, 404),
  "balance/order-points/card": signedIn(302, 200),
  // Without `?id=` there is no top-up to show.
  "balance/order-points/card/result": signedIn(302, 404),
  // Payouts: the first step for anyone signed in; the confirm step without the first step's amount
  // and key goes back to it; a receipt without its ?id= is no page.
  "balance/transfer-bank": signedIn(302, 200),
  "balance/transfer-bank/application": signedIn(302, 302),
  "balance/transfer-bank/finish": signedIn(302, 404),
  "balance/transfer-seven": signedIn(302, 200),
  "balance/transfer-seven/application": signedIn(302, 302),
  "balance/transfer-seven/finish": signedIn(302, 404),
  "balance/transfer-kyash": signedIn(302, 200),
  "balance/transfer-kyash/application": signedIn(302, 302),
  "balance/transfer-kyash/finish": signedIn(302, 404),
  // Buying points with a voucher: the check step without an order goes back to step 1, and the
  // numbers' page without a top-up of one's own is a 404.
  "balance/order-points/cvs": signedIn(302, 200),
  "balance/order-points/cvs/application": all(302),
  "balance/order-points/cvs/accepted": signedIn(302, 404),
  "balance/order-points/payeasy": signedIn(302, 200),
  "balance/order-points/payeasy/application": all(302),
  "balance/order-points/payeasy/accepted": signedIn(302, 404),
  "mypage/purchased-items": signedIn(302, 200),
  // Members who finished the seller setup list; business buyers and staff never do.
  sell: byKind({ anonymous: 302, member: 200, business: 403, staff: 403, owner: 200 }),
  // The sell form's IMEI look-up: without an IMEI it says what is missing.
  "sell/device": byKind({ anonymous: 302, member: 422, business: 403, staff: 403, owner: 422 }),
  // The self-check: a visitor is asked to sign in on the page itself (or comes with a QR code's
  // link); ":id" is no report's id here, and a report is its member's or its public listing's.
  check: all(200),
  "checks/:id": all(404),
  mypage: signedIn(302, 200),
  // The buyer portal: buyer accounts only; visitors go to the buyback login.
  "buyback/bids": byKind({ anonymous: 302, member: 403, business: 200, staff: 403, owner: 403 }),
  // The bid list as CSV (this category's, Shift_JIS unless asked otherwise).
  "buyback/bids/csv": buyerOnly(200, 302),
  "mypage/listing-items": signedIn(302, 200),
  "mypage/listing-items/page": signedIn(302, 200),
  "mypage/liked-items": signedIn(302, 200),
  "mypage/liked-items/page": signedIn(302, 200),
  "mypage/followed-users": signedIn(302, 200),
  "mypage/followed-users/page": signedIn(302, 200),
  "mypage/blocked-users": signedIn(302, 200),
  "mypage/offers": signedIn(302, 200),
  "mypage/saved-searches": signedIn(302, 200),
  // "{id}" names no saved search of the member.
  "mypage/saved-searches/:id/open": signedIn(302, 404),
  notifications: signedIn(302, 200),
  "notifications/page": signedIn(302, 200),
  "notifications/news": all(200),
  users: all(301),
  // ":id" here is the first demo member's: profiles are public.
  "users/:id": all(200),
  "users/:id/items": all(200),
  "users/:id/followers": all(200),
  "users/:id/followers/page": all(200),
  "users/:id/follows": all(200),
  "users/:id/follows/page": all(200),
  "users/:id/reviews": all(200),
  about: all(200),
  "about/company": all(200),
  "about/flema": all(200),
  flema: all(200),
  laws: all(200),
  privacy: all(200),
  "terms-of-service": all(200),
  "imei-checker": all(200),
  help: all(200),
  "help/:slug": all(200),
  // Members ask from their own support page, where their sales are.
  "help/contact": signedIn(200, 302),
  // The back office: each page opens to the roles whose permissions it needs.
  staff: staffPage("staff:access"),
  "staff/audit": staffPage("audit:read"),
  "staff/roles": staffPage("staff:access"),
  // The assign form's target: a visit goes back to the dashboard.
  "staff/assign": staffPage("staff:access", 302),
  // ":id" is no member's id here.
  "staff/members/:id/view-as": staffPage("members:impersonate", 404),
  "staff/members/:id/personal-data": staffPage("members:read", 404),
  "staff/reports": staffPage("reports:read"),
  "staff/exports": staffPage("exports:create"),
  "staff/support": staffPage("support:read"),
  "staff/transactions": staffPage("transactions:read"),
  "staff/transactions/:id": staffPage("transactions:read", 404),
  "staff/support/:id": staffPage("support:read", 404),
  "staff/replies": staffPage("replies:manage"),
  "staff/replies/new": staffPage("replies:manage"),
  "staff/replies/:id": staffPage("replies:manage", 404),
  "mypage/support": signedIn(302, 200),
  // Without an inquiry just sent, back to the form.
  "mypage/support/thanks": all(302),
  "mypage/support/:id": signedIn(302, 404),
  "mypage/support/:id/photos/:photo": signedIn(302, 404),
  "staff/exports/:id/download": staffPage("exports:create", 404),
  "staff/reports/:id": staffPage("reports:read", 404),
  "staff/identity": staffPage("identity:review"),
  "staff/identity/:id": staffPage("identity:review", 404),
  "staff/members": staffPage("members:read"),
  "staff/members/:id": staffPage("members:read", 404),
  // Finance's money screens; ":id" is no id here.
  "staff/payouts": staffPage("payouts:read"),
  "staff/payouts/:id": staffPage("payouts:read", 404),
  "staff/payout-runs": staffPage("payouts:read"),
  "staff/payout-runs/:id": staffPage("payouts:read", 404),
  "staff/payout-runs/:id/file": staffPage("payouts:read", 404),
  "staff/money-alerts": staffPage("payouts:read"),
  // Without ?type=&id= there is nothing to report; business and staff accounts never report.
  report: byKind({ anonymous: 302, member: 404, business: 403, staff: 403, owner: 404 }),
  // The media editor: editors and admins.
  "staff/media": staffPage("news:write"),
  "staff/media/posts/new": staffPage("news:write"),
  // ":id" is the sample listing's id here, which names no post.
  "staff/media/posts/:id": staffPage("news:write", 404),
  "staff/media/authors/new": staffPage("news:write"),
  "staff/media/authors/:id": staffPage("news:write", 404),
  // The buyback log-in: a buyer signed in goes on to the portal; the sign-up page without an
  // invitation's token is a company's application; account settings are the buyer portal's.
  "buyback/login": byKind({ anonymous: 200, member: 200, business: 302, staff: 200, owner: 200 }),
  "buyback/logout": all(302),
  "buyback/signup": all(200),
  "buyback/setup/account": byKind({ anonymous: 302, member: 403, business: 200, staff: 403, owner: 403 }),
  "staff/buyer-applications": staffPage("buyback:manage"),
  "staff/buyer-applications/:id": staffPage("buyback:manage", 404),
  "staff/buyback/companies": staffPage("buyback:manage"),
  "staff/buyback/companies/new": staffPage("buyback:manage"),
  "staff/buyback/companies/:id": staffPage("buyback:manage", 404),
  // The buyer portal's deliveries and products (":id" is no id here) and the office's side of them.
  "buyback/deliveries": buyerOnly(200, 302),
  "buyback/deliveries/:id": buyerOnly(404, 302),
  "buyback/products": buyerOnly(200, 302),
  "buyback/products/:id": buyerOnly(404, 302),
  "buyback/products/:id/photos/:photo": buyerOnly(404, 302),
  "staff/buyback/deliveries": staffPage("buyback:ship"),
  "staff/buyback/deliveries/:id": staffPage("buyback:ship", 404),
  "staff/buyback/ledger": staffPage("buyback:ledger"),
  // Without a period, this month's ledger.
  "staff/buyback/ledger/csv": staffPage("buyback:ledger"),
  // The member's buyback: members only (business buyers and operators never sell to it). Without
  // devices typed on the application page, the confirm page goes back to it; ":id" names no device.
  "buyback/application": byKind({ anonymous: 302, member: 200, business: 403, staff: 403, owner: 200 }),
  // Its IMEI look-up: without an IMEI it says what is missing.
  "buyback/application/device": byKind({
    anonymous: 302,
    member: 422,
    business: 403,
    staff: 403,
    owner: 422,
  }),
  "buyback/confirm": byKind({ anonymous: 302, member: 302, business: 403, staff: 403, owner: 302 }),
  "buyback/mypage": byKind({ anonymous: 302, member: 200, business: 403, staff: 403, owner: 200 }),
  "buyback/transactions": byKind({ anonymous: 302, member: 200, business: 403, staff: 403, owner: 200 }),
  "buyback/transactions/:id": byKind({ anonymous: 302, member: 404, business: 403, staff: 403, owner: 404 }),
  "buyback/transactions/:id/address": byKind({
    anonymous: 302,
    member: 404,
    business: 403,
    staff: 403,
    owner: 404,
  }),
  // The public buyback pages: open to everyone; the literal ":categoryId", ":itemId" and the
  // sample ":id" name no category, model or completed buyback.
  buyback: all(200),
  "buyback/items": all(200),
  "buyback/items/:categoryId": all(404),
  "buyback/items/:categoryId/:itemId": all(404),
  "buyback/results": all(200),
  "buyback/results/:id": all(404),
  "buyback/shop": all(200),
  "buyback/spots": all(200),
  "staff/buyback/spots": staffPage("buyback:manage"),
  // Buyback grading: graders and admins; ":id" names no buyback device here.
  "staff/buyback": staffPage("buyback:grade"),
  "staff/buyback/:id": staffPage("buyback:grade", 404),
  "dev/mailbox": all(404),
  "dev/mailbox/messages": all(404),
  "dev/mailbox/:id": all(404),
  "*": all(404),
};

// Pages outside the language prefix: the media (seeded with the demo articles), feeds and sitemaps.
const TOP_PAGE_ACCESS: Record<string, Row> = {
  articles: all(200),
  // The demo media has one page of articles, so page 2 is past the end.
  "articles/page/:page": all(404),
  // Drafts show only with a preview token; none is sent here.
  "articles/draft": all(404),
  "articles/:slug": all(200),
  "authors/draft": all(404),
  "authors/draft/page/:page": all(404),
  "authors/:slug": all(200),
  "authors/:slug/page/:page": all(404),
  news: all(200),
  "news/page/:page": all(404),
  "news/draft": all(404),
  "news/:slug": all(200),
  "articles/feed.xml": all(200),
  "news/feed.xml": all(200),
  "sitemap.xml": all(200),
  "sitemaps/:name": all(200),
  "sandbox/polarify/:reference": all(404),
  // The card issuer's page needs the address to return to; without it, nobody gets further.
  "sandbox/payments/challenge/:chargeId": all(400),
  // The voucher sandbox's page for a voucher that does not exist; the ATM stand-in is open to anyone.
  "sandbox/vouchers/:id": all(404),
  "sandbox/atm": all(200),
  // The bot check sandbox's token endpoint: asked without an action it names none (400), for anyone.
  "sandbox/bot-check/token": all(400),
  "*": all(404),
};
const TOP_SAMPLES: Record<string, string> = {
  articles: "1r4a73tut",
  authors: "kenji-arai",
  news: "media-launch",
  sandbox: "plr_nothing",
  sitemaps: "static.xml",
};

function pagePaths(entries: RouteConfigEntry[], prefix = ""): string[] {
  return entries.flatMap((e) => {
    const here = e.path === undefined ? prefix : prefix ? `${prefix}/${e.path}` : e.path;
    return [...(e.path !== undefined || e.index ? [here] : []), ...pagePaths(e.children ?? [], here)];
  });
}

const LANG_PAGES = pagePaths(routes.find((r) => r.path === ":lang")?.children ?? []);
const TOP_PAGES = pagePaths(routes.filter((r) => r.path !== ":lang"));

/** Pages whose ":id" names a real member (the first demo member); the others get a sample value. */
const MEMBER_ID_PAGES = /^users\/:id(\/|$)/;
let memberId = 0;

let server: TestServer;
const tokens = new Map<Role, () => Promise<string>>();

beforeAll(async () => {
  server = await startTestServer();
  await seedDemoAccounts(server.database.db, server.ctx.secret);
  await seedDemoMedia(server.database.db);
  await seedDemoBuyerCompanies(server.database.db);
  // The demo members have been through the seller setup, as the demo data has them.
  await server.database.db.update(users).set({ sellerSetupAt: new Date() }).where(eq(users.role, "member"));
  const ctx = server.ctx;
  const members = DEMO_ACCOUNTS.filter((a) => a.role === "member");
  const byRole: Record<Exclude<Role, "anonymous">, string> = {
    owner: members[0]!.email,
    member: members[1]!.email,
    business: DEMO_ACCOUNTS.find((a) => a.role === "business")!.email,
    ...(Object.fromEntries(
      STAFF.map((r) => [
        r,
        DEMO_ACCOUNTS.find((a) => a.staffRoles?.length === 1 && a.staffRoles[0] === r)!.email,
      ]),
    ) as Record<(typeof STAFF)[number], string>),
  };
  for (const [role, email] of Object.entries(byRole) as [Exclude<Role, "anonymous">, string][]) {
    const [user] = await server.database.db.select().from(users).where(eq(users.email, email));
    if (role === "owner") memberId = user!.id;
    tokens.set(
      role,
      async () => (await createSession(ctx, { userId: user!.id, kind: "api", persistent: true })).token,
    );
  }
});
afterAll(async () => {
  await server?.close();
});

// A fresh listing on sale for every test, owned by "owner", so one test's changes never leak.
let sampleItemId = 0;
beforeEach(async () => {
  const [row] = await server.database.db
    .insert(items)
    .values({
      sellerId: memberId,
      state: "SALE",
      title: "アクセス確認用の商品",
      price: 1000,
      categoryCode: "05",
      condition: "USED",
      postage: "INCLUDED",
      shippingMethod: "05",
      leadTime: "01",
      publishedAt: new Date(),
    })
    .returning({ id: items.id });
  sampleItemId = row!.id;
  await server.database.db
    .insert(itemPhotos)
    .values({ itemId: sampleItemId, position: 0, key: "items/sample", width: 10, height: 10 });
});

/** A page's path below the language, with sample values for its parameters. */
function samplePath(page: string): string {
  if (page === "*") return "no-such-page/";
  if (page === "") return "";
  const id = MEMBER_ID_PAGES.test(page)
    ? String(memberId)
    : page.startsWith("items/")
      ? String(sampleItemId)
      : "1795000000000-0a1b2c3d";
  return `${page.replace(":code", "00001").replace(":id", id).replace(":slug", "how-to-buy")}/`;
}

/** A path with the sample listing's id in place of {id} (items) or :id (item pages). */
const withSample = (path: string) => path.replace("/items/{id}", `/items/${sampleItemId}`);

describe("access table", () => {
  it("has a row for every API endpoint and every page, and nothing else", () => {
    expect(Object.keys(API_ACCESS).sort()).toEqual(API_ROUTES.map((r) => `${r.method} ${r.path}`).sort());
    expect(Object.keys(PAGE_ACCESS).sort()).toEqual([...LANG_PAGES].sort());
    expect(Object.keys(TOP_PAGE_ACCESS).sort()).toEqual([...TOP_PAGES].sort());
  });

  for (const page of TOP_PAGES) {
    it(`page /${page}`, async () => {
      const section = page.split("/")[0]!;
      const filled =
        page === "*"
          ? "no-such-page"
          : page
              .replace(":slug", TOP_SAMPLES[section] ?? "x")
              .replace(":page", "2")
              .replace(":reference", TOP_SAMPLES[section] ?? "x")
              .replace(":name", TOP_SAMPLES[section] ?? "x");
      const path = `/${filled}${/\.[a-z]+$/.test(filled) ? "" : "/"}`;
      for (const role of ROLES) {
        const token = role === "anonymous" ? null : await tokens.get(role)!();
        const res = await fetch(`${server.url}${path}`, {
          redirect: "manual",
          headers: token ? { cookie: `tsugu=${token}` } : {},
        });
        expect(res.status, `${path} as ${role}`).toBe(TOP_PAGE_ACCESS[page]?.[role]);
      }
    });
  }

  for (const route of API_ROUTES) {
    const key = `${route.method} ${route.path}`;
    it(`API ${key}`, async () => {
      for (const role of ROLES) {
        const token = role === "anonymous" ? null : await tokens.get(role)!();
        const res = await fetch(`${server.url}/api/v1${withSample(route.path)}`, {
          method: route.method.toUpperCase(),
          headers: {
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(route.body ? { "content-type": "application/json" } : {}),
          },
          body: route.body ? "{}" : undefined,
        });
        expect(res.status, `${key} as ${role}`).toBe(API_ACCESS[key]?.[role]);
      }
    });
  }

  for (const page of LANG_PAGES) {
    it(`page /ja/${page}`, async () => {
      const path = samplePath(page);
      for (const role of ROLES) {
        const token = role === "anonymous" ? null : await tokens.get(role)!();
        const res = await fetch(`${server.url}/ja/${path}`, {
          redirect: "manual",
          headers: token ? { cookie: `tsugu=${token}` } : {},
        });
        expect(res.status, `/ja/${path} as ${role}`).toBe(PAGE_ACCESS[page]?.[role]);
      }
    });
  }
});

/**
 * A visitor who reaches a members' page by moving inside the site asks for the page's data
 * (`/ja/mypage/_.data`), not the page; the login it is sent to must lead back to the page itself.
 */
describe("the way back from a login", () => {
  // The sign-in pages themselves send a visitor without a ticket back to their start.
  const GUARDED = LANG_PAGES.filter(
    (page) => PAGE_ACCESS[page]?.anonymous === 302 && !/^(login|signup)(\/|$)/.test(page),
  );

  it("covers every page a visitor is sent away from", () => {
    expect(GUARDED.length).toBeGreaterThan(60);
  });

  for (const lang of ["ja", "en"] as const) {
    it(`names the page, not its data request (${lang})`, async () => {
      const checked: string[] = [];
      for (const page of GUARDED) {
        const path = `/${lang}/${samplePath(page)}`;
        const full = await fetch(`${server.url}${path}`, { redirect: "manual" });
        const location = full.headers.get("location") ?? "";
        const login = /^\/(ja|en)\/(buyback\/)?login\/\?redirect=/.exec(location);
        if (!login) continue;
        expect(new URL(location, server.url).searchParams.get("redirect"), path).toBe(path);
        // The same page reached by client-side navigation: its data request's redirect.
        const res = await fetch(`${server.url}${path}_.data`, { redirect: "manual" });
        const body = await res.text();
        const sent = /"(\/(?:ja|en)\/(?:buyback\/)?login\/\?redirect=[^"]*)"/.exec(body)?.[1];
        expect(sent, `${path}_.data answered ${res.status}`).toBeDefined();
        expect(new URL(sent!, server.url).searchParams.get("redirect"), `${path} by navigation`).toBe(path);
        checked.push(path);
      }
      expect(checked.length).toBeGreaterThan(50);
    });
  }
});
