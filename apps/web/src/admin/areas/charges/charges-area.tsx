// The console's charges area: /admin/charges lists the subscription charges (Mercado Pago's authorized payments),
// by subscription or by the payment a charge produced. A charge's detail is its subscription's page, which lists
// every charge with its payment and retries.
import { Route, Routes } from "react-router";
import { ErrorStatusPage } from "../../../shared/components/error-status-page";
import { ChargesListPage } from "./charges-list-page";

export default function ChargesArea() {
  return (
    <Routes>
      <Route path="" element={<ChargesListPage />} />
      <Route path="*" element={<ErrorStatusPage status={404} />} />
    </Routes>
  );
}
