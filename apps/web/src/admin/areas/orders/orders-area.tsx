// The console's orders area (the virtual terminal on the Orders API): the list at /admin/virtual-terminal, a new charge at
// /admin/virtual-terminal/new and one order at /admin/virtual-terminal/:orderId.
import { Route, Routes } from "react-router";
import { ErrorStatusPage } from "../../../shared/components/error-status-page";
import "../payments/payments.css";
import { NewOrderPage } from "./new-order-page";
import { OrderDetailPage } from "./order-detail-page";
import { OrdersListPage } from "./orders-list-page";

export default function OrdersArea() {
  return (
    <Routes>
      <Route path="" element={<OrdersListPage />} />
      <Route path="new" element={<NewOrderPage />} />
      <Route path=":orderId" element={<OrderDetailPage />} />
      <Route path="*" element={<ErrorStatusPage status={404} />} />
    </Routes>
  );
}
