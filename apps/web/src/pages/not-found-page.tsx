import { ErrorPage, errorPageTitle } from "@cobro/ui";
import { Link } from "react-router";
import { useDocumentTitle } from "../components/use-document-title";
import { useI18n } from "../i18n/i18n-context";

/** Any path the router does not know: the same 404 title as the server's error page. */
export function NotFoundPage() {
  const { t } = useI18n();
  useDocumentTitle(`404: ${errorPageTitle(404)}`);
  return (
    <ErrorPage status={404} action={<Link to="/">{t("common.backToStore")}</Link>}>
      <p>{t("page.notFound.help")}</p>
    </ErrorPage>
  );
}
