// Placeholder: the shopper pages step fills this in.
import { ComingSoon } from "../components/coming-soon";

export function PlansPage() {
  return <ComingSoon titleKey="page.plans.title" />;
}
