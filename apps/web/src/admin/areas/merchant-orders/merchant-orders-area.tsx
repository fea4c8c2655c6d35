// /admin/merchant-orders: the provider's merchant orders — search (list), one order (detail, edit) and a new one
// the merchant records itself.
import { Route, Routes } from "react-router";
import { useI18n } from "../../../i18n/i18n-context";
import { ErrorStatusPage } from "../../../shared/components/error-status-page";
import { useDocumentTitle } from "../../../shared/components/use-document-title";
import { MerchantOrderDetailPage } from "./merchant-order-detail-page";
import { MerchantOrderNewPage } from "./merchant-order-new-page";
import { MerchantOrdersListPage } from "./merchant-orders-list-page";

export default function MerchantOrdersArea() {
  const { t } = useI18n();
  useDocumentTitle(t("admin.merchantOrders.title"));
  return (
    <Routes>
      <Route path="" element={<MerchantOrdersListPage />} />
      <Route path="new" element={<MerchantOrderNewPage />} />
      <Route path=":merchantOrderId" element={<MerchantOrderDetailPage />} />
      <Route path="*" element={<ErrorStatusPage status={404} />} />
    </Routes>
  );
}
