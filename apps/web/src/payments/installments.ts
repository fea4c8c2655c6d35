// Installment choices for a card payment. The provider decides the real
// interest and amounts when it processes the payment; this only offers the
// counts the method allows and shows an interest-free split as a guide.
import type { PaymentMethodLike } from "./card-brand";
import { isCardMethod } from "./card-brand";

/** Counts offered when a card method allows installments: the usual steps of Latin American card plans. */
const INSTALLMENT_STEPS = [1, 2, 3, 6, 9, 12, 18, 24, 36, 48] as const;

/** checkout.payWithCard accepts at most 48 installments. */
const MAX_INSTALLMENTS = 48;

export interface InstallmentOption {
  count: number;
  /** Each installment, rounded up to whole minor units, so the shopper is never told less than they pay. */
  perInstallmentMinor: number;
}

/** The installment counts a method allows: 1 for non-card methods or without `installments`, else the steps up to `max`. */
export function installmentCounts(method: PaymentMethodLike | null | undefined): number[] {
  if (!method || !isCardMethod(method) || !method.installments) return [1];
  const max = Math.min(MAX_INSTALLMENTS, Math.max(1, Math.trunc(method.installments.max)));
  return INSTALLMENT_STEPS.filter((count) => count <= max);
}

/**
 * The options to show for `totalMinor`: each count with its per-installment amount (ceil(total / count)).
 *
 * @example installmentOptions(10000, visa) // [{ count: 1, perInstallmentMinor: 10000 }, { count: 3, perInstallmentMinor: 3334 }, …]
 */
export function installmentOptions(
  totalMinor: number,
  method: PaymentMethodLike | null | undefined,
): InstallmentOption[] {
  if (!Number.isSafeInteger(totalMinor) || totalMinor < 0) throw new RangeError(`Invalid total ${totalMinor}`);
  return installmentCounts(method).map((count) => ({ count, perInstallmentMinor: Math.ceil(totalMinor / count) }));
}
