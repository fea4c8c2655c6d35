import type { I18n } from "../../i18n/i18n-context";

/** "every month", "every 3 months", "every 7 days" in the shopper's language. */
export function describeFrequency(
  i18n: Pick<I18n, "tPlural">,
  frequency: number,
  frequencyType: "days" | "months" | string,
): string {
  return frequencyType === "days"
    ? i18n.tPlural({ one: "plans.everyDay.one", other: "plans.everyDay.other" }, frequency)
    : i18n.tPlural({ one: "plans.everyMonth.one", other: "plans.everyMonth.other" }, frequency);
}

/** "1 month free", "14 days free". */
export function describeTrial(i18n: Pick<I18n, "tPlural">, frequency: number, frequencyType: string): string {
  return frequencyType === "days"
    ? i18n.tPlural({ one: "plans.trialDays.one", other: "plans.trialDays.other" }, frequency)
    : i18n.tPlural({ one: "plans.trialMonths.one", other: "plans.trialMonths.other" }, frequency);
}
