// The plan's fields as the console edits them (create dialog and edit form): text inputs turned into the
// procedures' fields (amount in minor units of the store's currency), checked with the server's own schema first,
// each wrong field named in the staff member's language.
import { type AdminPlan, formatMoneyInput, type PlanFields, planFieldsSchema } from "@cobro/contracts";
import type { CurrencyCode } from "@cobro/provider-client/money";
import { SelectField, TextField } from "@cobro/ui";
import { CheckboxField } from "@cobro/ui/admin";
import type { UseFormReturn } from "react-hook-form";
import type { MessageKey } from "../../../i18n/dictionary";
import { useI18n } from "../../../i18n/i18n-context";
import type { UserFacingError } from "../../../shared/errors/describe-error";
import { priceTextToMinor } from "../../components/line-items-editor";

export interface PlanFormValues {
  reason: string;
  frequency: string;
  frequencyType: "days" | "months";
  amount: string;
  trial: boolean;
  trialFrequency: string;
  trialFrequencyType: "days" | "months";
  billingDay: string;
  billingDayProportional: boolean;
  repetitions: string;
  backUrl: string;
  externalReference: string;
}

/** The form's fields, by the server's field path (`plan.<name>`). */
export type PlanFormField = Exclude<keyof PlanFields, "freeTrial"> | "trialFrequency";

export function emptyPlanForm(): PlanFormValues {
  return {
    reason: "",
    frequency: "1",
    frequencyType: "months",
    amount: "",
    trial: false,
    trialFrequency: "7",
    trialFrequencyType: "days",
    billingDay: "",
    billingDayProportional: false,
    repetitions: "",
    backUrl: `${window.location.origin}/account`,
    externalReference: "",
  };
}

/** The form's values for `plan`, its amount written the way `moneyLocale` (the page's for that currency) writes it. */
export function planFormValuesOf(plan: AdminPlan, moneyLocale: (currency: string) => string): PlanFormValues {
  const currency = plan.amount?.currency as CurrencyCode | undefined;
  return {
    reason: plan.reason,
    frequency: String(plan.frequency ?? 1),
    frequencyType: plan.frequencyType === "days" ? "days" : "months",
    amount: plan.amount && currency ? formatMoneyInput(plan.amount.amountMinor, currency, moneyLocale(currency)) : "",
    trial: plan.freeTrial !== null,
    trialFrequency: String(plan.freeTrial?.frequency ?? 7),
    trialFrequencyType: plan.freeTrial?.frequencyType === "months" ? "months" : "days",
    billingDay: plan.billingDay === null ? "" : String(plan.billingDay),
    billingDayProportional: plan.billingDayProportional,
    repetitions: plan.repetitions === null ? "" : String(plan.repetitions),
    backUrl: plan.backUrl ?? "",
    externalReference: plan.externalReference ?? "",
  };
}

function wholeNumber(text: string): number {
  const value = text.trim();
  return /^\d{1,9}$/.test(value) ? Number(value) : Number.NaN;
}

const ERROR_KEYS: Record<PlanFormField, MessageKey> = {
  reason: "admin.plans.error.reason",
  frequency: "admin.plans.error.frequency",
  frequencyType: "admin.plans.error.frequency",
  amountMinor: "admin.plans.error.amount",
  currency: "admin.plans.error.amount",
  trialFrequency: "admin.plans.error.trial",
  billingDay: "admin.plans.error.billingDay",
  billingDayProportional: "admin.plans.error.billingDay",
  repetitions: "admin.plans.error.repetitions",
  backUrl: "admin.plans.error.backUrl",
  externalReference: "admin.plans.error.externalReference",
};

export type PlanFormErrors = Partial<Record<PlanFormField, string>>;

/** The values as the procedures' fields, or the translated error of each wrong field. */
export function toPlanFields(
  values: PlanFormValues,
  currency: CurrencyCode,
  locale: string,
  t: (key: MessageKey) => string,
): { fields: PlanFields; errors: null } | { fields: null; errors: PlanFormErrors } {
  const amountMinor = priceTextToMinor(values.amount, currency, locale);
  const candidate = {
    reason: values.reason,
    frequency: wholeNumber(values.frequency),
    frequencyType: values.frequencyType,
    amountMinor: amountMinor ?? Number.NaN,
    currency,
    freeTrial: values.trial
      ? { frequency: wholeNumber(values.trialFrequency), frequencyType: values.trialFrequencyType }
      : null,
    billingDay: values.billingDay.trim() === "" ? null : wholeNumber(values.billingDay),
    billingDayProportional: values.billingDay.trim() === "" ? false : values.billingDayProportional,
    repetitions: values.repetitions.trim() === "" ? null : wholeNumber(values.repetitions),
    backUrl: values.backUrl.trim(),
    ...(values.externalReference.trim() ? { externalReference: values.externalReference.trim() } : {}),
  };
  const parsed = planFieldsSchema.safeParse(candidate);
  if (parsed.success) return { fields: parsed.data, errors: null };
  const errors: PlanFormErrors = {};
  for (const issue of parsed.error.issues) {
    const [first] = issue.path;
    const field = (first === "freeTrial" ? "trialFrequency" : first) as PlanFormField;
    if (field in ERROR_KEYS && !errors[field]) errors[field] = t(ERROR_KEYS[field]);
  }
  return { fields: null, errors };
}

/** The server's refusal of one field (`plan.<name>`), if any. */
export function serverFieldError(failure: UserFacingError | null, field: PlanFormField): string | undefined {
  if (!failure) return undefined;
  const path = `plan.${field === "trialFrequency" ? "freeTrial.frequency" : field}`;
  return failure.fieldErrors[path]?.[0] ?? (failure.field === path ? failure.message : undefined);
}

export function PlanFormFields({
  form,
  errors,
  failure,
  disabled,
  idPrefix,
  currency,
  trialLocked = false,
}: {
  /** provider: an update merges `auto_recurring`, so a plan's free trial can be changed but not removed. */
  trialLocked?: boolean;
  form: UseFormReturn<PlanFormValues>;
  errors: PlanFormErrors;
  failure: UserFacingError | null;
  disabled: boolean;
  idPrefix: string;
  currency: CurrencyCode;
}) {
  const { t } = useI18n();
  const error = (field: PlanFormField) => errors[field] ?? serverFieldError(failure, field);
  const trial = form.watch("trial");
  const frequencyType = form.watch("frequencyType");
  const units = [
    { value: "months", label: t("admin.plans.unit.months") },
    { value: "days", label: t("admin.plans.unit.days") },
  ];
  return (
    <div className="plan-form__grid">
      <TextField
        id={`${idPrefix}-reason`}
        label={t("admin.plans.field.reason")}
        description={t("admin.plans.field.reasonHint")}
        required
        disabled={disabled}
        error={error("reason")}
        {...form.register("reason")}
      />
      <TextField
        id={`${idPrefix}-amount`}
        label={t("admin.plans.field.amount", { currency })}
        inputMode="decimal"
        required
        disabled={disabled}
        error={error("amountMinor")}
        {...form.register("amount")}
      />
      <TextField
        id={`${idPrefix}-frequency`}
        label={t("admin.plans.field.frequency")}
        inputMode="numeric"
        required
        disabled={disabled}
        error={error("frequency")}
        {...form.register("frequency")}
      />
      <SelectField
        id={`${idPrefix}-frequency-type`}
        label={t("admin.plans.field.frequencyType")}
        disabled={disabled}
        options={units}
        {...form.register("frequencyType")}
      />
      <TextField
        id={`${idPrefix}-repetitions`}
        label={t("admin.plans.field.repetitions")}
        description={t("admin.plans.field.repetitionsHint")}
        inputMode="numeric"
        disabled={disabled}
        error={error("repetitions")}
        {...form.register("repetitions")}
      />
      <TextField
        id={`${idPrefix}-billing-day`}
        label={t("admin.plans.field.billingDay")}
        description={t("admin.plans.field.billingDayHint")}
        inputMode="numeric"
        disabled={disabled || frequencyType !== "months"}
        error={error("billingDay")}
        {...form.register("billingDay")}
      />
      <CheckboxField
        id={`${idPrefix}-billing-day-proportional`}
        label={t("admin.plans.field.billingDayProportional")}
        disabled={disabled || frequencyType !== "months"}
        {...form.register("billingDayProportional")}
      />
      <CheckboxField
        id={`${idPrefix}-trial`}
        label={t("admin.plans.field.trial")}
        description={trialLocked ? t("admin.plans.field.trialLocked") : undefined}
        disabled={disabled || trialLocked}
        {...form.register("trial")}
      />
      {trial ? (
        <>
          <TextField
            id={`${idPrefix}-trial-frequency`}
            label={t("admin.plans.field.trialFrequency")}
            inputMode="numeric"
            disabled={disabled}
            error={error("trialFrequency")}
            {...form.register("trialFrequency")}
          />
          <SelectField
            id={`${idPrefix}-trial-frequency-type`}
            label={t("admin.plans.field.trialFrequencyType")}
            disabled={disabled}
            options={units}
            {...form.register("trialFrequencyType")}
          />
        </>
      ) : null}
      <TextField
        id={`${idPrefix}-back-url`}
        type="url"
        label={t("admin.plans.field.backUrl")}
        description={t("admin.plans.field.backUrlHint")}
        required
        disabled={disabled}
        error={error("backUrl")}
        {...form.register("backUrl")}
      />
      <TextField
        id={`${idPrefix}-external-reference`}
        label={t("admin.plans.field.externalReference")}
        disabled={disabled}
        error={error("externalReference")}
        {...form.register("externalReference")}
      />
    </div>
  );
}
