// /admin/links: the account's payment links as the provider's search returns them (newest first, offset paging),
// the ones made in Cobro marked with their title. The filter and the page live in the URL; a reload keeps the
// previous rows on screen instead of blocking the page.
import { type LinkListItem, linkListInputSchema } from "@cobro/contracts";
import { Alert, Button, PageHeading, StatusBadge, TextField } from "@cobro/ui";
import { keepPreviousData } from "@tanstack/react-query";
import type { FormEvent } from "react";
import { Link } from "react-router";
import { QueryList } from "../../../components/query-list";
import { useI18n } from "../../../i18n/i18n-context";
import { trpc } from "../../../trpc";
import { AccountFilter } from "../../components/account-filter";
import { accountScopeInput, accountScopeSearch } from "../../components/account-scope";
import { ListPager } from "../../components/list-pager";
import { ReadOnlyNotice } from "../read-only-notice";
import { useCanAct } from "../use-can-act";
import { useUrlFilters } from "../use-url-filters";

const PAGE_SIZE = 20;
const FILTER_KEYS = ["ref", "account", "offset"] as const;

export function ExpiryText({ item }: { item: Pick<LinkListItem, "expiresFrom" | "expiresTo"> }) {
  const { t, formatDate } = useI18n();
  const parts: string[] = [];
  if (item.expiresFrom) parts.push(t("admin.links.from", { date: formatDate(item.expiresFrom, "dateTime") }));
  if (item.expiresTo) parts.push(t("admin.links.until", { date: formatDate(item.expiresTo, "dateTime") }));
  return <>{parts.length > 0 ? parts.join(" ") : t("admin.links.always")}</>;
}

export function LinkStateBadge({ expired }: { expired: boolean }) {
  const { t } = useI18n();
  return expired ? (
    <StatusBadge tone="neutral">{t("admin.links.state.expired")}</StatusBadge>
  ) : (
    <StatusBadge tone="success">{t("admin.links.state.active")}</StatusBadge>
  );
}

export function LinksListPage() {
  const { t, formatDate } = useI18n();
  const canCreate = useCanAct("operator");
  const [filters, setFilters] = useUrlFilters(FILTER_KEYS);
  const parsedOffset = Number(filters.offset ?? "0");
  const input = linkListInputSchema.safeParse({
    ...(filters.ref ? { externalReference: filters.ref } : {}),
    ...accountScopeInput(filters.account),
    offset: Number.isSafeInteger(parsedOffset) && parsedOffset >= 0 ? parsedOffset : 0,
    limit: PAGE_SIZE,
  });
  const query = input.success ? input.data : { offset: 0, limit: PAGE_SIZE };
  const list = trpc.admin.links.list.useQuery(query, { placeholderData: keepPreviousData });
  const page = list.data;

  const applyFilter = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === "string" ? value : "";
    };
    setFilters({ ref: text("ref"), account: accountScopeInput(text("account")).account ?? "" });
  };
  const goTo = (offset: number) => setFilters({ ...filters, offset: offset > 0 ? String(offset) : "" });

  return (
    <section>
      <PageHeading
        title={t("admin.links.title")}
        actions={
          // A new link is made on the store's own account: not offered while a seller's links are on show.
          canCreate && !accountScopeInput(filters.account).account ? (
            <Link className="ui-button ui-button--primary" to="/admin/links/new">
              {t("admin.links.new")}
            </Link>
          ) : null
        }
      />
      <ReadOnlyNotice />
      <form
        key={`${filters.ref ?? ""}|${filters.account ?? ""}`}
        className="admin-filters"
        onSubmit={applyFilter}
        aria-label={t("admin.links.filters")}
      >
        <TextField
          id="links-filter-ref"
          label={t("admin.links.filter.reference")}
          name="ref"
          defaultValue={filters.ref ?? ""}
          maxLength={256}
        />
        <AccountFilter defaultValue={filters.account} providerSearch />
        <Button type="submit">{t("admin.links.filter.apply")}</Button>
        <Link to="/admin/links">{t("admin.links.filter.clear")}</Link>
      </form>
      {!input.success ? <Alert tone="warning">{t("admin.links.fixErrors")}</Alert> : null}

      <QueryList
        query={list}
        items={page?.items}
        failed={list.isError && !page}
        loadingLabel={t("common.loading")}
        failedTitle={t("admin.links.loadFailed")}
        empty={{ title: t("admin.links.empty") }}
      >
        {(rows) => (
          <>
            {list.isError ? <Alert tone="danger">{t("admin.links.loadFailed")}</Alert> : null}
            <div className="admin-table-wrap" aria-busy={list.isFetching}>
              <table className="admin-table" aria-label={t("admin.links.title")}>
                <thead>
                  <tr>
                    <th scope="col">{t("admin.links.col.link")}</th>
                    <th scope="col">{t("admin.links.col.created")}</th>
                    <th scope="col">{t("admin.links.detail.status")}</th>
                    <th scope="col">{t("admin.links.col.expiry")}</th>
                    <th scope="col">{t("admin.links.col.reference")}</th>
                    <th scope="col">{t("admin.links.col.payer")}</th>
                    <th scope="col">{t("admin.links.col.origin")}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((item) => (
                    <tr key={item.preferenceId} data-preference-id={item.preferenceId}>
                      <td>
                        <Link
                          to={`/admin/links/${encodeURIComponent(item.preferenceId)}${accountScopeSearch(filters.account)}`}
                        >
                          {item.console?.title ?? t("admin.links.untitled", { id: item.preferenceId })}
                        </Link>
                      </td>
                      <td>{item.createdAt ? formatDate(item.createdAt, "dateTime") : "—"}</td>
                      <td>
                        <LinkStateBadge expired={item.expired} />
                      </td>
                      <td>
                        <ExpiryText item={item} />
                      </td>
                      <td>{item.externalReference ?? ""}</td>
                      <td>{item.payerEmail ?? ""}</td>
                      <td>{item.console ? t("admin.links.origin.console") : t("admin.links.origin.elsewhere")}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {page ? (
              <ListPager
                offset={page.offset}
                shown={rows.length}
                total={page.total}
                pageSize={PAGE_SIZE}
                busy={list.isFetching}
                onGo={goTo}
              />
            ) : null}
          </>
        )}
      </QueryList>
    </section>
  );
}
