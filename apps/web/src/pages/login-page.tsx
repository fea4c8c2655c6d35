// Placeholder: the shopper pages step fills this in.
import { ComingSoon } from "../components/coming-soon";

export function LoginPage() {
  return <ComingSoon titleKey="page.login.title" />;
}
