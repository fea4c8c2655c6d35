// The console's subscriptions area: the search at /admin/subscriptions and one subscription (its plan, payer, next
// charge and every charge; pause, resume, cancel) at /admin/subscriptions/:subscriptionId.
import { Route, Routes } from "react-router";
import { ErrorStatusPage } from "../../../shared/components/error-status-page";
import { NewSubscriptionPage } from "./new-subscription-page";
import { SubscriptionDetailPage } from "./subscription-detail-page";
import { SubscriptionsListPage } from "./subscriptions-list-page";

export default function SubscriptionsArea() {
  return (
    <Routes>
      <Route path="" element={<SubscriptionsListPage />} />
      <Route path="new" element={<NewSubscriptionPage />} />
      <Route path=":subscriptionId" element={<SubscriptionDetailPage />} />
      <Route path="*" element={<ErrorStatusPage status={404} />} />
    </Routes>
  );
}
