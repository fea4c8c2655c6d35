// The console's customers area: the search at /admin/customers and one customer (its details, Cobro user and saved
// cards, payments and subscriptions) at /admin/customers/:customerId, and a payer's e-mail resolved to its customer (or
// its guest view) at /admin/customers/by-email?email=….
import { Route, Routes } from "react-router";
import { ErrorStatusPage } from "../../../shared/components/error-status-page";
import { CustomerByEmailPage } from "./customer-by-email-page";
import { CustomerDetailPage } from "./customer-detail-page";
import { CustomersListPage } from "./customers-list-page";

export default function CustomersArea() {
  return (
    <Routes>
      <Route path="" element={<CustomersListPage />} />
      <Route path="by-email" element={<CustomerByEmailPage />} />
      <Route path=":customerId" element={<CustomerDetailPage />} />
      <Route path="*" element={<ErrorStatusPage status={404} />} />
    </Routes>
  );
}
