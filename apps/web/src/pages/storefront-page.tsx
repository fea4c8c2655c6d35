// Placeholder: the shopper pages step fills this in.
import { ComingSoon } from "../components/coming-soon";

export function StorefrontPage() {
  return <ComingSoon titleKey="page.store.title" />;
}
