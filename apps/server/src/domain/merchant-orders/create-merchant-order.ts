// Records a sale the merchant made outside the provider's checkout as a merchant order (`POST /merchant_orders`):
// items in the store's currency, an optional external reference, preference and additional info; the
// notification URL defaults to Cobro's own webhook, so the mirror follows the order.
import type { CreateMerchantOrderInput, MerchantOrderItemInput, MerchantOrderWriteResult } from "@cobro/contracts";
import type { MerchantOrderRequest } from "@cobro/provider-client";
import { type CurrencyCode, fromMinorUnits } from "@cobro/provider-client/money";
import type { AppDeps } from "../../deps";
import { getStoreAccount } from "../../provider/get-store-account";
import { notificationUrlFor } from "../../provider/provider-urls";
import { type MerchantOrderWriteDeps, runMerchantOrderWrite } from "./merchant-order-write";

/** The provider's item lines (prices in major units, provider: merchant order amounts are JSON numbers). */
export function toProviderItems(
  items: MerchantOrderItemInput[],
  currency: CurrencyCode,
): MerchantOrderRequest["items"] {
  return items.map((item) => ({
    title: item.title,
    quantity: item.quantity,
    unit_price: fromMinorUnits(item.unitPriceMinor, currency),
    currency_id: currency,
  }));
}

export interface CreateMerchantOrderOptions {
  deps: MerchantOrderWriteDeps & Pick<AppDeps, "publicUrl" | "providerSettings">;
  actorUserId: string;
  input: CreateMerchantOrderInput;
}

export async function createMerchantOrder(options: CreateMerchantOrderOptions): Promise<MerchantOrderWriteResult> {
  const { deps, input } = options;
  const { currency } = await getStoreAccount({ deps });
  const notificationUrl = input.notificationUrl ?? notificationUrlFor(deps);
  const body: MerchantOrderRequest = {
    ...(input.items ? { items: toProviderItems(input.items, currency) } : {}),
    ...(input.externalReference ? { external_reference: input.externalReference } : {}),
    ...(input.preferenceId ? { preference_id: input.preferenceId } : {}),
    ...(notificationUrl ? { notification_url: notificationUrl } : {}),
    ...(input.additionalInfo ? { additional_info: input.additionalInfo } : {}),
  };
  return runMerchantOrderWrite({
    deps,
    actorUserId: options.actorUserId,
    idempotencyKey: input.idempotencyKey,
    accountId: null,
    spec: {
      kind: "create",
      merchantOrderId: null,
      body,
      action: "create the merchant order",
    },
  });
}
