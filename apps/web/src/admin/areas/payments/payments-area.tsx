// The console's payments area: the list at /admin/payments and one payment at /admin/payments/:paymentId.
import { Route, Routes } from "react-router";
import { ErrorStatusPage } from "../../../shared/components/error-status-page";
import { PaymentDetailPage } from "./payment-detail-page";
import { PaymentsListPage } from "./payments-list-page";
import "./payments.css";

export function PaymentsArea() {
  return (
    <Routes>
      <Route path="" element={<PaymentsListPage />} />
      <Route path=":paymentId" element={<PaymentDetailPage />} />
      <Route path="*" element={<ErrorStatusPage status={404} />} />
    </Routes>
  );
}
