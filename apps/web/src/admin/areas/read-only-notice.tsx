// The console's one way to say "read-only": a staff member whose role may read a page but not act on it sees the
// data with the actions hidden, and this notice (never a form that fails on submit, never a 403 or 404 page).
import type { StaffRole } from "@cobro/contracts";
import { Alert } from "@cobro/ui";
import { useI18n } from "../../i18n/i18n-context";
import { useCanAct } from "./use-can-act";

/** Shown when the signed-in staff member's role is below `needs`; nothing otherwise. */
export function ReadOnlyNotice({ needs = "operator" }: { needs?: Exclude<StaffRole, "viewer"> }) {
  const { t } = useI18n();
  const canAct = useCanAct(needs);
  if (canAct) return null;
  return (
    <div data-testid="read-only-notice">
      <Alert tone="info">{t(needs === "admin" ? "admin.readOnly.admin" : "admin.readOnly.operator")}</Alert>
    </div>
  );
}
