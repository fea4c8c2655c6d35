// Placeholder: the shopper pages step fills this in.
import { ComingSoon } from "../components/coming-soon";

export function CheckoutPage() {
  return <ComingSoon titleKey="page.checkout.title" />;
}
