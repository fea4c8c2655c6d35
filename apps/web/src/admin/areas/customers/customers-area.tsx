// /admin/customers: placeholder until the area is built.
import { PageHeading } from "@cobro/ui";
import { useDocumentTitle } from "../../../components/use-document-title";
import { useI18n } from "../../../i18n/i18n-context";

export default function CustomersArea() {
  const { t } = useI18n();
  useDocumentTitle(t("admin.customers.title"));
  return <PageHeading title={t("admin.customers.title")} />;
}
