// Changes a merchant order (`PUT /merchant_orders/{id}`): its external reference, notification URL, items and
// additional info; only the fields given are sent. A connected seller's order is changed on the seller's account,
// which the engine stores with the key, so a repeat goes there too.
import type { MerchantOrderWriteResult, UpdateMerchantOrderInput } from "@cobro/contracts";
import type { MerchantOrderRequest } from "@cobro/provider-client";
import { accountIdOfScope } from "../../provider/account-scope";
import { getStoreAccount } from "../../provider/get-store-account";
import { toProviderItems } from "./create-merchant-order";
import { type MerchantOrderWriteDeps, runMerchantOrderWrite } from "./merchant-order-write";

export interface UpdateMerchantOrderOptions {
  deps: MerchantOrderWriteDeps;
  actorUserId: string;
  input: UpdateMerchantOrderInput;
}

export async function updateMerchantOrder(options: UpdateMerchantOrderOptions): Promise<MerchantOrderWriteResult> {
  const { deps, input } = options;
  const { currency } = await getStoreAccount({ deps });
  const body: MerchantOrderRequest = {
    ...(input.externalReference !== undefined ? { external_reference: input.externalReference } : {}),
    ...(input.notificationUrl !== undefined ? { notification_url: input.notificationUrl } : {}),
    ...(input.additionalInfo !== undefined ? { additional_info: input.additionalInfo } : {}),
    ...(input.items !== undefined ? { items: toProviderItems(input.items, currency) } : {}),
  };
  return runMerchantOrderWrite({
    deps,
    actorUserId: options.actorUserId,
    idempotencyKey: input.idempotencyKey,
    accountId: accountIdOfScope(input.account),
    spec: {
      kind: "update",
      merchantOrderId: input.merchantOrderId,
      body,
      action: "update the merchant order",
    },
  });
}
