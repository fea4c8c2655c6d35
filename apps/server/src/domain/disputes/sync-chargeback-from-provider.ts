// Brings the mirror of one chargeback up to date: what a `chargebacks` notification triggers. The notification only
// says "chargeback X changed"; the chargeback is read with GET /v1/chargebacks/{id} (provider: receivers must
// fetch the resource, https://www.mercadopago.com.br/developers/en/docs/checkout-api-payments/payment-management/chargebacks/management),
// then the payments it names are re-read too (their status becomes `charged_back`).
import type { Chargeback } from "@cobro/provider-client";
import type { AppDeps } from "../../deps";
import { AppError } from "../../errors/app-error";
import { syncPaymentFromProvider } from "../payments/sync-payment-from-provider";
import { applyChargebackSnapshot } from "./chargeback-mirror";

/** A chargeback id from a notification's `data.id` (long digit strings; the provider also accepts a payment id). */
export function parseChargebackId(dataId: string | null): string {
  if (dataId === null || !/^\d{1,30}$/.test(dataId)) {
    throw new AppError("BAD_REQUEST", `"${dataId ?? ""}" is not a chargeback id.`, { field: "data.id" });
  }
  return dataId;
}

export async function syncChargebackFromProvider(options: {
  deps: Pick<AppDeps, "db" | "provider" | "now" | "jobs" | "providerSettings" | "tokenEncryptionKey" | "logger">;
  chargebackId: string;
  /** Also re-read the payments the chargeback names (the notification path does; the console's detail does not). */
  syncPayments?: boolean;
}): Promise<Chargeback> {
  const { deps, chargebackId } = options;
  const chargeback = await deps.provider.chargebacks.get(chargebackId);
  await applyChargebackSnapshot({ db: deps.db, chargeback, now: deps.now() });
  if (options.syncPayments) {
    for (const paymentId of chargeback.payments) {
      await syncPaymentFromProvider({ deps, providerPaymentId: paymentId });
    }
  }
  return chargeback;
}
