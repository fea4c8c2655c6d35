import { Money } from "@cobro/ui";
import { useI18n } from "../../i18n/i18n-context";

export interface PriceProps {
  /** The contract's money shape: integer minor units and an ISO currency. */
  money: { amountMinor: number; currency: string };
  className?: string;
}

/** An amount formatted for the shopper's language (CLP/COP without decimals). */
export function Price({ money, className }: PriceProps) {
  const { moneyLocaleFor } = useI18n();
  return (
    <Money
      amountMinor={money.amountMinor}
      currency={money.currency}
      locale={moneyLocaleFor(money.currency)}
      className={className}
    />
  );
}
