import { Card, PageHeading } from "@cobro/ui";
import { Link, useLocation } from "react-router";
import { useI18n } from "../../i18n/i18n-context";
import { useDocumentTitle } from "../../shared/components/use-document-title";

/** `/check-email`: after sign-up, "we sent a link to …" (the same words whether or not the address had an account). */
export function CheckEmailPage() {
  const { t } = useI18n();
  useDocumentTitle(t("page.checkEmail.title"));
  const state = useLocation().state as { email?: unknown } | null;
  const email = typeof state?.email === "string" ? state.email : null;
  return (
    <>
      <PageHeading title={t("page.checkEmail.title")} />
      <Card className="ui-narrow">
        <p role="status">{email ? t("auth.checkEmail.sent", { email }) : t("auth.checkEmail.sentNoAddress")}</p>
        <p>{t("auth.checkEmail.hint")}</p>
        <p>
          <Link to="/">{t("common.backToStore")}</Link>
        </p>
      </Card>
    </>
  );
}
