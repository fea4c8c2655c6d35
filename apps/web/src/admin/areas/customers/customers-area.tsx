// The console's customers area: the search at /admin/customers and one customer (its details, Cobro user and saved
// cards) at /admin/customers/:customerId.
import { Route, Routes } from "react-router";
import { ErrorStatusPage } from "../../../shared/components/error-status-page";
import { CustomerDetailPage } from "./customer-detail-page";
import { CustomersListPage } from "./customers-list-page";

export default function CustomersArea() {
  return (
    <Routes>
      <Route path="" element={<CustomersListPage />} />
      <Route path=":customerId" element={<CustomerDetailPage />} />
      <Route path="*" element={<ErrorStatusPage status={404} />} />
    </Routes>
  );
}
