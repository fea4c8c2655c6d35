// The account a provider-search screen of the console reads (links, merchant orders, customers, terminals): the
// list's `account=` filter (default the store's own), carried to a row's detail page as `?account=<id>` so the detail
// is read with that account's credentials. On a connected account, links and customers only read: the server refuses
// their actions (409 on `account`), so the pages hide them and say why. Merchant orders and terminals act there.
import { ACCOUNT_FILTER_OWN } from "@cobro/contracts";
import { useSearchParams } from "react-router";
import { accountFilterOf } from "./account-filter";

/** A URL value as a query input's `account` (left out for the store's own account or a junk value). */
export function accountScopeInput(value: string | undefined): { account?: string } {
  const account = accountFilterOf(value);
  return account && account !== ACCOUNT_FILTER_OWN ? { account } : {};
}

/** `?account=<id>` for a connected account's detail link, "" for the store's own. */
export function accountScopeSearch(value: string | undefined): string {
  const { account } = accountScopeInput(value);
  return account ? `?account=${encodeURIComponent(account)}` : "";
}

/** The detail page's account: `account` for its queries, `connected` when it is a seller's (actions hidden). */
export function useAccountScope(): { account?: string; connected: boolean; search: string } {
  const [params] = useSearchParams();
  const value = params.get("account") ?? undefined;
  const input = accountScopeInput(value);
  return { ...input, connected: input.account !== undefined, search: accountScopeSearch(value) };
}
