// What paying a checkout by card, Pix or cash voucher shares: finding the
// checkout the shopper may pay, and making its one payment from the checkout's
// own amount, payer and references plus the payment method's fields.

import type { CheckoutResult } from "@cobro/contracts";
import type { PaymentCreateRequest } from "@cobro/provider-client";
import type { Checkout } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { providerForAccount } from "../../provider/provider-for-account";
import { getStoreSettings } from "../settings/store-settings";
import { assertStoreCurrency } from "../shop/get-store-account";
import { toShopperError } from "../shop/provider-failure";
import { type CheckoutPaymentKind, createCheckoutPayment } from "./create-checkout-payment";
import { findShopperCheckout, type ShopperCheckout } from "./find-shopper-checkout";
import { basePaymentRequest, captureFieldsFor } from "./payment-request";
import { readCheckoutResult } from "./read-checkout-result";

export type PayCheckoutDeps = Pick<
  AppDeps,
  "db" | "provider" | "now" | "publicUrl" | "providerSettings" | "jobs" | "logger" | "tokenEncryptionKey"
>;

/** The payment method's own fields of a POST /v1/payments body. */
export type PaymentMethodFields = Pick<PaymentCreateRequest, "payment_method_id" | "installments"> &
  Partial<Pick<PaymentCreateRequest, "token" | "issuer_id">>;

/** The checkout a payment call names by id and guest token, when the caller may see it (else NOT_FOUND). */
export function findCheckoutToPay(options: {
  deps: Pick<AppDeps, "db">;
  userId: string | null;
  input: { checkoutId: string; checkoutToken: string };
}): Promise<ShopperCheckout> {
  const { deps, userId, input } = options;
  return findShopperCheckout({
    db: deps.db,
    lookup: { checkoutId: input.checkoutId },
    access: { checkoutToken: input.checkoutToken, userId },
  });
}

/**
 * Makes the checkout's one payment and answers the checkout's result (`confirming` while the provider's answer is
 * unknown). The store's account must charge the checkout's currency; the claim and the idempotency key that keep
 * it to one payment are createCheckoutPayment's.
 */
export async function payCheckout(options: {
  deps: PayCheckoutDeps;
  checkout: Checkout;
  /** Who pays (null for a guest), for the audit log. */
  userId: string | null;
  kind: CheckoutPaymentKind;
  methodFields: PaymentMethodFields;
  /**
   * Fields added to the checkout's payer; a saved card's payment names the shopper's provider customer
   * (provider: `payer: { type: "customer", id }` when the token comes from a saved card).
   */
  payerFields?: Pick<NonNullable<PaymentCreateRequest["payer"]>, "type" | "id">;
}): Promise<{ created: boolean; result: CheckoutResult }> {
  const { deps, checkout, userId, kind, methodFields, payerFields } = options;
  // The currency of the account this checkout charges on (its own site decides it).
  let chargingProvider: PayCheckoutDeps["provider"];
  try {
    chargingProvider = await providerForAccount(deps, checkout.provider_account_id);
  } catch (error) {
    throw toShopperError(error, { action: "make the payment" });
  }
  await assertStoreCurrency({ deps: { provider: chargingProvider }, currency: checkout.currency.trim() });
  // Read per payment (not cached): a change in the console applies to the next payment on every instance.
  const { settings } = await getStoreSettings({ db: deps.db });
  const captureFields = captureFieldsFor(kind, settings.cardCapture);
  const outcome = await createCheckoutPayment({
    deps,
    checkoutId: checkout.id,
    actorUserId: userId,
    kind,
    buildRequest: (locked) => {
      const base = basePaymentRequest(deps, locked, settings.statementDescriptor);
      return {
        ...base,
        ...(payerFields ? { payer: { ...base.payer, ...payerFields } } : {}),
        ...captureFields,
        ...methodFields,
      };
    },
  });
  return { created: outcome.created, result: await readCheckoutResult({ deps, checkoutId: checkout.id }) };
}
