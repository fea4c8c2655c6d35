// Placeholder: the shopper pages step fills this in.
import { ComingSoon } from "../components/coming-soon";

export function SignupPage() {
  return <ComingSoon titleKey="page.signup.title" />;
}
