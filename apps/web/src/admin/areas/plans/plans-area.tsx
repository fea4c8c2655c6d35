// The console's plans area: the search at /admin/plans and one plan (its terms, edit, activate / deactivate) at
// /admin/plans/:planId.
import { Route, Routes } from "react-router";
import { ErrorStatusPage } from "../../../shared/components/error-status-page";
import { PlanDetailPage } from "./plan-detail-page";
import { PlansListPage } from "./plans-list-page";

export default function PlansArea() {
  return (
    <Routes>
      <Route path="" element={<PlansListPage />} />
      <Route path=":planId" element={<PlanDetailPage />} />
      <Route path="*" element={<ErrorStatusPage status={404} />} />
    </Routes>
  );
}
