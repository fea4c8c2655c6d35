// A merchant order's status (open / closed / expired) and how far its payment got, in words.
import { MERCHANT_ORDER_PAYMENT_STATUSES, MERCHANT_ORDER_STATUSES } from "@cobro/contracts";
import { StatusBadge } from "@cobro/ui";
import { useI18n } from "../../../i18n/i18n-context";

const TONES = { opened: "info", closed: "success", expired: "neutral" } as const;

export function MerchantOrderStatus({ status, orderStatus }: { status: string; orderStatus: string | null }) {
  const { t } = useI18n();
  const known = (MERCHANT_ORDER_STATUSES as readonly string[]).includes(status)
    ? (status as (typeof MERCHANT_ORDER_STATUSES)[number])
    : null;
  const payment =
    orderStatus && (MERCHANT_ORDER_PAYMENT_STATUSES as readonly string[]).includes(orderStatus)
      ? t(`admin.merchantOrders.orderStatus.${orderStatus as (typeof MERCHANT_ORDER_PAYMENT_STATUSES)[number]}`)
      : orderStatus;
  return (
    <span data-status={status} data-order-status={orderStatus ?? ""}>
      <StatusBadge tone={known ? TONES[known] : "neutral"}>
        {known ? t(`admin.merchantOrders.status.${known}`) : status}
      </StatusBadge>
      {payment ? ` · ${payment}` : ""}
    </span>
  );
}
