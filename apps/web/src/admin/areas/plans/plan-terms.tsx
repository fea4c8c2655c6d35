// How a plan charges, in words ("Monthly", "Every 3 months", "Every 7 days"), and its status badge.
import type { AdminPlan } from "@cobro/contracts";
import { StatusBadge } from "@cobro/ui";
import { useI18n } from "../../../i18n/i18n-context";

export function usePlanSchedule(): (frequency: number | null, frequencyType: string | null) => string {
  const { t } = useI18n();
  return (frequency, frequencyType) => {
    if (frequency === null) return "";
    const days = frequencyType === "days";
    if (frequency === 1) return t(days ? "admin.plans.schedule.daily" : "admin.plans.schedule.monthly");
    return t(days ? "admin.plans.schedule.everyDays" : "admin.plans.schedule.everyMonths", { frequency });
  };
}

export function PlanStatusBadge({ plan }: { plan: Pick<AdminPlan, "status"> }) {
  const { t } = useI18n();
  return plan.status === "active" ? (
    <StatusBadge tone="success">{t("admin.plans.status.active")}</StatusBadge>
  ) : (
    <StatusBadge tone="neutral">{t("admin.plans.status.inactive")}</StatusBadge>
  );
}
