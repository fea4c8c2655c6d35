// The one date-range filter of every console list: a preset (today, the last 7 or 30 days, this month) or a custom
// range of whole days. Its value is the list's URL keys (`range`, `from`, `to`; contracts' date-range.ts), so a list
// adds DATE_RANGE_KEYS to its useUrlFilters keys and resolves them with `dateRangeToCreated` / `dateRangeToDays`.
import {
  DATE_RANGE_CUSTOM,
  DATE_RANGE_PRESETS,
  type DateRangeKey,
  type DateRangeValue,
  dateRangePresetOf,
  isDateRangeReversed,
} from "@cobro/contracts";
import { SelectField, TextField } from "@cobro/ui";
import { useI18n } from "../../i18n/i18n-context";

export interface DateRangeFieldProps {
  value: DateRangeValue;
  /** Every key of the range, emptied ones as "" (the list's setter drops them). */
  onChange(next: Record<DateRangeKey, string>): void;
  /** What the dates are ("Created", "Received"); "Date" by default. */
  label?: string;
}

/** What the select shows: the preset, "custom" when days are given (an older link has no `range`), or any time. */
function choiceOf(value: DateRangeValue): string {
  const preset = dateRangePresetOf(value.range);
  if (preset) return preset;
  return value.range === DATE_RANGE_CUSTOM || value.from || value.to ? DATE_RANGE_CUSTOM : "";
}

export function DateRangeField({ value, onChange, label }: DateRangeFieldProps) {
  const { t } = useI18n();
  const choice = choiceOf(value);
  const choose = (next: string) => {
    if (next === DATE_RANGE_CUSTOM) onChange({ range: DATE_RANGE_CUSTOM, from: value.from ?? "", to: value.to ?? "" });
    else onChange({ range: next, from: "", to: "" });
  };
  const setDay = (key: "from" | "to") => (event: { target: { value: string } }) =>
    onChange({ range: DATE_RANGE_CUSTOM, from: value.from ?? "", to: value.to ?? "", [key]: event.target.value });
  return (
    <>
      <SelectField
        label={label ?? t("admin.dateRange.label")}
        name="range"
        value={choice}
        onChange={(event) => choose(event.target.value)}
        options={[
          { value: "", label: t("admin.dateRange.any") },
          ...DATE_RANGE_PRESETS.map((preset) => ({ value: preset, label: t(`admin.dateRange.${preset}`) })),
          { value: DATE_RANGE_CUSTOM, label: t("admin.dateRange.custom") },
        ]}
      />
      {choice === DATE_RANGE_CUSTOM ? (
        <>
          <TextField
            label={t("admin.dateRange.from")}
            type="date"
            name="from"
            value={value.from ?? ""}
            onChange={setDay("from")}
            error={isDateRangeReversed(value) ? t("admin.dateRange.reversed") : undefined}
          />
          <TextField
            label={t("admin.dateRange.to")}
            type="date"
            name="to"
            value={value.to ?? ""}
            onChange={setDay("to")}
          />
        </>
      ) : null}
    </>
  );
}
