import { StatusBadge } from "@cobro/ui";
import { useI18n } from "../../i18n/i18n-context";
import { describePaymentOutcome } from "../../i18n/payment-status";

export interface PaymentStatusBadgeProps {
  status: string;
  statusDetail?: string | null;
}

/** A payment or order status as a coloured, translated badge ("Approved", "Rejected"). */
export function PaymentStatusBadge({ status, statusDetail }: PaymentStatusBadgeProps) {
  const { t } = useI18n();
  const outcome = describePaymentOutcome(status, statusDetail);
  return <StatusBadge tone={outcome.tone}>{t(outcome.statusKey)}</StatusBadge>;
}
