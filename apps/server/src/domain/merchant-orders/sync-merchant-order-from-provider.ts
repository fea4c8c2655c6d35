// What a `merchant_order` notification does: re-read the order (`GET /merchant_orders/{id}`; a notification only
// says "something changed") and mirror it. Safe to run twice: the mirror keeps the newest answer.
import type { AppDeps } from "../../deps";
import { AppError } from "../../errors/app-error";
import { getStoreAccount } from "../../provider/get-store-account";
import { applyMerchantOrderSnapshot } from "./apply-merchant-order-snapshot";

/** The merchant order id of a notification's `data.id` (digits), or a BAD_REQUEST. */
export function parseMerchantOrderId(dataId: string | null): number {
  const id = dataId !== null && /^\d{1,16}$/.test(dataId) ? Number(dataId) : Number.NaN;
  if (!Number.isSafeInteger(id) || id <= 0) {
    throw new AppError("BAD_REQUEST", "The notification names no merchant order.", { field: "data.id" });
  }
  return id;
}

export async function syncMerchantOrderFromProvider(options: {
  deps: Pick<AppDeps, "db" | "provider" | "now">;
  merchantOrderId: number;
}): Promise<void> {
  const { deps, merchantOrderId } = options;
  const { currency } = await getStoreAccount({ deps });
  const order = await deps.provider.merchantOrders.get(merchantOrderId);
  await applyMerchantOrderSnapshot({ db: deps.db, order, storeCurrency: currency, now: deps.now() });
}
