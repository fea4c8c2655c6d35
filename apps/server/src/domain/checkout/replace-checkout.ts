// After a checkout's payment ended without taking money (declined, or cancelled: say an expired cash ticket), the
// shopper pays the same order another way (a new card, a cash ticket). A checkout has one payment and one
// idempotency key, so that is a NEW checkout for the same order, with its own key: it too charges at most once.
// Before it exists, the old checkout must be unable to take money:
// - its payment's outcome is known and final (never while a call's answer is unseen, or a payment is pending);
// - a hosted page opened for it is made unpayable first, and searched for a payment made there meanwhile;
// - it is replaced once, so two tabs cannot each open a second payment for the order.

import type { CheckoutReplaceInput } from "@cobro/contracts";
import { AppError } from "../../errors/app-error";
import { providerForAccount } from "../../provider/provider-for-account";
import { mirrorCheckoutPayment } from "../payments/apply-payment-snapshot";
import { toShopperError } from "../shop/provider-failure";
import { parseIdentification } from "./checkout-identification";
import { parseCheckoutItems } from "./checkout-items";
import { isOutcomeBeingConfirmed } from "./checkout-result-view";
import { type CreatedCheckout, createCheckout } from "./create-checkout";
import { expireCheckoutPreference } from "./expire-checkout-preference";
import { findCheckoutToPay, type PayCheckoutDeps } from "./pay-checkout";
import { PAYMENT_CALL_DEADLINE_MS } from "./payment-attempt-policy";
import { findTakingPayment } from "./reconcile-checkout";

/** Checkout statuses whose payment ended for good without taking money. */
const ENDED_CHECKOUT_STATUSES = new Set(["failed", "cancelled"]);

function alreadyReplaced(): AppError {
  return new AppError("CONFLICT", "This order is being paid from another page. Reload this one.", {
    reason: "checkout_replaced",
  });
}

export async function replaceCheckout(options: {
  deps: PayCheckoutDeps;
  userId: string | null;
  input: CheckoutReplaceInput;
}): Promise<CreatedCheckout> {
  const { deps, userId, input } = options;
  const checkout = await findCheckoutToPay({ deps, userId, input });
  if (isOutcomeBeingConfirmed(checkout)) {
    throw new AppError("CONFLICT", "We are confirming this checkout's payment. Do not pay again.", {
      reason: "payment_being_confirmed",
    });
  }
  if (checkout.provider_payment_id === null || !ENDED_CHECKOUT_STATUSES.has(checkout.status)) {
    throw new AppError("CONFLICT", "This checkout's payment has not ended: pay it, or wait for its result.", {
      reason: "checkout_not_ended",
    });
  }
  if (checkout.replaced_by !== null) throw alreadyReplaced();

  if (checkout.provider_preference_id !== null) {
    // provider: a preference stays payable (the shopper may retry on its page) until it is expired.
    const signal = AbortSignal.timeout(PAYMENT_CALL_DEADLINE_MS);
    let taking: Awaited<ReturnType<typeof findTakingPayment>>;
    try {
      const provider = await providerForAccount(deps, checkout.provider_account_id);
      await expireCheckoutPreference({ deps, checkoutId: checkout.id, signal });
      taking = await findTakingPayment({ ...deps, provider }, checkout.external_reference, signal);
    } catch (error) {
      throw toShopperError(error, { action: "start a new payment" });
    }
    if (taking.length > 0) {
      for (const payment of taking) await mirrorCheckoutPayment(deps, checkout, payment);
      throw new AppError("CONFLICT", "This checkout already has a payment.", { reason: "checkout_already_paid" });
    }
  }

  const identification = parseIdentification(checkout.payer_identification);
  const { payer_email: email, payer_first_name: firstName, payer_last_name: lastName } = checkout;
  if (!email || !firstName || !lastName || !identification) {
    throw new AppError("BAD_REQUEST", "Enter your details again to pay this order.", {
      reason: "payer_details_missing",
    });
  }
  const payer = { email, firstName, lastName, identification };
  const items = parseCheckoutItems(checkout.items).map((item) => ({
    productId: item.productId,
    quantity: item.quantity,
  }));
  return deps.db.transaction().execute(async (trx) => {
    const created = await createCheckout({
      db: trx,
      userId: checkout.user_id ?? userId,
      items,
      payer,
      ...(input.language ? { language: input.language } : {}),
      now: deps.now(),
    });
    const claimed = await trx
      .updateTable("checkouts")
      .set({ replaced_by: created.checkoutId })
      .where("id", "=", checkout.id)
      .where("replaced_by", "is", null)
      .executeTakeFirst();
    // Another request replaced it first: this transaction's checkout is rolled back.
    if (Number(claimed.numUpdatedRows) !== 1) throw alreadyReplaced();
    return created;
  });
}
