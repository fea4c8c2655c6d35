// Placeholders of console areas still being built: each says so instead of a
// blank page. An area replaces its entry in admin-app.tsx once it exists.
import { ComingSoon } from "../../components/coming-soon";

export const PaymentsPlaceholder = () => <ComingSoon titleKey="admin.nav.payments" />;
