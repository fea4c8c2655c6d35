import { ErrorState, PageHeading, Pagination } from "@cobro/ui";
import { Link } from "react-router";
import { useI18n } from "../../i18n/i18n-context";
import { QueryList } from "../../shared/components/query-list";
import { useDocumentTitle } from "../../shared/components/use-document-title";
import { describeError } from "../../shared/errors/describe-error";
import { trpc } from "../../trpc";
import { AddToCartButton } from "./add-to-cart-button";
import { Price } from "./price";
import { ProductImage } from "./product-image";

/** Products per "page" of the catalog. */
export const CATALOG_PAGE_SIZE = 12;

/** The products whose pictures load at once: the first row on a wide screen (four columns of 15rem). */
export const EAGER_IMAGES = 4;

/** `/`: the catalog, a page at a time ("load more"). */
export function StorefrontPage() {
  const { t, tPlural, language } = useI18n();
  useDocumentTitle(t("page.store.title"));
  const catalog = trpc.catalog.list.useInfiniteQuery(
    // The language is part of the query: switching it fetches the texts in the new one.
    { limit: CATALOG_PAGE_SIZE, language },
    { getNextPageParam: (page) => page.nextCursor ?? undefined },
  );
  const heading = <PageHeading title={t("page.store.title")} description={t("page.store.description")} />;

  return (
    <>
      {heading}
      <QueryList
        query={catalog}
        items={catalog.data?.pages.flatMap((page) => page.items)}
        // A failed "load more" keeps the pages already shown (the query is in error but still has data).
        failed={catalog.isError && !catalog.isFetchNextPageError}
        loadingLabel={t("store.loading")}
        failedTitle={t("store.failed")}
        empty={{ title: t("store.empty.title"), description: t("store.empty.text") }}
      >
        {(products) => (
          <>
            <ul className="ui-product-grid">
              {products.map((product, index) => (
                <li key={product.id} className="ui-product-card">
                  <ProductImage product={product} eager={index < EAGER_IMAGES} />
                  <h2 className="ui-product-card__name">
                    <Link to={`/products/${encodeURIComponent(product.slug)}`}>{product.name}</Link>
                  </h2>
                  <p className="ui-product-card__price">
                    <Price money={product.price} />
                  </p>
                  <p className="ui-product-card__description">{product.description}</p>
                  <AddToCartButton product={product} block />
                </li>
              ))}
            </ul>
            {catalog.isFetchNextPageError ? (
              <ErrorState
                title={t("store.moreFailed")}
                message={describeError(catalog.error, { t, language }).message}
                onRetry={() => void catalog.fetchNextPage()}
                retryLabel={t("common.retry")}
              />
            ) : null}
            <Pagination
              hasMore={catalog.hasNextPage}
              loading={catalog.isFetchingNextPage}
              onLoadMore={() => void catalog.fetchNextPage()}
              loadMoreLabel={t("common.loadMore")}
              loadingLabel={t("common.loadingMore")}
              status={tPlural({ one: "store.showing.one", other: "store.showing.other" }, products.length)}
              endLabel={t("common.endOfList")}
            />
          </>
        )}
      </QueryList>
    </>
  );
}
