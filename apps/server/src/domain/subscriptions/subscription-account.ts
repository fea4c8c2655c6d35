// Which provider account the console's subscription, charge and plan pages read (issue #12): these lists are the
// provider's searches, so the shared account filter chooses whose credentials search (default: the store's own),
// and a connected account's row opens its detail page with that account, read with its credentials.
//
// Actions (pause / resume / cancel, amount or card change, plan edit or (de)activation) stay on the store's own
// account: the subscription requests and audit rows that carry their idempotency keys do not record an account, so
// a retry could not be sent to the same account for sure. A connected account's resources are therefore read-only:
// the pages hide the actions and the server refuses them with a 409 naming `account`.
import { ACCOUNT_FILTER_OWN, type AccountFilter } from "@cobro/contracts";
import type { ProviderClient } from "@cobro/provider-client";
import { AppError } from "../../errors/app-error";
import { type AccountProviderDeps, providerForAccount } from "../../provider/provider-for-account";

/** The connection a filter or a detail page's `account` names; null: the store's own account. */
export function accountIdOfFilter(account: AccountFilter | undefined): string | null {
  return account === undefined || account === ACCOUNT_FILTER_OWN ? null : account;
}

/** The provider client of the account a console read is for. */
export function providerForConsoleRead(
  deps: AccountProviderDeps,
  account: AccountFilter | undefined,
): Promise<ProviderClient> {
  return providerForAccount(deps, accountIdOfFilter(account));
}

/** Refuses an action on a connected account's resource (see the header): a 409 naming the field `account`. */
export function refuseConnectedAccountAction(account: string | undefined): void {
  if (accountIdOfFilter(account) === null) return;
  throw new AppError(
    "CONFLICT",
    "Actions on a connected seller account's subscriptions and plans are not available: only the store's own account can be changed from the console.",
    { reason: "account_actions_own_only", field: "account" },
  );
}
