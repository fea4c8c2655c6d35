// /admin/merchant-orders: placeholder until the area is built.
import { PageHeading } from "@cobro/ui";
import { useDocumentTitle } from "../../../components/use-document-title";
import { useI18n } from "../../../i18n/i18n-context";

export default function MerchantOrdersArea() {
  const { t } = useI18n();
  useDocumentTitle(t("admin.merchantOrders.title"));
  return <PageHeading title={t("admin.merchantOrders.title")} />;
}
