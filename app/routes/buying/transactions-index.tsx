import type { Route } from "./+types/transactions-index";
import { loadTransactionPage } from "./transaction.server.ts";

/** `/items/{id}/transactions/` sends each party to their own side of the transaction. */
export async function loader(args: Route.LoaderArgs) {
  await loadTransactionPage(args, null);
  return null;
}

/**
 * Never drawn: the loader always redirects or answers 404. Having it makes this a page route, so
 * someone who is not a party gets the site's 404 page (and a client navigation the router's 404),
 * not a bare answer.
 */
export default function TransactionsIndex() {
  return null;
}
