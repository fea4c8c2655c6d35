// Placeholder: the shopper pages step fills this in.
import { ComingSoon } from "../components/coming-soon";

export function AccountPage() {
  return <ComingSoon titleKey="page.account.title" />;
}
