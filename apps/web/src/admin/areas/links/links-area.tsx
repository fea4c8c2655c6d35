// The console's payment links area: the list at /admin/links, a new link at /admin/links/new and one link at
// /admin/links/:preferenceId. Loaded lazily with the console, so its QR code library never reaches the shop.
import { Route, Routes } from "react-router";
import { useI18n } from "../../../i18n/i18n-context";
import { ErrorStatusPage } from "../../../shared/components/error-status-page";
import { useDocumentTitle } from "../../../shared/components/use-document-title";
import { LinkCreatePage } from "./link-create-page";
import { LinkDetailPage } from "./link-detail-page";
import { LinksListPage } from "./links-list-page";
import "./links.css";

export default function LinksArea() {
  const { t } = useI18n();
  useDocumentTitle(t("admin.links.title"));
  return (
    <Routes>
      <Route path="" element={<LinksListPage />} />
      <Route path="new" element={<LinkCreatePage />} />
      <Route path=":preferenceId" element={<LinkDetailPage />} />
      <Route path="*" element={<ErrorStatusPage status={404} />} />
    </Routes>
  );
}
