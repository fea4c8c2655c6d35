// "Refresh from provider" in the console: one GET /v1/payments/{id} into the mirror, whatever the mirror's age.
// Provider failures become staff-facing errors (never a provider body).
import type { AppDeps } from "../../deps";
import { toShopperError } from "../../provider/provider-failure";
import type { ConnectedProviderDeps } from "../../provider/provider-for-account";
import { syncPaymentFromProvider } from "./sync-payment-from-provider";

export async function refreshPayment(options: {
  deps: ConnectedProviderDeps & Pick<AppDeps, "now" | "jobs">;
  providerPaymentId: number;
}): Promise<{ outcome: string; status: string }> {
  try {
    const result = await syncPaymentFromProvider(options);
    return { outcome: result.outcome, status: result.status };
  } catch (error) {
    throw toShopperError(error, {
      action: "refresh the payment",
      notFoundMessage: "Mercado Pago has no such payment.",
    });
  }
}
