// Placeholders of console areas still being built: each says so instead of a
// blank page. An area replaces its entry in admin-app.tsx once it exists.
import { ComingSoon } from "../../components/coming-soon";

export const PaymentsPlaceholder = () => <ComingSoon titleKey="admin.nav.payments" />;
export const CatalogPlaceholder = () => <ComingSoon titleKey="admin.nav.catalog" />;
export const SettingsPlaceholder = () => <ComingSoon titleKey="admin.nav.settings" />;
export const UsersPlaceholder = () => <ComingSoon titleKey="admin.nav.users" />;
