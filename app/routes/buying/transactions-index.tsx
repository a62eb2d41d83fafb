import type { Route } from "./+types/transactions-index";
import { loadTransactionPage } from "./transaction.server.ts";

/** `/items/{id}/transactions/` sends each party to their own side of the transaction. */
export async function loader(args: Route.LoaderArgs) {
  await loadTransactionPage(args, null);
  return null;
}
