// Which account a console screen that is the provider's own search (payment links, merchant orders, customers,
// terminals) reads: `own` (the store's own credentials, the default) or a connection's id, whose credentials then
// list and read. Unlike the mirrored lists (payments, orders) there is no "every account": each account is a separate
// search at the provider. A connected account's merchant orders are changed and its terminals switched on that
// account (the account is stored with the key); actions on its links and customers are refused (409 on `account`,
// reason `account_actions_own_only`): their request rows do not record the account with the idempotency key, so a
// retry could not be bound to the same account.
import { accountFilterSchema } from "./admin-account";

/** `account` of a provider-search screen's inputs: omitted or `own` for the store's own account. */
export const accountScopeFields = { account: accountFilterSchema.optional() };
