// The mirror row a money action works from. Staff act on what they see, but
// the provider is the truth: a mirror older than a minute is refreshed with one
// GET /v1/payments/{id} first (a payment not mirrored yet is fetched too).
import type { Payment } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { AppError } from "../../errors/app-error";
import { toShopperError } from "../../provider/provider-failure";
import type { ConnectedProviderDeps } from "../../provider/provider-for-account";
import { syncPaymentFromProvider } from "./sync-payment-from-provider";

/** A mirror older than this is re-read from the provider before a money action. */
export const MIRROR_FRESH_FOR_MS = 60_000;

export async function loadFreshPayment(options: {
  deps: ConnectedProviderDeps & Pick<AppDeps, "now" | "jobs">;
  providerPaymentId: number;
  /** What the caller is about to do, for messages ("refund the payment"). */
  action: string;
}): Promise<Payment> {
  const { deps, providerPaymentId } = options;
  const read = () =>
    deps.db.selectFrom("payments").selectAll().where("provider_payment_id", "=", providerPaymentId).executeTakeFirst();
  let payment = await read();
  if (!payment || deps.now().getTime() - payment.updated_at.getTime() > MIRROR_FRESH_FOR_MS) {
    try {
      await syncPaymentFromProvider({ deps, providerPaymentId });
    } catch (error) {
      throw toShopperError(error, { action: options.action, notFoundMessage: "Mercado Pago has no such payment." });
    }
    payment = await read();
  }
  if (!payment) throw new AppError("NOT_FOUND", "There is no such payment.", { reason: "not_found" });
  return payment;
}
