// Who sees the money buttons: operators and admins (the server checks again on every call).
import { hasRoleAtLeast, isStaffRole, type UserRole } from "@cobro/contracts";

export function canActOnPayments(role: UserRole): boolean {
  return isStaffRole(role) && hasRoleAtLeast(role, "operator");
}
