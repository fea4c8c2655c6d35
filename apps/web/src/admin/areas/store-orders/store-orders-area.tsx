// The console's store orders area (the shop's checkouts): the list at /admin/store-orders, one order at
// /admin/store-orders/:checkoutId and its printable receipt at /admin/store-orders/:checkoutId/receipt; the guest
// buyers (no account) at /admin/store-orders/guests.
import { Route, Routes } from "react-router";
import { ErrorStatusPage } from "../../../shared/components/error-status-page";
import "../payments/payments.css";
import { GuestsPage } from "./guests-page";
import { StoreOrderDetailPage } from "./store-order-detail-page";
import { StoreOrderReceiptPage } from "./store-order-receipt-page";
import { StoreOrdersListPage } from "./store-orders-list-page";

export default function StoreOrdersArea() {
  return (
    <Routes>
      <Route path="" element={<StoreOrdersListPage />} />
      <Route path="guests" element={<GuestsPage />} />
      <Route path=":checkoutId" element={<StoreOrderDetailPage />} />
      <Route path=":checkoutId/receipt" element={<StoreOrderReceiptPage />} />
      <Route path="*" element={<ErrorStatusPage status={404} />} />
    </Routes>
  );
}
