// Placeholder: the shopper pages step fills this in.
import { ComingSoon } from "../components/coming-soon";

export function CheckoutResultPage() {
  return <ComingSoon titleKey="page.checkoutResult.title" />;
}
