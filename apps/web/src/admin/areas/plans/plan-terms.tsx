// How a plan charges, in words: "Every 1 month(s)", its status badge.
import type { AdminPlan } from "@cobro/contracts";
import { StatusBadge } from "@cobro/ui";
import { useI18n } from "../../../i18n/i18n-context";

export function usePlanSchedule(): (frequency: number | null, frequencyType: string | null) => string {
  const { t } = useI18n();
  return (frequency, frequencyType) =>
    frequency === null
      ? ""
      : t("admin.plans.schedule", {
          frequency,
          unit: t(frequencyType === "days" ? "admin.plans.unit.days" : "admin.plans.unit.months"),
        });
}

export function PlanStatusBadge({ plan }: { plan: Pick<AdminPlan, "status"> }) {
  const { t } = useI18n();
  return plan.status === "active" ? (
    <StatusBadge tone="success">{t("admin.plans.status.active")}</StatusBadge>
  ) : (
    <StatusBadge tone="neutral">{t("admin.plans.status.inactive")}</StatusBadge>
  );
}
