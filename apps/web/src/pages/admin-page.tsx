// Placeholder: the shopper pages step fills this in.
import { ComingSoon } from "../components/coming-soon";

export function AdminPage() {
  return <ComingSoon titleKey="page.admin.title" />;
}
