// /admin/search?q=…: the console search's results, grouped by kind (payments, shop orders, console orders,
// customers, payment links, subscriptions), a few per group with a "see all" link into the list filtered by the
// query where that list has the filter. Each result links to its detail page. A group the provider could not
// search says so; the others still show.
import { adminSearchInputSchema, type SearchGroup, type SearchGroupKind, type SearchResult } from "@cobro/contracts";
import { Alert, EmptyState, LoadingState, PageHeading, VisuallyHidden } from "@cobro/ui";
import { Link, useSearchParams } from "react-router";
import type { MessageKey } from "../../../i18n/dictionary";
import { useI18n } from "../../../i18n/i18n-context";
import { QueryErrorState } from "../../../shared/components/query-list";
import { useDocumentTitle } from "../../../shared/components/use-document-title";
import { trpc } from "../../../trpc";
import { ConsoleSearch } from "../../components/console-search";
import { StatusWord } from "../../components/status-words";

function groupTitleKey(kind: SearchGroupKind): MessageKey {
  return `admin.search.group.${kind}`;
}

function ResultLine({ result }: { result: SearchResult }) {
  const { formatMoney, formatDate } = useI18n();
  const parts = [
    result.amount ? formatMoney(result.amount.amountMinor, result.amount.currency) : null,
    result.date ? formatDate(result.date, "dateTime") : null,
    result.detail,
  ].filter((part): part is string => Boolean(part));
  return (
    <li className="console-search-result">
      <Link to={result.url}>{result.label}</Link>
      <span className="console-search-secondary">
        {result.status ? <StatusWord code={result.status} /> : null}
        {result.status && parts.length > 0 ? " · " : null}
        {parts.join(" · ")}
      </span>
    </li>
  );
}

function ResultGroup({ group }: { group: SearchGroup }) {
  const { t } = useI18n();
  const headingId = `search-group-${group.kind}`;
  return (
    <section className="console-search-group" aria-labelledby={headingId} data-testid={headingId}>
      <h2 id={headingId}>{t(groupTitleKey(group.kind))}</h2>
      {group.failed ? (
        <Alert tone="warning">{t("admin.search.groupFailed")}</Alert>
      ) : group.items.length === 0 ? (
        <p className="console-search-none">{t("admin.search.noneInGroup")}</p>
      ) : (
        <ul>
          {group.items.map((result) => (
            <ResultLine key={result.id} result={result} />
          ))}
        </ul>
      )}
      {group.seeAllUrl && (group.more || group.failed) ? (
        <Link to={group.seeAllUrl}>
          {t("admin.search.seeAll")}
          <VisuallyHidden> ({t(groupTitleKey(group.kind))})</VisuallyHidden>
        </Link>
      ) : null}
    </section>
  );
}

export default function SearchPage() {
  const { t } = useI18n();
  useDocumentTitle(t("admin.search.title"));
  const [params] = useSearchParams();
  const raw = params.get("q") ?? "";
  const account = params.get("account");
  const parsed = adminSearchInputSchema.safeParse({ q: raw, ...(account ? { account } : {}) });
  const search = trpc.admin.search.useQuery(parsed.success ? parsed.data : { q: "-" }, {
    enabled: parsed.success,
    retry: false,
  });
  const groups = search.data?.groups ?? [];
  const found = groups.some((group) => group.items.length > 0 || group.failed);
  return (
    <>
      <PageHeading
        title={t("admin.search.title")}
        description={parsed.success ? t("admin.search.resultsFor", { query: parsed.data.q }) : undefined}
      />
      <ConsoleSearch initialQuery={raw} />
      {!parsed.success ? (
        raw.trim() === "" ? (
          <p>{t("admin.search.prompt")}</p>
        ) : (
          <Alert tone="warning">{t("admin.search.tooLong")}</Alert>
        )
      ) : search.isPending ? (
        <LoadingState label={t("admin.search.loading")} />
      ) : search.isError ? (
        <QueryErrorState title={t("admin.search.failed")} query={search} />
      ) : !found ? (
        <EmptyState title={t("admin.search.empty")} description={t("admin.search.emptyHint")} />
      ) : (
        <div className="console-search-groups" aria-busy={search.isFetching}>
          {groups.map((group) => (
            <ResultGroup key={group.kind} group={group} />
          ))}
        </div>
      )}
    </>
  );
}
