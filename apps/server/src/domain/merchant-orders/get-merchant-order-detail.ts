// One merchant order for the console: re-read from the provider (`GET /merchant_orders/{id}`) and mirrored; when
// the provider cannot be reached, the mirror's last copy is shown, marked stale, with when it was synced. A connected
// account's order is read with that account's credentials and shown as read (not mirrored; see search-merchant-orders).
import type { MerchantOrderDetail } from "@cobro/contracts";
import { type MerchantOrder, ProviderConnectionError, ProviderServerError } from "@cobro/provider-client";
import type { CurrencyCode } from "@cobro/provider-client/money";
import type { AppDeps } from "../../deps";
import { getStoreAccount } from "../../provider/get-store-account";
import { type AccountProviderDeps, providerForAccount } from "../../provider/provider-for-account";
import { applyMerchantOrderSnapshot } from "./apply-merchant-order-snapshot";
import { toMerchantOrderError } from "./merchant-order-provider-error";
import { isoOrNull, merchantOrderCurrency, minorOf, toMerchantOrderSummary } from "./merchant-order-view";
import { merchantOrderRequestsOf } from "./merchant-order-write";

export interface GetMerchantOrderDetailOptions {
  deps: Pick<AppDeps, "now"> & AccountProviderDeps;
  merchantOrderId: number;
  /** null or omitted: the store's own account. */
  accountId?: string | null;
}

function textOrNull(value: unknown): string | null {
  return typeof value === "string" && value !== "" ? value : typeof value === "number" ? String(value) : null;
}

function toDetail(
  order: MerchantOrder,
  storeCurrency: CurrencyCode,
  extra: Pick<MerchantOrderDetail, "syncedAt" | "stale" | "requests">,
): MerchantOrderDetail {
  const currency = merchantOrderCurrency(order, storeCurrency);
  const money = (amount: number | null | undefined) => ({ amountMinor: minorOf(amount, currency), currency });
  return {
    ...toMerchantOrderSummary(order, storeCurrency),
    refunded: money(order.refunded_amount),
    siteId: order.site_id ?? null,
    notificationUrl: order.notification_url || null,
    additionalInfo: order.additional_info || null,
    payerId: order.payer?.id ?? null,
    isTest: order.is_test ?? false,
    items: (order.items ?? []).map((item) => ({
      id: item.id || null,
      title: item.title ?? "",
      quantity: item.quantity ?? 1,
      unitPrice: money(item.unit_price),
    })),
    payments: (order.payments ?? []).flatMap((payment) =>
      payment.id === undefined
        ? []
        : [
            {
              id: payment.id,
              status: payment.status ?? "unknown",
              statusDetail: payment.status_detail ?? null,
              amount: money(payment.transaction_amount),
              refunded: money(payment.amount_refunded),
              createdAt: isoOrNull(payment.date_created),
              approvedAt: isoOrNull(payment.date_approved),
            },
          ],
    ),
    shipments: (order.shipments ?? []).map((shipment) => ({
      id: textOrNull(shipment.id),
      status: textOrNull(shipment.status),
      shippingMode: textOrNull(shipment.shipping_mode),
    })),
    ...extra,
  };
}

export async function getMerchantOrderDetail(options: GetMerchantOrderDetailOptions): Promise<MerchantOrderDetail> {
  const { deps, merchantOrderId } = options;
  const { currency } = await getStoreAccount({ deps });
  const accountId = options.accountId ?? null;
  if (accountId !== null) {
    const provider = await providerForAccount(deps, accountId);
    const order = await provider.merchantOrders.get(merchantOrderId).catch((error: unknown) => {
      throw toMerchantOrderError(error, { action: "read the merchant order", merchantOrderId });
    });
    return toDetail(order, currency, { syncedAt: deps.now().toISOString(), stale: false, requests: [] });
  }
  let stale = false;
  try {
    const order = await deps.provider.merchantOrders.get(merchantOrderId);
    await applyMerchantOrderSnapshot({ db: deps.db, order, storeCurrency: currency, now: deps.now() });
  } catch (error) {
    const unreachable = error instanceof ProviderConnectionError || error instanceof ProviderServerError;
    const mirrored = await deps.db
      .selectFrom("merchant_orders")
      .select("provider_merchant_order_id")
      .where("provider_merchant_order_id", "=", merchantOrderId)
      .executeTakeFirst();
    if (!unreachable || !mirrored)
      throw toMerchantOrderError(error, { action: "read the merchant order", merchantOrderId });
    stale = true;
  }
  const row = await deps.db
    .selectFrom("merchant_orders")
    .select(["snapshot", "updated_at"])
    .where("provider_merchant_order_id", "=", merchantOrderId)
    .executeTakeFirstOrThrow();
  const requests = await merchantOrderRequestsOf(deps.db, merchantOrderId);
  return toDetail(row.snapshot as unknown as MerchantOrder, currency, {
    syncedAt: row.updated_at.toISOString(),
    stale,
    requests: requests.map((request) => ({
      kind: request.kind,
      status: request.status,
      actorEmail: request.email ?? null,
      createdAt: request.created_at.toISOString(),
    })),
  });
}
