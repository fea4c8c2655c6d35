// /admin/catalog: every product, active or not, newest first. Viewers and
// operators read it; admins also create, edit and deactivate (the buttons are
// not rendered for others, and the server refuses them anyway).
import { type AdminProduct, currencySchema, hasRoleAtLeast } from "@cobro/contracts";
import { Alert, Button, ConfirmDialog, Money, PageHeading, Pagination, StatusBadge } from "@cobro/ui";
import { Truncate } from "@cobro/ui/admin";
import { useState } from "react";
import { useI18n } from "../../../i18n/i18n-context";
import { useCurrentUser } from "../../../shared/components/app-layout";
import { useDocumentTitle } from "../../../shared/components/use-document-title";
import { describeError } from "../../../shared/errors/describe-error";
import { trpc } from "../../../trpc";
import { type AdminColumn, AdminTable } from "../../components/admin-table";
import { OutcomeAlert, useOutcome } from "../admin-outcome";
import { ReadOnlyNotice } from "../read-only-notice";
import { ProductForm } from "./product-form";

const PAGE_SIZE = 20;

type Editing = { kind: "new" } | { kind: "edit"; product: AdminProduct } | null;

export function CatalogPage() {
  const { t, language } = useI18n();
  useDocumentTitle(t("admin.catalog.title"));
  const { user } = useCurrentUser();
  const canEdit = user !== null && hasRoleAtLeast(user.role, "admin");
  const products = trpc.admin.catalog.list.useInfiniteQuery(
    { limit: PAGE_SIZE },
    { getNextPageParam: (page) => page.nextCursor ?? undefined },
  );
  const config = trpc.system.publicConfig.useQuery(undefined, { staleTime: 10 * 60_000 });
  const storeCurrency = currencySchema.safeParse(config.data?.currency).data ?? "ARS";
  const utils = trpc.useUtils();
  const { outcome, succeeded, failed, clear } = useOutcome();
  const [editing, setEditing] = useState<Editing>(null);
  const [deactivating, setDeactivating] = useState<AdminProduct | null>(null);
  const deactivate = trpc.admin.catalog.deactivate.useMutation();

  const confirmDeactivate = async () => {
    if (!deactivating) return;
    try {
      await deactivate.mutateAsync({ id: deactivating.id });
      succeeded(t("admin.catalog.deactivated", { title: deactivating.title }));
    } catch (error) {
      failed(error);
    } finally {
      setDeactivating(null);
      await utils.admin.catalog.list.invalidate();
    }
  };

  const columns: AdminColumn<AdminProduct>[] = [
    {
      id: "title",
      header: t("admin.catalog.colTitle"),
      rowHeader: true,
      cell: (product) => <Truncate text={product.title} className="admin-cell-title" />,
    },
    {
      id: "slug",
      header: t("admin.catalog.colSlug"),
      kind: "id",
      cell: (product) => <Truncate text={product.slug} />,
    },
    {
      id: "price",
      header: t("admin.catalog.colPrice"),
      kind: "num",
      cell: (product) => <Money amountMinor={product.priceMinor} currency={product.currency} locale={language} />,
    },
    {
      id: "status",
      header: t("admin.catalog.colStatus"),
      cell: (product) => (
        <StatusBadge tone={product.active ? "success" : "neutral"}>
          {product.active ? t("admin.catalog.active") : t("admin.catalog.inactive")}
        </StatusBadge>
      ),
    },
    ...(canEdit
      ? [
          {
            id: "actions",
            header: t("admin.common.actions"),
            cell: (product: AdminProduct) => (
              <div className="admin-row-actions">
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={t("admin.catalog.editNamed", { title: product.title })}
                  onClick={() => setEditing({ kind: "edit", product })}
                >
                  {t("admin.catalog.edit")}
                </Button>
                {product.active ? (
                  <Button size="sm" variant="danger" onClick={() => setDeactivating(product)}>
                    {t("admin.catalog.deactivate")}
                  </Button>
                ) : null}
              </div>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <PageHeading
        title={t("admin.catalog.title")}
        actions={
          canEdit && editing === null ? (
            <Button onClick={() => setEditing({ kind: "new" })}>{t("admin.catalog.new")}</Button>
          ) : undefined
        }
      />
      <ReadOnlyNotice needs="admin" />
      <OutcomeAlert outcome={outcome} onDismiss={clear} />
      {canEdit && editing !== null ? (
        <ProductForm
          key={editing.kind === "edit" ? editing.product.id : "new"}
          product={editing.kind === "edit" ? editing.product : null}
          storeCurrency={storeCurrency}
          onCancel={() => setEditing(null)}
          onSaved={(saved, created) => {
            setEditing(null);
            succeeded(created ? t("admin.catalog.created") : t("admin.catalog.updated"));
            void utils.admin.catalog.list.invalidate();
            void saved;
          }}
        />
      ) : null}
      <AdminTable
        label={t("admin.catalog.title")}
        query={products}
        items={products.data?.pages.flatMap((page) => page.items)}
        failed={products.isError && !products.data}
        loadingLabel={t("admin.catalog.loading")}
        failedTitle={t("admin.catalog.failed")}
        empty={{ title: t("admin.catalog.empty"), description: t("admin.catalog.emptyHint") }}
        busy={products.isFetching}
        columns={columns}
        rowKey={(product) => product.id}
        after={(items) => (
          <>
            {products.isFetchNextPageError ? (
              <Alert tone="danger">{describeError(products.error, { t, language }).message}</Alert>
            ) : null}
            <Pagination
              hasMore={products.hasNextPage}
              loading={products.isFetchingNextPage}
              onLoadMore={() => void products.fetchNextPage()}
              loadMoreLabel={t("common.loadMore")}
              loadingLabel={t("common.loadingMore")}
              status={t("admin.common.showing", { count: items.length })}
              endLabel={t("common.endOfList")}
            />
          </>
        )}
      />
      <ConfirmDialog
        open={deactivating !== null}
        title={t("admin.catalog.confirmDeactivateTitle", { title: deactivating?.title ?? "" })}
        confirmLabel={t("admin.catalog.deactivate")}
        cancelLabel={t("common.cancel")}
        busy={deactivate.isPending}
        busyLabel={t("admin.common.working")}
        onConfirm={() => void confirmDeactivate()}
        onCancel={() => setDeactivating(null)}
      >
        {t("admin.catalog.confirmDeactivateBody")}
      </ConfirmDialog>
    </>
  );
}

export default CatalogPage;
