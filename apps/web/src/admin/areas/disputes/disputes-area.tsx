// /admin/disputes: chargebacks (mirrored from the provider's notifications; evidence sent from here) and the
// provider's claims (read only).
import { Route, Routes } from "react-router";
import { useI18n } from "../../../i18n/i18n-context";
import { ErrorStatusPage } from "../../../shared/components/error-status-page";
import { useDocumentTitle } from "../../../shared/components/use-document-title";
import { DisputeDetailPage } from "./dispute-detail-page";
import { DisputesListPage } from "./disputes-list-page";

export default function DisputesArea() {
  const { t } = useI18n();
  useDocumentTitle(t("admin.disputes.title"));
  return (
    <Routes>
      <Route path="" element={<DisputesListPage />} />
      <Route path=":chargebackId" element={<DisputeDetailPage />} />
      <Route path="*" element={<ErrorStatusPage status={404} />} />
    </Routes>
  );
}
