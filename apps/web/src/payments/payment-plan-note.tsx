// "Paid $ 28.800,00 in 6 installments of $ 4.800,00": what a card payment cost
// with the installments chosen (the provider's total paid, financing included),
// as the result page and the account's orders show it.
import type { PaymentPlan } from "@cobro/contracts";
import type { Translate } from "../i18n/dictionary";
import { useI18n } from "../i18n/i18n-context";

export function describePaymentPlan(
  plan: PaymentPlan,
  t: Translate,
  formatMoney: (amountMinor: number, currency: string) => string,
): string {
  const total = formatMoney(plan.totalPaid.amountMinor, plan.totalPaid.currency);
  if (plan.installments <= 1) return t("order.planSingle", { total });
  const amount = formatMoney(plan.installmentAmount.amountMinor, plan.installmentAmount.currency);
  return t("order.plan", { total, count: plan.installments, amount });
}

export function PaymentPlanNote({ plan }: { plan: PaymentPlan | null | undefined }) {
  const { t, formatMoney } = useI18n();
  if (!plan) return null;
  return (
    <p className="ui-order__plan" data-testid="payment-plan">
      {describePaymentPlan(plan, t, formatMoney)}
    </p>
  );
}
