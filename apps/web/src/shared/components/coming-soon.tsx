import { EmptyState, PageHeading } from "@cobro/ui";
import { Link } from "react-router";
import type { MessageKey } from "../../i18n/dictionary";
import { useI18n } from "../../i18n/i18n-context";
import { useDocumentTitle } from "./use-document-title";

export interface ComingSoonProps {
  titleKey: MessageKey;
  /** Shown under the title, e.g. the product slug being asked for. */
  detail?: string;
}

/** A page that exists in the router but whose content arrives in a later step. */
export function ComingSoon({ titleKey, detail }: ComingSoonProps) {
  const { t } = useI18n();
  const title = t(titleKey);
  useDocumentTitle(title);
  return (
    <>
      <PageHeading title={title} description={detail} />
      <EmptyState
        title={t("common.comingSoon.title")}
        description={t("common.comingSoon.text")}
        action={<Link to="/">{t("common.backToStore")}</Link>}
      />
    </>
  );
}
