// /admin/store-orders/guests: the shop's buyers who never made an account, by e-mail, with how many orders they placed,
// what they paid in all and their last order; each links to their orders. Pages by keyset ("load more").
import { Card, Money, PageHeading, Pagination } from "@cobro/ui";
import { keepPreviousData } from "@tanstack/react-query";
import { Link } from "react-router";
import { useI18n } from "../../../i18n/i18n-context";
import { QueryList } from "../../../shared/components/query-list";
import { useDocumentTitle } from "../../../shared/components/use-document-title";
import { trpc } from "../../../trpc";

export function GuestsPage() {
  const { t, formatDate, moneyLocaleFor } = useI18n();
  useDocumentTitle(t("admin.storeOrders.guests.title"));
  const guests = trpc.admin.storeOrders.guests.useInfiniteQuery(
    { limit: 25 },
    { getNextPageParam: (page) => page.nextCursor ?? undefined, placeholderData: keepPreviousData },
  );
  return (
    <>
      <p>
        <Link to="/admin/store-orders">{t("admin.storeOrders.back")}</Link>
      </p>
      <PageHeading
        title={t("admin.storeOrders.guests.title")}
        description={t("admin.storeOrders.guests.description")}
      />
      <Card>
        <QueryList
          query={guests}
          items={guests.data?.pages.flatMap((page) => page.items)}
          failed={guests.isError && !guests.data}
          loadingLabel={t("admin.storeOrders.loading")}
          failedTitle={t("admin.storeOrders.failed")}
          empty={{ title: t("admin.storeOrders.guests.empty"), description: t("admin.storeOrders.empty.text") }}
        >
          {(rows) => (
            <>
              <div className="ui-table-wrap">
                <table className="ui-table admin-table" aria-label={t("admin.storeOrders.guests.title")}>
                  <thead>
                    <tr>
                      <th scope="col">{t("admin.storeOrders.col.payer")}</th>
                      <th scope="col" className="num">
                        {t("admin.storeOrders.buyer.orders")}
                      </th>
                      <th scope="col" className="num">
                        {t("admin.storeOrders.buyer.lifetimeValue")}
                      </th>
                      <th scope="col">{t("admin.storeOrders.buyer.lastOrder")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((guest) => (
                      <tr key={guest.email}>
                        <th scope="row">
                          <Link to={`/admin/store-orders?email=${encodeURIComponent(guest.email)}`}>{guest.email}</Link>
                        </th>
                        <td className="num">{guest.orderCount}</td>
                        <td className="num">
                          <Money {...guest.lifetimeValue} locale={moneyLocaleFor(guest.lifetimeValue.currency)} />
                        </td>
                        <td>{formatDate(guest.lastOrderAt, "dateTime")}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Pagination
                hasMore={guests.hasNextPage}
                loading={guests.isFetchingNextPage}
                onLoadMore={() => void guests.fetchNextPage()}
                loadMoreLabel={t("common.loadMore")}
                loadingLabel={t("common.loadingMore")}
                status={t("admin.common.showing", { count: rows.length })}
                endLabel={t("common.endOfList")}
              />
              {guests.isFetchNextPageError ? <p role="alert">{t("admin.loadMoreFailed")}</p> : null}
            </>
          )}
        </QueryList>
      </Card>
    </>
  );
}
