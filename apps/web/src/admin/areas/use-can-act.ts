import { hasRoleAtLeast, isStaffRole, type StaffRole } from "@cobro/contracts";
import { useCurrentUser } from "../../shared/components/app-layout";

/** Whether the signed-in staff member may use actions of `role` (buttons hidden otherwise; the server still checks). */
export function useCanAct(role: StaffRole): boolean {
  const { user } = useCurrentUser();
  return user !== null && isStaffRole(user.role) && hasRoleAtLeast(user.role, role);
}
