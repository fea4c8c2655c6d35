// What the shop's thank-you page may tell a link's buyer. The page gets the
// payment id and preference id from the query the provider appends to the back
// URL; anyone can type those, so nothing is believed: the payment is re-read
// from the provider, must belong to a link Cobro made, and only then is its
// status shown (and mirrored, so it appears in the console's Payments at once).
import type { LinkResult } from "@cobro/contracts";
import { ProviderNotFoundError, type Payment as ProviderPayment } from "@cobro/provider-client";
import { type CurrencyCode, isSupportedCurrency, toMinorUnits } from "@cobro/provider-client/money";
import type { AppDeps } from "../../deps";
import { AppError } from "../../errors/app-error";
import { toShopperError } from "../../provider/provider-failure";
import { applyPaymentSnapshot, preferenceIdOf } from "../payments/apply-payment-snapshot";

const STATE_BY_STATUS: Readonly<Record<string, LinkResult["state"]>> = {
  approved: "approved",
  authorized: "pending",
  pending: "pending",
  in_process: "pending",
  in_mediation: "approved",
  rejected: "rejected",
  cancelled: "rejected",
};

function notFound(): AppError {
  return new AppError("NOT_FOUND", "We could not find this payment.", { reason: "not_found" });
}

export async function readLinkResult(options: {
  deps: Pick<AppDeps, "db" | "provider" | "now" | "jobs">;
  input: { preferenceId: string; paymentId: number };
}): Promise<LinkResult> {
  const { deps, input } = options;
  const link = await deps.db
    .selectFrom("payment_links")
    .select("id")
    // Set only once the provider made the link.
    .where("provider_preference_id", "=", input.preferenceId)
    .executeTakeFirst();
  if (!link) throw notFound();

  let payment: ProviderPayment;
  try {
    payment = await deps.provider.payments.get(input.paymentId);
  } catch (error) {
    if (error instanceof ProviderNotFoundError) throw notFound();
    throw toShopperError(error, { action: "confirm your payment" });
  }
  if (preferenceIdOf(payment) !== input.preferenceId) throw notFound();
  await applyPaymentSnapshot({ db: deps.db, payment, now: deps.now(), jobs: deps.jobs });

  const currency = payment.currency_id;
  const amount = isSupportedCurrency(currency)
    ? { amountMinor: toMinorUnits(payment.transaction_amount, currency as CurrencyCode), currency }
    : null;
  return { state: STATE_BY_STATUS[payment.status] ?? "unknown", amount };
}
