// What happened to a checkout, for the result page. Two ways in:
//
// - by checkout id (+ guest token, or the signed-in owner);
// - by the provider's redirect back from Checkout Pro (`external_reference` +
//   `payment_id`): the payment is then read from the provider (query
//   parameters are never trusted), checked to belong to this checkout, and
//   mirrored.
//
// While a payment is unsettled, webhooks keep the mirror current; as a polling
// fallback, a mirror older than RESULT_REFRESH_AFTER_MS is refreshed from the
// provider here (at most once per interval per checkout).

import type { CheckoutResult, CheckoutResultInput } from "@cobro/contracts";
import {
  ProviderConnectionError,
  ProviderError,
  ProviderNotFoundError,
  type Payment as ProviderPayment,
} from "@cobro/provider-client";
import type { AppDeps } from "../../deps";
import { AppError } from "../../errors/app-error";
import { type ConnectedProviderDeps, providerForAccount } from "../../provider/provider-for-account";
import { mirrorCheckoutPayment } from "../payments/apply-payment-snapshot";
import { syncPaymentFromProvider } from "../payments/sync-payment-from-provider";
import { toShopperError } from "../shop/provider-failure";
import { isOutcomeBeingConfirmed, UNSETTLED_PAYMENT_STATUSES } from "./checkout-result-view";
import { CHECKOUT_NOT_FOUND_MESSAGE, findShopperCheckout, type ShopperCheckout } from "./find-shopper-checkout";
import { readCheckoutResult } from "./read-checkout-result";

/** A mirror older than this is re-read from the provider when the result is asked for. */
export const RESULT_REFRESH_AFTER_MS = 5_000;

type ResultDeps = ConnectedProviderDeps & Pick<AppDeps, "now" | "jobs">;

function latest(...dates: (Date | null | undefined)[]): number {
  return Math.max(0, ...dates.map((date) => date?.getTime() ?? 0));
}

async function markChecked(deps: ResultDeps, checkoutId: string): Promise<void> {
  await deps.db
    .updateTable("checkouts")
    .set({ provider_checked_at: deps.now() })
    .where("id", "=", checkoutId)
    .execute();
}

/** Oldest first, like they happened: the checkout ends up following the payment that settled it. */
async function mirrorPaymentsOfReference(deps: ResultDeps, checkout: ShopperCheckout): Promise<void> {
  // The checkout's own account holds its payments.
  const provider = await providerForAccount(deps, checkout.provider_account_id);
  const found = await provider.payments.search({
    external_reference: checkout.external_reference,
    sort: "date_created",
    criteria: "asc",
  });
  for (const payment of found.results ?? []) {
    await mirrorCheckoutPayment(deps, checkout, payment);
  }
}

/** The polling fallback: refresh a stale, unsettled mirror from the provider. Provider failures only log. */
async function refreshIfStale(deps: ResultDeps, checkout: ShopperCheckout): Promise<void> {
  const now = deps.now().getTime();
  try {
    if (checkout.provider_payment_id !== null) {
      const mirror = await deps.db
        .selectFrom("payments")
        .select(["status", "updated_at"])
        .where("provider_payment_id", "=", checkout.provider_payment_id)
        .executeTakeFirst();
      if (mirror && !UNSETTLED_PAYMENT_STATUSES.has(mirror.status)) return;
      if (mirror && now - latest(mirror.updated_at, checkout.provider_checked_at) < RESULT_REFRESH_AFTER_MS) return;
      await syncPaymentFromProvider({
        deps,
        providerPaymentId: checkout.provider_payment_id,
        providerAccountId: checkout.provider_account_id,
      });
    } else if (checkout.provider_preference_id !== null || isOutcomeBeingConfirmed(checkout)) {
      // Paying on the hosted page, or a payment call whose answer was never seen: the payment may exist at the
      // provider before anything told us (reconciliation does the same on its schedule; this is the fast path).
      if (now - latest(checkout.updated_at, checkout.provider_checked_at) < RESULT_REFRESH_AFTER_MS) return;
      await mirrorPaymentsOfReference(deps, checkout);
    } else {
      return;
    }
    await markChecked(deps, checkout.id);
  } catch (error) {
    if (!(error instanceof ProviderError || error instanceof ProviderConnectionError)) throw error;
    // The mirror is still a valid answer; the webhook or the next poll catches up.
    deps.logger.warn({ checkoutId: checkout.id, err: error }, "refreshing a checkout from the provider failed");
  }
}

async function fetchRedirectPayment(
  deps: ResultDeps,
  accountId: string | null,
  paymentId: number,
): Promise<ProviderPayment> {
  try {
    return await (await providerForAccount(deps, accountId)).payments.get(paymentId);
  } catch (error) {
    if (error instanceof ProviderNotFoundError) {
      throw new AppError("NOT_FOUND", CHECKOUT_NOT_FOUND_MESSAGE, { reason: "checkout_not_found" });
    }
    throw toShopperError(error, { action: "check the payment" });
  }
}

export async function getCheckoutResult(options: {
  deps: ResultDeps;
  userId: string | null;
  input: CheckoutResultInput;
}): Promise<CheckoutResult> {
  const { deps, userId, input } = options;
  const access = { checkoutToken: input.checkoutToken ?? null, userId };

  if ("externalReference" in input) {
    // Access first, so the provider is never asked on behalf of a stranger.
    const checkout = await findShopperCheckout({
      db: deps.db,
      lookup: { externalReference: input.externalReference },
      access,
    });
    const payment = await fetchRedirectPayment(deps, checkout.provider_account_id, input.paymentId);
    if (payment.external_reference !== checkout.external_reference) {
      throw new AppError("NOT_FOUND", CHECKOUT_NOT_FOUND_MESSAGE, { reason: "checkout_not_found" });
    }
    await mirrorCheckoutPayment(deps, checkout, payment);
    await markChecked(deps, checkout.id);
    return readCheckoutResult({ deps, checkoutId: checkout.id });
  }

  const checkout = await findShopperCheckout({ db: deps.db, lookup: { checkoutId: input.checkoutId }, access });
  await refreshIfStale(deps, checkout);
  return readCheckoutResult({ deps, checkoutId: checkout.id });
}
