// The account a provider-search screen of the console reads (links, merchant orders, customers, terminals, plans,
// subscriptions, charges): the contracts' `account` field (`own` or a connection's id) as the id
// `providerForAccount` takes. Links, customers, plans, subscriptions, merchant orders and terminal modes act on a
// connected account: the provider-request ledger keeps the account with each key, so a retry goes where its first try
// went (whole-value changes without a key go to the account the dialog names). An action whose card token would have
// to be made with the seller's public key (a customer's new card, a subscription's card) is still refused on a
// connected account (`refuseConnectedAccountAction`) rather than sent with the store's credentials.
import { ACCOUNT_FILTER_OWN } from "@cobro/contracts";
import type { ProviderClient } from "@cobro/provider-client";
import { AppError } from "../errors/app-error";
import { type AccountProviderDeps, providerForAccount } from "./provider-for-account";

/** null for the store's own account (omitted or `own`), else the connection's id. */
export function accountIdOfScope(account: string | undefined): string | null {
  return account === undefined || account === ACCOUNT_FILTER_OWN ? null : account;
}

/** The provider client of the account a console read is for. */
export function providerForConsoleRead(
  deps: AccountProviderDeps,
  account: string | undefined,
): Promise<ProviderClient> {
  return providerForAccount(deps, accountIdOfScope(account));
}

/** Throws a 409 on `account` when an action names a connected account (see the file's comment). */
export function refuseConnectedAccountAction(account: string | undefined): void {
  if (accountIdOfScope(account) === null) return;
  throw new AppError(
    "CONFLICT",
    "This belongs to a connected seller account: the console only reads it. Act on it in that seller's Mercado Pago account.",
    { reason: "account_actions_own_only", field: "account" },
  );
}
