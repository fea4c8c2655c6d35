// "Paid $ 28.800,00 in 6 installments of $ 4.800,00": what a card payment cost
// with the installments chosen (the provider's total paid, financing included),
// as the result page and the account's orders show it. The words follow the
// payment's status: only an approved (or later refunded) payment was paid; an
// authorized one is held, one in review is being charged, and a declined or
// cancelled one took nothing, so it gets no line at all.
import type { CheckoutResultStatus, PaymentPlan } from "@cobro/contracts";
import type { MessageKey, Translate } from "../../i18n/dictionary";
import { useI18n } from "../../i18n/i18n-context";

/** The message pair (one payment, installments) for a status; null when nothing was or will be charged. */
function planKeys(status: CheckoutResultStatus): { single: MessageKey; several: MessageKey } | null {
  switch (status) {
    case "approved":
    case "refunded":
      return { single: "order.planSingle", several: "order.plan" };
    case "authorized":
      return { single: "order.planAuthorizedSingle", several: "order.planAuthorized" };
    case "pending":
    case "in_process":
    case "confirming":
      return { single: "order.planPendingSingle", several: "order.planPending" };
    default:
      return null;
  }
}

export function describePaymentPlan(
  plan: PaymentPlan,
  status: CheckoutResultStatus,
  t: Translate,
  formatMoney: (amountMinor: number, currency: string) => string,
): string | null {
  const keys = planKeys(status);
  if (!keys) return null;
  const total = formatMoney(plan.totalPaid.amountMinor, plan.totalPaid.currency);
  if (plan.installments <= 1) return t(keys.single, { total });
  const amount = formatMoney(plan.installmentAmount.amountMinor, plan.installmentAmount.currency);
  return t(keys.several, { total, count: plan.installments, amount });
}

export function PaymentPlanNote({
  plan,
  status,
}: {
  plan: PaymentPlan | null | undefined;
  status: CheckoutResultStatus;
}) {
  const { t, formatMoney } = useI18n();
  const text = plan ? describePaymentPlan(plan, status, t, formatMoney) : null;
  if (!text) return null;
  return (
    <p className="ui-order__plan" data-testid="payment-plan">
      {text}
    </p>
  );
}
