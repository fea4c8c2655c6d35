import { ErrorPage } from "@cobro/ui";
import { Link } from "react-router";
import type { MessageKey, Translate } from "../../i18n/dictionary";
import { useI18n } from "../../i18n/i18n-context";
import { useDocumentTitle } from "../components/use-document-title";

const TITLE_KEYS: Readonly<Record<number, MessageKey>> = {
  400: "errorPage.title.400",
  404: "errorPage.title.404",
  405: "errorPage.title.405",
  500: "errorPage.title.500",
};

const HELP_KEYS: Readonly<Record<number, MessageKey>> = {
  400: "errorPage.help.400",
  403: "errorPage.help.403",
  404: "page.notFound.help",
  405: "errorPage.help.405",
  500: "errorPage.help.500",
};

/** The spec's title for `status` in the shopper's language (English: the server's exact words). */
export function errorStatusTitle(t: Translate, status: number): string {
  return t(TITLE_KEYS[status] ?? "errorPage.title.other");
}

/**
 * The generic error page for an HTTP status, inside the shop's layout: what the
 * server asked for (see server-error-status.ts), or 404 for a path the router
 * does not know.
 */
export function ErrorStatusPage({ status }: { status: number }) {
  const { t } = useI18n();
  const title = errorStatusTitle(t, status);
  useDocumentTitle(`${status}: ${title}`);
  return (
    <ErrorPage status={status} title={title} action={<Link to="/">{t("common.backToStore")}</Link>}>
      <p>{t(HELP_KEYS[status] ?? "errorPage.help.other")}</p>
    </ErrorPage>
  );
}
