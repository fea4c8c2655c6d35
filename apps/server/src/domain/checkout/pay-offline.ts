// Pays a checkout with Pix or a cash voucher (boleto, OXXO, Rapipago, …): the
// payment is created `pending` and the result carries what the payer needs
// (the Pix QR code, or the voucher's URL and barcode). Only methods the store's
// site offers are accepted. Like card payments: one payment per checkout.
import type { AppDeps } from "../../deps";
import { AppError } from "../../trpc/app-error";
import { assertStoreCurrency } from "../shop/get-store-account";
import type { CheckoutResult, PayOfflineInput } from "../shop/shop-schemas";
import { parseIdentification } from "./checkout-identification";
import { createCheckoutPayment } from "./create-checkout-payment";
import { findShopperCheckout } from "./find-shopper-checkout";
import { listPaymentMethods, OFFLINE_PAYMENT_TYPES } from "./list-payment-methods";
import { basePaymentRequest } from "./payment-request";
import { readCheckoutResult } from "./read-checkout-result";

/** provider: Pix and boletos need the payer's Brazilian tax id (CPF, or CNPJ for companies). */
const TAX_ID_METHODS = new Set(["pix", "bolbradesco"]);
const BRAZILIAN_TAX_IDS = new Set(["CPF", "CNPJ"]);

export async function payOffline(options: {
  deps: Pick<AppDeps, "db" | "provider" | "now" | "publicUrl" | "providerSettings">;
  userId: string | null;
  input: PayOfflineInput;
}): Promise<CheckoutResult> {
  const { deps, userId, input } = options;
  const checkout = await findShopperCheckout({
    db: deps.db,
    lookup: { checkoutId: input.checkoutId },
    access: { checkoutToken: input.checkoutToken, userId },
  });
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
  await assertStoreCurrency({ deps, currency: checkout.currency.trim() });

  await createCheckoutPayment({
    deps,
    checkoutId: checkout.id,
    actorUserId: userId,
    kind: method.id === "pix" ? "pix" : "ticket",
    buildRequest: (locked) => ({
      ...basePaymentRequest(deps, locked),
      payment_method_id: method.id,
      installments: 1,
    }),
  });
  return readCheckoutResult({ deps, checkoutId: checkout.id });
}
