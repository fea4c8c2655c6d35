// Pays a checkout with Pix or a cash voucher (boleto, OXXO, Rapipago, …): the
// payment is created `pending` and the result carries what the payer needs
// (the Pix QR code, or the voucher's URL and barcode). Only methods the store's
// site offers are accepted. Like card payments: one payment per checkout (after
// a decline, a ticket pays a replacement checkout: replace-checkout.ts).

import type { CheckoutResult, PayOfflineInput } from "@cobro/contracts";
import { AppError } from "../../errors/app-error";
import { parseIdentification } from "./checkout-identification";
import { listPaymentMethods, OFFLINE_PAYMENT_TYPES } from "./list-payment-methods";
import { findCheckoutToPay, type PayCheckoutDeps, payCheckout } from "./pay-checkout";
import { readCheckoutResult } from "./read-checkout-result";

/** provider: Pix and boletos need the payer's Brazilian tax id (CPF, or CNPJ for companies). */
const TAX_ID_METHODS = new Set(["pix", "bolbradesco"]);
const BRAZILIAN_TAX_IDS = new Set(["CPF", "CNPJ"]);

export async function payOffline(options: {
  deps: PayCheckoutDeps;
  userId: string | null;
  input: PayOfflineInput;
}): Promise<CheckoutResult> {
  const { deps, userId, input } = options;
  const checkout = await findCheckoutToPay({ deps, userId, input });
  if (checkout.provider_payment_id !== null) return readCheckoutResult({ deps, checkoutId: checkout.id });

  const methods = await listPaymentMethods({ deps });
  const method = methods.find(
    (candidate) => candidate.id === input.paymentMethodId && OFFLINE_PAYMENT_TYPES.has(candidate.paymentTypeId),
  );
  if (!method) {
    throw new AppError("BAD_REQUEST", "This shop does not offer that payment method.", {
      field: "paymentMethodId",
      reason: "payment_method_not_offered",
    });
  }
  if (TAX_ID_METHODS.has(method.id)) {
    const identification = parseIdentification(checkout.payer_identification);
    if (!identification || !BRAZILIAN_TAX_IDS.has(identification.type)) {
      throw new AppError("BAD_REQUEST", `${method.name} needs the payer's CPF or CNPJ.`, {
        field: "payer.identification.type",
        reason: "tax_id_required",
      });
    }
  }
  if (
    (method.minAmountMinor !== undefined && checkout.amount_minor < method.minAmountMinor) ||
    (method.maxAmountMinor !== undefined && checkout.amount_minor > method.maxAmountMinor)
  ) {
    throw new AppError("BAD_REQUEST", `${method.name} cannot be used for this amount.`, {
      field: "paymentMethodId",
      reason: "amount_not_allowed",
    });
  }

  const { result } = await payCheckout({
    deps,
    checkout,
    userId,
    kind: method.id === "pix" ? "pix" : "ticket",
    methodFields: { payment_method_id: method.id, installments: 1 },
  });
  return result;
}
