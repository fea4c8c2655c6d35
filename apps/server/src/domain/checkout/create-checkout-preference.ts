// Hosted checkout (Checkout Pro): a provider preference for the checkout's
// items; the shopper pays on the provider's page (`init_point`; the sandbox's
// own page in sandbox mode) and comes back to /checkout/result with the
// payment's id, which `checkout.result` then verifies with the provider.
import type { Preference, PreferenceRequest } from "@cobro/provider-client";
import { ProviderNotFoundError } from "@cobro/provider-client";
import { fromMinorUnits } from "@cobro/provider-client/money";
import type { Checkout } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { AppError } from "../../errors/app-error";
import { assertStoreCurrency } from "../../provider/get-store-account";
import { toShopperError } from "../../provider/provider-failure";
import { type ConnectedProviderDeps, providerForAccount } from "../../provider/provider-for-account";
import { checkoutResultUrlFor, notificationUrlFor } from "../../provider/provider-urls";
import { recordAudit } from "../audit/record-audit";
import { storedCurrency } from "../catalog/product-view";
import { getStoreSettings } from "../settings/store-settings";
import { parseIdentification } from "./checkout-identification";
import { parseCheckoutItems } from "./checkout-items";
import { isOutcomeBeingConfirmed } from "./checkout-result-view";
import { findCheckoutToPay } from "./pay-checkout";
import { scheduleCheckoutReconciliation } from "./reconcile-checkout";

/** Checkout statuses whose payment failed for good: another way to pay is fine. */
const RETRYABLE_CHECKOUT_STATUSES = new Set(["failed", "cancelled"]);

/** A hosted checkout is first re-read from the provider this long after its page was opened. */
const FIRST_HOSTED_RECONCILE_MS = 60_000;

function preferenceRequest(
  deps: Pick<AppDeps, "publicUrl" | "providerSettings">,
  checkout: Checkout,
  statementDescriptor: string,
): PreferenceRequest {
  const currency = storedCurrency(checkout.currency);
  const identification = parseIdentification(checkout.payer_identification);
  const backUrl = checkoutResultUrlFor(deps);
  const notificationUrl = notificationUrlFor(deps);
  return {
    items: parseCheckoutItems(checkout.items).map((item) => ({
      id: item.productId,
      title: item.name,
      quantity: item.quantity,
      unit_price: fromMinorUnits(item.unitPriceMinor, currency),
      currency_id: currency,
    })),
    payer: {
      email: checkout.payer_email ?? undefined,
      ...(checkout.payer_first_name ? { name: checkout.payer_first_name } : {}),
      ...(checkout.payer_last_name ? { surname: checkout.payer_last_name } : {}),
      ...(identification ? { identification } : {}),
    },
    external_reference: checkout.external_reference,
    back_urls: { success: backUrl, pending: backUrl, failure: backUrl },
    // provider: auto_return needs back_urls.success.
    auto_return: "approved",
    ...(notificationUrl ? { notification_url: notificationUrl } : {}),
    statement_descriptor: statementDescriptor,
    metadata: { checkout_id: checkout.id },
  };
}

export async function createCheckoutPreference(options: {
  deps: ConnectedProviderDeps & Pick<AppDeps, "now" | "publicUrl" | "jobs">;
  userId: string | null;
  input: { checkoutId: string; checkoutToken: string };
}): Promise<{ initPoint: string }> {
  const { userId, input } = options;
  const checkout = await findCheckoutToPay({ deps: options.deps, userId, input });
  if (checkout.provider_payment_id !== null && !RETRYABLE_CHECKOUT_STATUSES.has(checkout.status)) {
    throw new AppError("CONFLICT", "This checkout already has a payment.", { reason: "checkout_already_paid" });
  }
  if (isOutcomeBeingConfirmed(checkout)) {
    // A card (or Pix, voucher) payment went out and its answer is not known yet: a second way to pay must wait.
    throw new AppError("CONFLICT", "We are confirming this checkout's payment. Do not pay again.", {
      reason: "payment_being_confirmed",
    });
  }
  if (checkout.preference_expired_at !== null) {
    throw new AppError("CONFLICT", "This checkout already has a payment.", { reason: "checkout_already_paid" });
  }

  try {
    // The preference is made (and re-read) on the checkout's own account, whatever the setting says now.
    const deps = { ...options.deps, provider: await providerForAccount(options.deps, checkout.provider_account_id) };
    if (checkout.provider_preference_id) {
      try {
        const existing = await deps.provider.preferences.get(checkout.provider_preference_id);
        return { initPoint: existing.init_point };
      } catch (error) {
        if (!(error instanceof ProviderNotFoundError)) throw error;
      }
    }
    await assertStoreCurrency({ deps, currency: checkout.currency.trim() });
    // Derived from the checkout's key: a double click makes one preference.
    const idempotencyKey = `${checkout.idempotency_key}:preference`;
    // The store's descriptor now (read per preference, so a console change applies on every instance at once).
    const { settings } = await getStoreSettings({ db: deps.db });
    const body = preferenceRequest(deps, checkout, settings.statementDescriptor);
    const preference: Preference = await deps.provider.preferences.create(body, { idempotencyKey });
    const now = deps.now();
    await deps.db
      .updateTable("checkouts")
      .set({ provider_preference_id: preference.id, payment_method: "hosted", updated_at: now })
      .where("id", "=", checkout.id)
      .execute();
    await recordAudit({
      db: deps.db,
      actorUserId: userId,
      action: "preference.created",
      resourceType: "checkout",
      resourceId: checkout.id,
      idempotencyKey,
      details: { preferenceId: preference.id },
      now,
    });
    // The shopper pays on the provider's page: watch for that payment even if its notification never comes.
    await scheduleCheckoutReconciliation({ deps, checkoutId: checkout.id, delayMs: FIRST_HOSTED_RECONCILE_MS });
    return { initPoint: preference.init_point };
  } catch (error) {
    throw toShopperError(error, { action: "open the payment page" });
  }
}
