// What the payment step needs to know of the account a checkout charges on: the public key its secure fields make
// the card token with (a token is only good for the account it was made for), and whether saved cards may be
// offered (they are customers of the store's own account, so only when the store's own account charges).
import type { CheckoutPaymentAccount } from "@cobro/contracts";
import type { AppDeps } from "../../deps";
import { publicKeyForAccount } from "../../provider/provider-for-account";
import { findCheckoutToPay } from "./pay-checkout";

export async function getCheckoutPaymentAccount(options: {
  deps: Pick<AppDeps, "db" | "providerSettings">;
  userId: string | null;
  input: { checkoutId: string; checkoutToken: string };
}): Promise<CheckoutPaymentAccount> {
  const checkout = await findCheckoutToPay(options);
  const accountId = checkout.provider_account_id;
  return {
    publicKey: await publicKeyForAccount(options.deps, accountId),
    savedCards: accountId === null,
  };
}
